/**
 * Compares the fast reader's runs with pdf.js's on a folder of PDFs: per page, character
 * agreement of the text, run counts, and box drift. Run:
 *   pnpm bench dev pdf-compare-reader [dir] [--verbose]
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractPage } from '../../../packages/pdf/src/extract/page.js';
import { openPdf } from '../../../packages/pdf/src/pdfjs.js';
import { FastPdf } from '../../../packages/pdf/src/reader/index.js';
import type { PageInput } from '../../../packages/pdf/src/types.js';
import { CORPORA } from '../paths.js';
import { bagF1 } from './word-f1.js';

const dir = resolve(process.argv[2] ?? resolve(CORPORA, 'pdf/dpbench-dev/pdfs'));
const verbose = process.argv.includes('--verbose');

/** Character multiset agreement (cheap and order-free). */
const lcsRatio = (a: string, b: string): number => bagF1([...b], [...a]);

const text = (p: PageInput) =>
  p.runs
    .map((r) => r.text)
    .join('')
    .replace(/\s+/g, '');

let files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
const only = process.argv.find((a) => a.startsWith('--only='));
if (only) files = files.filter((f) => f.includes(only.slice(7)));
let agreeSum = 0;
let n = 0;
let fallbacks = 0;
let fastMs = 0;
let slowMs = 0;
for (const f of files) {
  const bytes = new Uint8Array(readFileSync(join(dir, f)));
  const t0 = performance.now();
  let fast: PageInput | undefined;
  let why = '';
  try {
    const doc = new FastPdf(bytes);
    fast = doc.page(1);
  } catch (e) {
    why = (e as Error).message;
  }
  const t1 = performance.now();
  const pdf = await openPdf(bytes);
  const page = await pdf.getPage(1);
  const slow = await extractPage(page, 1);
  await pdf.destroy();
  const t2 = performance.now();
  fastMs += t1 - t0;
  slowMs += t2 - t1;
  if (!fast) {
    fallbacks++;
    console.log(`${f}: FALLBACK ${why}`);
    continue;
  }
  const a = lcsRatio(text(slow), text(fast));
  if (process.env.DEBUG_DIFF && a < 1)
    console.log(JSON.stringify(text(slow)), '\n', JSON.stringify(text(fast)));
  agreeSum += a;
  n++;
  const boxDiff =
    fast.runs.length === slow.runs.length
      ? Math.max(
          0,
          ...fast.runs.map((r, i) => Math.abs(r.x1 - slow.runs[i].x1) + Math.abs(r.y0 - slow.runs[i].y0)),
        )
      : -1;
  const styleDiff =
    fast.runs.length === slow.runs.length
      ? fast.runs.filter(
          (r, i) =>
            r.text !== slow.runs[i].text ||
            r.bold !== slow.runs[i].bold ||
            r.italic !== slow.runs[i].italic ||
            Math.abs(r.size - slow.runs[i].size) > 0.01,
        ).length
      : -1;
  // pdf.js keeps path data in Float32Array: compare to a tenth of a point.
  const round = (_k: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
  const sameGraphics =
    JSON.stringify([fast.rules, fast.rects, fast.images, fast.links], round) ===
    JSON.stringify([slow.rules, slow.rects, slow.images, slow.links], round);
  const flag =
    a < 0.99 || fast.runs.length !== slow.runs.length || boxDiff > 0.05 || styleDiff !== 0 || !sameGraphics
      ? `  <-- style ${styleDiff} graphics ${sameGraphics ? 'same' : 'differ'}`
      : '';
  if (flag || verbose)
    console.log(
      `${f}: agree ${a.toFixed(4)} runs ${fast.runs.length}/${slow.runs.length} boxdiff ${boxDiff.toFixed(2)} rules ${fast.rules.length}/${slow.rules.length} rects ${fast.rects.length}/${slow.rects.length} images ${fast.images.length}/${slow.images.length} links ${fast.links.length}/${slow.links.length}${flag}`,
    );
}
console.log(
  `pages ${files.length}, fast ${n}, fallback ${fallbacks}, mean agreement ${(agreeSum / Math.max(1, n)).toFixed(4)}, fast ${fastMs.toFixed(0)} ms, pdf.js ${slowMs.toFixed(0)} ms`,
);
