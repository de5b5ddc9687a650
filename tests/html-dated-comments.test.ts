import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The dated-comment rule of the main-content filter (issue 21) through the built `distill
// parse`: a short German blog post above a longer comment list whose items name themselves
// comments (`comment-9257`) and are signed (`<cite>`) but dated only in their signature's
// digits ("17.07, 2011 @ 13:04", a link to the comment itself), with no date class, no `time`
// element and no reply link. The comments go whatever their language. The same list with
// items not named comments (a page's testimonials, also signed and dated) stays.

const DIR = resolve(ROOT, 'fixtures/html-comments');

const POST = ['Das Netzwerk hat mehrfach die Profile', 'Die Regelung wirkt auf den ersten Blick eindeutig'];
const COMMENTS = [
  'Also im Klartext',
  'Wenn das mit den Klarnamen',
  'woran sie das festmachen',
  'Kommentar von',
];

beforeAll(() => requireBuilt());

describe('distill parse: comments dated only by their signature digits', { timeout: 120_000 }, () => {
  it('keeps the short post and drops the named, signed, dated comments', async () => {
    const r = await distill(['parse', resolve(DIR, 'dated-signatures.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, POST, COMMENTS);
  });

  it('keeps signed, dated items that do not name themselves comments', async () => {
    const r = await distill(['parse', resolve(DIR, 'dated-testimonials.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [...POST, ...COMMENTS]);
  });
});
