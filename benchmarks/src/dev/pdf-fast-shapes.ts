/**
 * Prints what the fast reader gives layout for one page (rules, filled rects, images, and runs
 * with a filter), and the tables layout finds there (debugging):
 *   pnpm bench dev pdf-fast-shapes file.pdf [page] [runs]
 */
import { readFileSync } from 'node:fs';
import { analyzePage } from '../../../packages/pdf/src/layout/analyze.js';
import { FastPdf } from '../../../packages/pdf/src/reader/index.js';

const [file, pageArg, showRuns] = process.argv.slice(2);
const input = new FastPdf(new Uint8Array(readFileSync(file))).page(Number(pageArg ?? 1));
const f = (b: { x0: number; y0: number; x1: number; y1: number }) =>
  [b.x0, b.y0, b.x1, b.y1].map((v) => v.toFixed(1)).join(' ');
for (const r of input.rules) console.log('rule', f(r));
for (const r of input.rects) console.log('rect', f(r));
for (const r of input.images) console.log('image', f(r));
if (showRuns) for (const r of input.runs) console.log('run', f(r), r.size.toFixed(1), JSON.stringify(r.text));
for (const b of analyzePage(input).blocks)
  if (b.kind === 'table')
    console.log(
      'table',
      f(b.box),
      b.ruled ? 'ruled' : 'text',
      JSON.stringify(b.rows.map((r) => r.map((c) => c.text))).slice(0, 200),
    );
