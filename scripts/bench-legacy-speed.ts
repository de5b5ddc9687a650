/**
 * Rough speed of the ODF, RTF, EPUB and legacy binary parsers beside pandoc (where pandoc
 * reads the format), on the corpus files and the round-trip fixtures. Until the benchmarks
 * package's `pnpm bench speed office` covers these formats, run:
 *   node --conditions=distill-source --import tsx scripts/bench-legacy-speed.ts [runs]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ParserRegistry, parse } from '../packages/core/src/index.js';
import { epubParsers } from '../packages/epub/src/index.js';
import { officeParsers } from '../packages/office/src/index.js';

const runs = Number(process.argv[2] ?? 20);
const corpora = path.resolve(process.cwd(), '../shared/corpora');
const files = [
  'office/docling/odf/sources/text_document_01.odt',
  'office/docling/odf/sources/text_document_03.odt',
  'office/tika/testODFwithOOo3.odt',
  'office/sheetjs/number_format.ods',
  'office/docling/odf/sources/odf_presentation_01.odp',
  'office/tika/testRTF.rtf',
  'office/tika/testRTFJapanese.rtf',
  'office/markitdown/test.epub',
  'office/tika/testWORD.doc',
  'office/sheetjs/number_format.xls',
].map((f) => path.join(corpora, f));
for (const f of ['doc', 'odt', 'rtf', 'ppt', 'odp', 'xls', 'ods'])
  files.push(path.resolve(process.cwd(), `fixtures/office-roundtrip/roundtrip.${f}`));

const registry = new ParserRegistry();
for (const p of [...officeParsers, ...epubParsers]) registry.register(p);
const pandocReads = new Set(['odt', 'rtf', 'epub']);
const hasPandoc = (() => {
  try {
    execFileSync('pandoc', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

console.log('file\tKiB\tdistill ms\tpandoc ms');
for (const f of files) {
  if (!existsSync(f)) continue;
  const bytes = new Uint8Array(readFileSync(f));
  const name = path.basename(f);
  await parse(bytes, {}, { registry, filename: name }); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await parse(bytes, {}, { registry, filename: name });
  const ours = (performance.now() - t0) / runs;
  const ext = name.split('.').pop() ?? '';
  let theirs = '';
  if (hasPandoc && pandocReads.has(ext)) {
    const n = Math.max(1, Math.floor(runs / 4));
    const t1 = performance.now();
    for (let i = 0; i < n; i++)
      execFileSync('pandoc', ['-t', 'markdown', f], { stdio: ['ignore', 'ignore', 'ignore'] });
    theirs = ((performance.now() - t1) / n).toFixed(1);
  }
  console.log(`${name}\t${(bytes.length / 1024).toFixed(0)}\t${ours.toFixed(2)}\t${theirs}`);
}
