/**
 * `auto` against `fast` on a folder of text PDFs: every document must come out identical (blocks
 * and Markdown) with no page sent to OCR.
 *   pnpm bench dev pdf-auto-vs-fast [pdfDir]
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toMarkdown } from '@distill/core';
import { closeSharedOcrPool } from '@distill/ocr';
import { parsePdf } from '../../../packages/pdf/src/index.js';
import { CORPORA } from '../paths.js';

const dir = process.argv[2] ?? resolve(CORPORA, 'pdf/dpbench-dev/pdfs');
let same = 0;
const differ: string[] = [];
const ocred: string[] = [];
for (const f of readdirSync(dir)
  .filter((x) => x.endsWith('.pdf'))
  .sort()) {
  const bytes = new Uint8Array(readFileSync(join(dir, f)));
  const auto = await parsePdf(bytes, { mode: 'auto' });
  const fast = await parsePdf(bytes, { mode: 'fast' });
  if (auto.metadata.ocrPages) ocred.push(`${f} (pages ${auto.metadata.ocrPages})`);
  const equal =
    toMarkdown(auto.blocks).markdown === toMarkdown(fast.blocks).markdown &&
    JSON.stringify(auto.blocks) === JSON.stringify(fast.blocks);
  if (equal) same++;
  else differ.push(f);
}
await closeSharedOcrPool();
console.log(`auto-vs-fast: ${same} identical, ${differ.length} different, ${ocred.length} with OCR'd pages`);
for (const f of differ) console.log(`  differs: ${f}`);
for (const f of ocred) console.log(`  OCR'd: ${f}`);
process.exitCode = differ.length || ocred.length ? 1 : 0;
