import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, requireBuilt } from './helpers/spawn.js';

// A structural rule of the main-content filter (issue 21) through the door a user opens: the
// built `distill parse` command on a story with lines that point to other stories inside it
// ("**Lea más: [Other story](…)**", "Read this too: …"), told by their shape (a short label
// ending in a colon, then one title-like link, nothing else) in any language. A list of the
// story's sources and a sentence that links a report stay.

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
  it('keeps the story, its sources and a linked sentence; drops the teaser lines', async () => {
    const r = await distill(['parse', join(dir, 'post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('# North quay closes for repairs');
    for (const kept of [
      'Story paragraph 0',
      'Story paragraph 4',
      'Port authority annual report 2024',
      'Survey of the north quay walls',
      'full council report on the quay',
    ])
      expect(r.stdout, kept).toContain(kept);
    for (const gone of ['The history of the north quay', 'Read this too', 'El muelle norte', 'Lea más'])
      expect(r.stdout, gone).not.toContain(gone);
  });
});
