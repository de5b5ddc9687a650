import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The reply-units rule of the main-content filter (issue 21) through the built `distill parse`:
// a short German news story above a longer list of reader comments whose markup names nothing
// (hashed classes, no author or date class, no `time`, no `cite`). Each comment opens with a
// signature line (a name and a date) and carries a reply link: that shape makes it a comment,
// and the thread goes although it outweighs the story. The same list without reply controls
// (signed quotes, testimonials) is left to the page.

const DIR = resolve(ROOT, 'fixtures/html-comments');

const STORY = [
  'Neue Wohnungen am Fluss werden teurer als geplant',
  'Der Stadtrat hat am Dienstag bestätigt',
  'Anwohner können ihre Einwände bis Ende des Monats',
];
const COMMENTS = [
  'Das war doch abzusehen',
  'Ich wohne direkt am Ufer',
  'Die Stadt sollte offenlegen',
  'Antworten',
];

beforeAll(() => requireBuilt());

describe('distill parse: comments told by their signature line and reply link', { timeout: 120_000 }, () => {
  it('keeps the short story and its title and drops the longer unnamed thread', async () => {
    const r = await distill(['parse', resolve(DIR, 'reply-units.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, STORY, COMMENTS);
  });

  it('keeps signed items without a reply control', async () => {
    const r = await distill(['parse', resolve(DIR, 'signed-no-reply.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [...STORY, ...COMMENTS.slice(0, 3)]);
  });
});
