import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The card-grid rule of the main-content filter (issue 21) through the built `distill parse`:
// inside the story's own wrapper, after its run of paragraphs, a grid of three cards for other
// stories (an image link, a linked headline, a whole teaser sentence, a date), with hashed class
// names and no "…" to say what they are. Their shape and their place after the body do: the
// grid goes, the story stays. A listing made of such cards keeps them (tests/html-teaser-cards).

const FILE = resolve(ROOT, 'fixtures/html-teasers/card-grid.html');

beforeAll(() => requireBuilt());

describe('distill parse: a grid of teaser cards after the story', { timeout: 120_000 }, () => {
  it('keeps the story and drops the cards', async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Tram line to the airport gets its route',
        'The city council chose on Monday',
        'first trams running between the station',
      ],
      ['New bike lanes', 'Fewer buses will run', 'Parking fees in the old town'],
    );
  });
});
