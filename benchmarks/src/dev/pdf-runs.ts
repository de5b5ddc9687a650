/** Prints a page's text runs (debugging): pnpm bench dev pdf-runs file.pdf [page] [filter] */
import { readFileSync } from 'node:fs';
import { extractPage } from '../../../packages/pdf/src/extract/page.js';
import { openPdf } from '../../../packages/pdf/src/pdfjs.js';

const [file, pageArg, filter] = process.argv.slice(2);
const doc = await openPdf(new Uint8Array(readFileSync(file)));
const page = await doc.getPage(Number(pageArg ?? 1));
const input = await extractPage(page, 1);
console.log(
  'size',
  input.width,
  input.height,
  'rules',
  input.rules.length,
  'rects',
  input.rects.length,
  'images',
  input.images.length,
);
for (const r of input.runs)
  if (!filter || r.text.includes(filter))
    console.log(
      JSON.stringify(r.text),
      r.x0.toFixed(1),
      r.x1.toFixed(1),
      r.y0.toFixed(1),
      r.y1.toFixed(1),
      'b',
      r.base.toFixed(1),
      's',
      r.size.toFixed(1),
      r.bold ? 'B' : '',
    );
await doc.destroy();
