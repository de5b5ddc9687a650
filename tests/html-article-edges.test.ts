import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The article's edges in the main-content filter (issue 21) through the built `distill parse`.
// A share bar set beside a dateline that stands after the story's first paragraph is the
// story's own control: it goes, and it no longer cuts the first paragraph, the standfirst and
// the H1 off the story (the extension upwards used to stop at it as at any link line). The
// writer's box that closes a story, a portrait whose alt text is the name on the line under
// it and a short bio, goes with the rule that sets it off; found by that pairing, without a
// class name or a label.

const DIR = resolve(ROOT, 'fixtures/html-article-edges');

beforeAll(() => requireBuilt());

describe('distill parse: the edges of an article', { timeout: 120_000 }, () => {
  it('keeps the title, the standfirst and the first paragraph above a share bar beside the dateline', async () => {
    const r = await distill(['parse', resolve(DIR, 'share-beside-dateline.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Harbour ferry fares to rise in spring',
        'The operator says fuel and crew costs',
        'Ferry tickets across the harbour will cost a fifth more from April.',
        'A consultation on the timetable',
      ],
      ['Jane Moss', '4 min', 'Facebook'],
    );
  });

  it("drops the writer's box that closes the story", async () => {
    const r = await distill(['parse', resolve(DIR, 'closing-author-box.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Why the old orchard is worth saving',
        'The orchard behind the village school',
        'The first pruning day',
      ],
      ['Ruth Hale', 'Gardener and writer', 'Ruth writes about orchards', '---'],
    );
  });
});
