import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, requireBuilt } from './helpers/spawn.js';

// Lines that point to other stories inside a story ("**Lea más: [Other story](…)**", "Read
// this too: …") through the built `distill parse`. Session 11's `inline-teaser` rule dropped
// them by their shape; session 12 dropped the rule (it cost WCXB dev fold b .00003: that truth
// keeps such lines in some guides), so as plain paragraphs they stay (a bold label alone keeps
// the line plain), beside the story's sources and a sentence that links a report. The same line
// set as a subheading or alone in a quote box goes (`teaser-box`, tests/html-teaser-boxes.test.ts),
// and since session 19 so does one set in bold or italics end to end (`teaser-emphasis`,
// tests/html-emphasised-teasers.test.ts).

let dir: string;

const para = (i: number) =>
  `<p>Story paragraph ${i}, long enough to read as real prose, with commas, clauses, and a point to make about the harbour works and the boats; it goes on for a while, and longer, before it ends.</p>`;

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
${para(2)}<p>The figures come from:</p><ul>${sources}</ul>
<p><b>Lea más:</b> <a href="/es/2025/03/muelle">El muelle norte cierra por obras hasta mayo</a></p>
${para(3)}<p>Read the <a href="/r">full council report on the quay</a> for the costs.</p>${para(4)}
</div></div></body></html>`;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-html-structure-'));
  writeFileSync(join(dir, 'post.html'), page);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('distill parse: lines pointing to other stories told by their shape', { timeout: 120_000 }, () => {
  it('keeps the story, its sources, a linked sentence and the plain teaser line; drops the emphasised one', async () => {
    const r = await distill(['parse', join(dir, 'post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('# North quay closes for repairs');
    expectKeptGone(
      r.stdout,
      [
        'Story paragraph 0',
        'Story paragraph 4',
        'Port authority annual report 2024',
        'Survey of the north quay walls',
        'full council report on the quay',
        'El muelle norte',
      ],
      ['The history of the north quay'],
    );
  });
});
