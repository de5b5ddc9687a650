import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Threads told by their items' shape (issue 21) through the built `distill parse`, with class
// names that say nothing (hashed):
//  - reply-pair: a short news story above only two comments, each a signature line (a name and
//    a date) over its text and a reply link; two such items are a thread as three are, and go;
//  - opening-post: a forum thread with no article: its opening post, drawn as the replies are
//    (signature line, reply link), stands above the list of replies; the replies answer it and
//    are the page's content, so they stay beside it.

const DIR = resolve(ROOT, 'fixtures/html-comments');

beforeAll(() => requireBuilt());

describe('distill parse: threads told by their items shape', { timeout: 120_000 }, () => {
  it('drops a thread of two comments under a short story (reply-pair)', async () => {
    const r = await distill(['parse', resolve(DIR, 'reply-pair.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# Ferry fares rise in spring', 'single fares on the island ferry', 'review the whole fare'],
      ['Islanders who cross', 'A season ticket for residents', 'Reply'],
    );
  });

  it('keeps the replies under a forum post drawn as they are (opening-post)', async () => {
    const r = await distill(['parse', resolve(DIR, 'opening-post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [
      '# Boiler pressure drops overnight',
      'Every morning the pressure gauge',
      'Check the pressure relief pipe',
      'pinhole leak',
      'fresh water brings in oxygen',
    ]);
  });
});
