/**
 * Times layout analysis alone (extraction cached): node --conditions=distill-source --import tsx
 * packages/pdf/scripts/layout-time.ts <pdfDir> [srcDir]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractPage } from '../src/extract/page.js';
import { openPdf } from '../src/pdfjs.js';
import type { PageInput } from '../src/types.js';

const [dir, srcDir] = process.argv.slice(2);
const cache = '/tmp/pdf-layout-inputs.json';
let inputs: PageInput[];
if (existsSync(cache)) inputs = JSON.parse(readFileSync(cache, 'utf8'));
else {
  inputs = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()) {
    const doc = await openPdf(new Uint8Array(readFileSync(join(dir, f))));
    for (let p = 1; p <= doc.numPages; p++) inputs.push(await extractPage(await doc.getPage(p), p));
    await doc.destroy();
  }
  writeFileSync(cache, JSON.stringify(inputs));
}
const mod = await import(pathToFileURL(resolve(srcDir ?? 'packages/pdf/src', 'layout/analyze.ts')).href);
for (let k = 0; k < 4; k++) {
  const t0 = performance.now();
  for (const i of inputs) mod.analyzePage(structuredClone(i));
  console.log(`${inputs.length} pages: ${(performance.now() - t0).toFixed(0)} ms`);
}
