import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The teaser-emphasis rule of the main-content filter (issue 21) through the built `distill
// parse`: a line pointing to another story (a short label ending in a colon, then one title-like
// link) set in bold or italics from end to end, between the story's paragraphs, goes; the
// source the story cites in the same shape ("*Source: [Survey](…)*") and its prose stay.

const DIR = resolve(ROOT, 'fixtures/html-teasers');

beforeAll(() => requireBuilt());

describe('distill parse: teaser lines set in bold or italics', { timeout: 120_000 }, () => {
  it('drops the emphasised teasers and keeps the story and its cited source', async () => {
    const r = await distill(['parse', resolve(DIR, 'emphasised-teasers.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Harbour ferry fares rise in March',
        'the first rise in six years',
        'Commuters',
        'Harbour Authority annual passenger survey 2022',
        'before printing the new tickets',
      ],
      ['Lea más', 'Two new ferries ordered', 'From our archive', 'Repairs to the old pier will take'],
    );
  });
});
