/** Times a generated 200,000-row sheet and reports memory: node --conditions=source --import tsx packages/office/scripts/big-sheet.ts */
import { parse } from '@distill/core';
import { registry } from '../src/ooxml/testing/corpus.js';
import { xlsxWith } from '../src/ooxml/testing/zip-writer.js';

const n = Number(process.argv[2] ?? 200_000);
const rows: string[] = [];
for (let r = 1; r <= n; r++)
  rows.push(
    `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>row ${r}</t></is></c><c r="C${r}"><v>${r / 4}</v></c></row>`,
  );
const bytes = xlsxWith(`<sheetData>${rows.join('')}</sheetData>`);
rows.length = 0;
global.gc?.();
const rss0 = process.memoryUsage().rss;
const t = performance.now();
const r = await parse(bytes, {}, { filename: 'big.xlsx', registry });
const ms = performance.now() - t;
console.log(
  `${n} rows, ${(bytes.length / 1e6).toFixed(1)} MB zipped: ${ms.toFixed(0)} ms, markdown ${(r.markdown!.length / 1e6).toFixed(1)} MB, rss +${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB`,
);
