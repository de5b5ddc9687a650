import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The named-thread rule of the main-content filter (issue 21) through the built `distill parse`:
// a short post (two paragraphs) above a longer WordPress-style comment list whose items are
// signed (author), dated, have a reply link and name themselves comments (`li.comment`,
// `comment-101`). The comments are the readers', not the post, however much longer they run;
// the same page declared a forum thread (schema.org DiscussionForumPosting) keeps its replies.

const DIR = resolve(ROOT, 'fixtures/html-comments');

const POST = [
  '# Editor performance on the 5K screen, solved',
  'Three readers sent me',
  'scaled low-resolution mode',
];
const COMMENTS = ['you do not need SwitchResX', 'feels odd to buy', 'all-in-one model', 'two 5K displays'];

beforeAll(() => requireBuilt());

describe('distill parse: reader comments under a short post', { timeout: 120_000 }, () => {
  it('keeps the post and drops the signed, dated, named comments', async () => {
    const r = await distill(['parse', resolve(DIR, 'short-post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, POST, COMMENTS);
  });

  it('keeps the replies on a page that declares a forum thread', async () => {
    const r = await distill(['parse', resolve(DIR, 'forum-thread.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [...POST, ...COMMENTS]);
  });
});
