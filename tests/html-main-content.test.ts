import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, requireBuilt } from './helpers/spawn.js';

// The main-content filter's article rules (issue 21) through the door a user opens: the built
// `distill parse` command on a news page with a byline, a short story, a trailing widget
// section, a comments heading and a long reader thread, and on a Q&A page whose replies stay.

let dir: string;

const para = (who: string, i: number) =>
  `<p>${who} paragraph ${i} of the story, long enough to read as real prose, with commas, clauses, and a point to make about the harbour works and the boats; it goes on for a while, and longer, before it ends.</p>`;
const paras = (who: string, n: number) => Array.from({ length: n }, (_, i) => para(who, i)).join('');

const story = `<!doctype html><html><head><title>North quay closes for repairs | Harbour News</title>
<meta property="og:type" content="article"></head><body>
<header><a href="/">Harbour News</a><nav><a href="/a">Local</a> <a href="/b">Sport</a></nav></header>
<main><h1>North quay closes for repairs</h1>
<div class="body"><p>By <a href="/staff/jane">Jane Doe</a></p><p>Published 3 March 2025</p>${paras('Story', 3)}
<h2>Neueste Artikel</h2><p><a href="/x">Fish market moves indoors</a></p><p><a href="/y">Ferry timetable changes</a></p>
<h3>3 Comments</h3></div>
<div id="comments">${paras('Reader', 12)}</div></main>
<footer>© Harbour News</footer></body></html>`;

const qa = `<!doctype html><html><head><title>Why does the quay flood?</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"QAPage"}</script></head><body>
<div class="question">${paras('Question', 6)}<h2>Comments</h2>${para('Answer', 0)}</div></body></html>`;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-html-main-'));
  writeFileSync(join(dir, 'story.html'), story);
  writeFileSync(join(dir, 'qa.html'), qa);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('distill parse: the article of a news page, not what stands around it', { timeout: 120_000 }, () => {
  it('keeps the title and the story; drops byline, widget section, comments heading and thread', async () => {
    const r = await distill(['parse', join(dir, 'story.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# North quay closes for repairs', 'Story paragraph 2 of the story'],
      ['Jane Doe', 'Published 3 March', 'Neueste Artikel', 'Fish market', '3 Comments', 'Reader paragraph'],
    );
  });

  it('keeps the replies under "Comments" on a page that declares a Q&A thread', async () => {
    const r = await distill(['parse', join(dir, 'qa.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Question paragraph 5');
    expect(r.stdout).toContain('Answer paragraph 0');
  });
});
