/**
 * Dumps our Markdown for dpbench and scores it with the benchmark's scorer, per document:
 *   node --conditions=distill-source --import tsx packages/pdf/scripts/eval.ts <corpus> <outDir> [--worst N] [--sort mhs|teds|nid|overall]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { toMarkdown } from '@distill/core';
import { type DpScores, pyReadText, scoreDocument } from '../../../benchmarks/src/scorers/dpbench.js';
import { parsePdf } from '../src/index.js';
import { printScores, takeOption } from './score.js';

const args = process.argv.slice(2);
const worst = Number(takeOption(args, '--worst') ?? 0);
const sortKey = (takeOption(args, '--sort') ?? 'overall') as keyof DpScores;
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
printScores('', rows, worst, sortKey);
