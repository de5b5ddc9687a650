import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// A "Related Articles" box set inside a story past most of its prose, the story going on under
// it (issue 21, story-resumes.ts), through the built `distill parse`, on a page whose class names
// say nothing: the box's heading, links and thumbnails go and the rest of the story stays (it
// used to end at the heading). A box at the story's end whose one teaser has a long excerpt
// still ends it.

const DIR = resolve(ROOT, 'fixtures/html-story-resumes');

beforeAll(() => requireBuilt());

describe('distill parse: a related box inside the story', { timeout: 120_000 }, () => {
  it('drops the box and keeps the story that goes on under it', async () => {
    const r = await distill(['parse', resolve(DIR, 'related-box-mid-story.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# How the tide mill works',
        'most of it raised in the town',
        'The mill is not only a museum piece.',
        'The miller is a volunteer too.',
        '## Open on spring tides',
        'explains how the grain is ground.',
      ],
      [
        'Related Articles',
        'The windmills of the coast',
        'carried the county',
        'salt pans',
        '/img/w1.jpg',
        'Privacy',
      ],
    );
  });

  it('still ends the story at a box holding one teaser and its excerpt', async () => {
    const r = await distill(['parse', resolve(DIR, 'related-box-story-end.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# The tide mill turns again', 'most of it raised in the town'],
      ['Related Articles', 'Lighthouse keepers', 'keepers of the lighthouse'],
    );
  });
});
