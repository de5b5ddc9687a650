import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The post-chrome rule of the main-content filter (issue 21, post-chrome.ts) through the built
// `distill parse`: a declared forum thread (JSON-LD DiscussionForumPosting) drawn as XenForo
// draws one keeps every post, its poster's name and its date, a one-line reply ("Same here.")
// included, and drops the lines the engine draws at the same place in every post: the
// poster's rank, the post's number, the Like / Quote / Reply bar and the reaction count.

const DIR = resolve(ROOT, 'fixtures/html-post-chrome');

beforeAll(() => requireBuilt());

describe('distill parse: a forum engine’s lines around each post', { timeout: 120_000 }, () => {
  it('keeps the posts, names and dates, drops ranks, post numbers, action bars and counts', async () => {
    const r = await distill(['parse', resolve(DIR, 'forum-thread.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Starter stopped rising',
        'stopped rising after I moved it',
        'recovers once the kitchen warms up',
        'Same here.',
        'bake on Saturday',
        'wakes the culture up',
        'breadhead',
        'lamination',
        'Mar 17, 2024',
      ],
      ['Senior Member', 'Well-known member', '#3', 'Quote', 'Reply', '/reactions'],
    );
  });
});
