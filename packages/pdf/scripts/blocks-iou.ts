/**
 * Block boxes against dpbench's reference.json: the share of reference elements whose box one
 * of our blocks matches (IoU >= 0.5), and how often our label agrees with theirs.
 *   node --conditions=source --import tsx packages/pdf/scripts/blocks-iou.ts <dpbench-dev dir>
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toBlockPages, toMarkdown } from '@distill/core';
import { parsePdf } from '../src/index.js';

const dir = process.argv[2] ?? '../shared/corpora/pdf/dpbench-dev';
const ref = JSON.parse(readFileSync(join(dir, 'reference.json'), 'utf8')) as Record<
  string,
  { elements: { category: string; page: number; coordinates: { x: number; y: number }[] }[] }
>;
/** Reference categories and the labels of ours that mean the same. */
const AGREE: Record<string, string[]> = {
  Paragraph: ['text', 'list-item'],
  Footer: ['page-footer'],
  Header: ['page-header'],
  Caption: ['caption'],
  Heading1: ['heading'],
  List: ['list', 'list-item'],
  Table: ['table'],
  Figure: ['picture'],
  Chart: ['picture', 'table'],
  Equation: ['formula', 'text'],
  Footnote: ['footnote'],
  Index: ['table', 'list', 'text'],
};
type B = [number, number, number, number];
const iou = (a: B, b: B) => {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const ua = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return ua > 0 ? inter / ua : 0;
};
let total = 0;
let matched = 0;
let agree = 0;
const perCat = new Map<string, { n: number; m: number; a: number }>();
for (const [file, { elements }] of Object.entries(ref)) {
  const doc = await parsePdf(new Uint8Array(readFileSync(join(dir, 'pdfs', file))), { worker: false });
  const md = toMarkdown(doc.blocks);
  const items = toBlockPages(doc, md.spans).flatMap((p) => p.items);
  // Lists also offer their items' boxes: the reference boxes lists whole or item by item.
  for (const e of elements) {
    const xs = e.coordinates.map((c) => c.x);
    const ys = e.coordinates.map((c) => c.y);
    const box: B = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    let best = 0;
    let label = '';
    for (const it of items) {
      if (it.bbox.length !== 4) continue;
      const v = iou(box, it.bbox as B);
      if (v > best) {
        best = v;
        label = it.label.startsWith('heading') ? 'heading' : it.label;
      }
    }
    const c = perCat.get(e.category) ?? { n: 0, m: 0, a: 0 };
    total++;
    c.n++;
    if (best >= 0.5) {
      matched++;
      c.m++;
      if (AGREE[e.category]?.includes(label)) {
        agree++;
        c.a++;
      }
    }
    perCat.set(e.category, c);
  }
}
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
console.log(
  `reference elements ${total}: box matched (IoU>=0.5) ${pct(matched, total)}; label agrees on matched ${pct(agree, matched)}`,
);
for (const [k, v] of [...perCat].sort((a, b) => b[1].n - a[1].n))
  console.log(
    `  ${k.padEnd(10)} n=${String(v.n).padStart(3)} matched ${pct(v.m, v.n).padStart(6)} agree ${pct(v.a, v.m).padStart(6)}`,
  );
