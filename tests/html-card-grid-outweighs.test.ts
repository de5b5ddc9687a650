import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The card-grid rule when the grid outweighs the story (issue 21's "you may also like chosen
// over the post") through the built `distill parse`: a story of four paragraphs, then eight cards
// for other stories (a linked image, a linked title in a plain div, a teaser of two whole
// sentences, a date), hashed class names, no heading element and no "…" in the cards. The grid
// holds more prose than the story and so is a major part of the page; its shape and its place
// after the story's run of paragraphs still make it teasers: the grid goes, the story stays.

const FILE = resolve(ROOT, 'fixtures/html-teasers/card-grid-outweighs.html');

beforeAll(() => requireBuilt());

describe('distill parse: a teaser grid bigger than the story before it', { timeout: 120_000 }, () => {
  it('keeps the story and drops the cards', async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Tram line to the airport gets its route',
        'The city council chose on Monday',
        'before the whole line opens.',
      ],
      ['New bike lanes', 'Fewer buses will run', 'Cable car over the harbour', 'The harbour board backed'],
    );
  });
});
