/**
 * Writes our Markdown for every PDF of a folder, for scoring and eyeballing:
 *   node --conditions=distill-source --import tsx packages/pdf/scripts/dump.ts <pdfDir> <outDir> [id...]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { toMarkdown } from '@distill/core';
import { parsePdf } from '../src/index.js';

const [pdfDir, outDir, ...only] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const files = readdirSync(pdfDir)
  .filter((f) => f.endsWith('.pdf'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
const t0 = performance.now();
let pages = 0;
for (const f of files) {
  try {
    const doc = await parsePdf(new Uint8Array(readFileSync(join(pdfDir, f))), { worker: false });
    pages += doc.metadata.numPages ?? 0;
    writeFileSync(join(outDir, `${basename(f, '.pdf')}.md`), toMarkdown(doc.blocks).markdown);
  } catch (e) {
    console.error(f, (e as Error).message);
    writeFileSync(join(outDir, `${basename(f, '.pdf')}.md`), '');
  }
}
const s = (performance.now() - t0) / 1000;
console.log(`${files.length} files, ${pages} pages in ${s.toFixed(2)} s (${(pages / s).toFixed(1)} pages/s)`);
