/**
 * Dumps our Markdown for dpbench and scores it with the benchmark's scorer, per document:
 *   node --conditions=source --import tsx packages/pdf/scripts/eval.ts <corpus> <outDir> [--worst N] [--sort mhs|teds|nid|overall]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { toMarkdown } from '@distill/core';
import {
  aggregate,
  type DpScores,
  pyReadText,
  scoreDocument,
} from '../../../benchmarks/src/scorers/dpbench.js';
import { parsePdf } from '../src/index.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const worst = Number(opt('--worst') ?? 0);
const sortKey = (opt('--sort') ?? 'overall') as keyof DpScores;
const [corpus, outDir] = args;
mkdirSync(outDir, { recursive: true });
const files = readdirSync(join(corpus, 'pdfs'))
  .filter((f) => f.endsWith('.pdf'))
  .sort();
const rows: (DpScores & { id: string })[] = [];
for (const f of files) {
  const id = basename(f, '.pdf');
  let md = '';
  try {
    const doc = await parsePdf(new Uint8Array(readFileSync(join(corpus, 'pdfs', f))), { worker: false });
    md = toMarkdown(doc.blocks).markdown;
  } catch (e) {
    console.error(f, (e as Error).message);
  }
  writeFileSync(join(outDir, `${id}.md`), md);
  const gt = pyReadText(readFileSync(join(corpus, 'ground-truth', `${id}.md`)));
  rows.push({ id, ...scoreDocument(gt, md) });
}
writeFileSync(join(outDir, 'scores.json'), JSON.stringify(rows, null, 1));
const m = aggregate(rows);
const f3 = (x: number | null) => (x === null ? '  -  ' : x.toFixed(3));
console.log(`overall ${f3(m.overall)} NID ${f3(m.nid)} TEDS ${f3(m.teds)} MHS ${f3(m.mhs)}`);
if (worst)
  for (const r of rows
    .filter((r) => r[sortKey] !== null)
    .sort((a, b) => (a[sortKey] as number) - (b[sortKey] as number))
    .slice(0, worst))
    console.log(`  ${r.id} overall ${f3(r.overall)} nid ${f3(r.nid)} teds ${f3(r.teds)} mhs ${f3(r.mhs)}`);
