/** Prints a page's rules, rects and images (debugging): pnpm bench dev pdf-shapes file.pdf [page] */
import { readFileSync } from 'node:fs';
import { extractPage } from '../../../packages/pdf/src/extract/page.js';
import { openPdf } from '../../../packages/pdf/src/pdfjs.js';

const [file, pageArg] = process.argv.slice(2);
const doc = await openPdf(new Uint8Array(readFileSync(file)));
const input = await extractPage(await doc.getPage(Number(pageArg ?? 1)), 1);
const f = (b: { x0: number; y0: number; x1: number; y1: number }) =>
  [b.x0, b.y0, b.x1, b.y1].map((v) => v.toFixed(1)).join(' ');
for (const r of input.rules) console.log('rule', f(r));
for (const r of input.rects) console.log('rect', f(r));
for (const r of input.images) console.log('image', f(r));
await doc.destroy();
