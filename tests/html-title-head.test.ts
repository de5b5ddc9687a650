import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The title-above rule of the main-content filter (issue 21) through the built `distill parse`:
// a story whose h1 stands in a header above its body, with a subtitle, a linked picture and a
// linked picture credit between them. The credit is a link line, which ends the article's
// extension upwards; the title above it still heads the content. The same page under an h1
// that names the site (the last part of its <title>) keeps no h1.

const DIR = resolve(ROOT, 'fixtures/html-article-head');
const BODY = [
  'If so, rest assured',
  'Ten to twelve months before the day',
  'This is also the time to book the band',
];

beforeAll(() => requireBuilt());

describe('distill parse: the article title above a picture credit', { timeout: 120_000 }, () => {
  it('keeps the story h1 and its subtitle, drops the credit line', async () => {
    const r = await distill(['parse', resolve(DIR, 'title-above-credit.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith('# Wedding checklist: a printable to-do timeline\n')).toBe(true);
    expect(r.stdout).toContain('## Has that engaged feeling');
    expectKeptGone(r.stdout, BODY);
    expect(r.stdout).not.toContain('Nantahala');
  });

  it('keeps no h1 that names the site', async () => {
    const r = await distill(['parse', resolve(DIR, 'site-name-h1.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, BODY);
    expect(r.stdout).not.toContain('Here Comes The Guide');
  });
});

// The empty-h1 rule (session 12): a template's empty `<h1></h1>` beside the picture above the
// story is no title; the page's own h1 (its <title> and og:title) in the header before it still
// heads the content. The "More news" list beside the story stays out.
describe('distill parse: the title h1 past an empty h1', { timeout: 120_000 }, () => {
  it('keeps the title h1 and the story, not the empty h1 or the teasers', async () => {
    const r = await distill(['parse', resolve(DIR, 'empty-h1.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith('# Ferry service to the north islands resumes after two years\n')).toBe(true);
    expectKeptGone(
      r.stdout,
      ['Today the harbour board', 'three crossings a day'],
      ['Quay repairs finished', 'More news'],
    );
    expect(r.stdout).not.toMatch(/^#\s*$/m);
  });
});
