import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The profile-card rule of the main-content filter (issue 21, profile-cards.ts) through the
// built `distill parse`: a forum thread whose every post has its poster's card beside it (join
// date, message count, home country, each a `dl` pair, class names hashed) keeps the posts,
// their authors and dates, and drops the cards. A manual whose field lists repeat under every
// event ("signature: task-sent(…)") keeps them: they stand beside the sentences they belong to.

const DIR = resolve(ROOT, 'fixtures/html-profile-cards');

beforeAll(() => requireBuilt());

describe('distill parse: posters’ profile cards in a forum thread', { timeout: 120_000 }, () => {
  it('keeps the posts, names and dates, drops the cards', async () => {
    const r = await distill(['parse', resolve(DIR, 'forum-thread.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Starter stopped rising',
        'stopped rising after I moved it',
        'proper open crumb',
        'bake on Saturday',
        'breadhead',
        'Mar 15, 2024',
      ],
      ['Joined', 'Messages', 'Home Country', 'Nov 21, 2016', '3,870', 'Portugal'],
    );
  });

  it('keeps a manual’s field lists repeated under each section', async () => {
    const r = await distill(['parse', resolve(DIR, 'field-lists.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [
      'signature:',
      'task-sent(uuid',
      'task-failed(uuid',
      'Sent just before the worker',
    ]);
  });
});
