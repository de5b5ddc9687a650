import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The code-inside rule of the main-content filter (issue 21, code-block.ts) through the built
// `distill parse`: a syntax highlighter names a code block's own comments `hljs-comment`, which
// the pruning read as a comment widget and removed line by line (WCXB dev 0437, a git cheat
// sheet whose every "# what this does" line went). What a code block holds stays whole; the
// page's reader comments below the post still go.

const DIR = resolve(ROOT, 'fixtures/html-code-blocks');

beforeAll(() => requireBuilt());

describe('distill parse: comments inside a highlighted code block', { timeout: 120_000 }, () => {
  it('keeps the code comments and drops the reader comments', async () => {
    const r = await distill(['parse', resolve(DIR, 'highlighted-comments.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# start a branch for the change',
        '# see what is staged and what is not',
        '# merge the branch back once it is reviewed',
        'git checkout -b fix-typo',
        'delete the branch so the list stays short',
      ],
      ['Great post!', '3 comments'],
    );
  });
});
