import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The writer's box after the story (issue 21), told by its structure through the built `distill
// parse`: no class or heading names it (hashed class names, no "About the author"), but it holds
// a picture, opens with the writer's name linked to the writer's page on the site, and stands
// after the story's paragraphs. Its bio runs long enough to pass for one of the story's
// paragraphs, so the trimming of the article's edges alone keeps it.

const FILE = resolve(ROOT, 'fixtures/html-author-box/bio-after-story.html');

beforeAll(() => requireBuilt());

describe('distill parse: an unnamed author box after the story', { timeout: 120_000 }, () => {
  it('drops the box and keeps the story above it', async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# River homes plan runs over budget',
        'The council said on Tuesday',
        'A second meeting is planned for next month',
      ],
      ['Jane Doe', 'has covered housing', 'LinkedIn'],
    );
  });
});
