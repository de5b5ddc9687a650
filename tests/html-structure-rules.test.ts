import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, requireBuilt } from './helpers/spawn.js';

// The main-content filter's structural rules (issue 21) through the door a user opens: the built
// `distill parse` command on a blog post whose related-posts list has no heading, class or id
// that names it, only its shape (every item a linked title and a line of excerpt), and inside
// whose story a "Label: [other story]" line stands. A list of sources inside the story stays.

let dir: string;

const para = (i: number) =>
  `<p>Story paragraph ${i}, long enough to read as real prose, with commas, clauses, and a point to make about the harbour works and the boats; it goes on for a while, and longer, before it ends.</p>`;

const related = [
  'Fish market moves indoors for the winter',
  'Ferry timetable changes from May',
  'Lighthouse keeper retires after forty years',
]
  .map(
    (t, i) =>
      `<li><a href="/2025/03/story-${i}">${t}</a><p>A short excerpt of that other story, a line or two to tempt a reader into clicking through to it, and then some more words so it reads like prose.</p></li>`,
  )
  .join('');

const sources = [
  'Port authority annual report 2024',
  'Council minutes of the harbour board',
  'Survey of the north quay walls',
]
  .map((t, i) => `<li><a href="/docs/${i}">${t}</a>, the document the figures above are taken from.</li>`)
  .join('');

const page = `<!doctype html><html><head><title>North quay closes for repairs</title></head><body>
<div id="page"><div class="c1">
<h1>North quay closes for repairs</h1>
${para(0)}${para(1)}
<p><strong>Read this too: <a href="/2025/02/quay-history">The history of the north quay in ten pictures</a></strong></p>
${para(2)}<p>The figures come from:</p><ul>${sources}</ul>${para(3)}${para(4)}
<ul class="c2">${related}</ul>
</div></div></body></html>`;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-html-structure-'));
  writeFileSync(join(dir, 'post.html'), page);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('distill parse: related content told by its structure', { timeout: 120_000 }, () => {
  it('keeps the story and its list of sources; drops the trailing related list and the teaser line', async () => {
    const r = await distill(['parse', join(dir, 'post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('# North quay closes for repairs');
    expect(r.stdout).toContain('Story paragraph 0');
    expect(r.stdout).toContain('Story paragraph 4');
    expect(r.stdout).toContain('Port authority annual report 2024');
    expect(r.stdout).toContain('Survey of the north quay walls');
    for (const gone of [
      'Fish market moves indoors',
      'Lighthouse keeper retires',
      'excerpt of that other story',
      'The history of the north quay',
    ])
      expect(r.stdout, gone).not.toContain(gone);
  });

  it('keeps a page that is only such a list: a listing is its content', async () => {
    const listing = `<!doctype html><html><head><title>Archive</title></head><body><div><h1>Archive</h1><ul>${related}</ul></div></body></html>`;
    writeFileSync(join(dir, 'archive.html'), listing);
    const r = await distill(['parse', join(dir, 'archive.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Fish market moves indoors');
    expect(r.stdout).toContain('Lighthouse keeper retires');
  });
});
