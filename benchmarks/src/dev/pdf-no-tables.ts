/**
 * Spurious tables on pages that have none: a table's absence should be found as surely as its
 * presence. Counts the tables distill's Markdown gives (pipe tables and HTML tables) on
 *   - the dpbench-dev pages whose ground truth holds no table (real reports, papers, brochures),
 *   - every PDF of the folders given (by default the no-table set `scripts/make-no-table-corpus.sh`
 *     writes: forms, charts, multi-column prose, contents with dot leaders, letters, references),
 * and prints spurious tables per page, by fold for dpbench-dev, and the pages that have them.
 *   pnpm bench dev pdf-no-tables [dir ...] [--mode fast|auto|ocr]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foldOf } from '@distill/scorers/folds';
import { parse } from 'distill';
import { CORPORA } from '../paths.js';

const args = process.argv.slice(2);
const modeAt = args.indexOf('--mode');
const mode = (modeAt >= 0 ? args.splice(modeAt, 2)[1] : 'fast') as 'fast' | 'auto' | 'ocr';
const dirs = args.length ? args : [join(tmpdir(), 'distill-corpora/pdf-no-tables')];

/** Tables in Markdown: HTML tables, and pipe tables by their delimiter row. */
export function countTables(md: string): number {
  const html = (md.match(/<table[\s>]/g) ?? []).length;
  const pipe = (md.match(/^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/gm) ?? []).length;
  return html + pipe;
}

async function tablesOf(path: string, name: string): Promise<{ tables: number; pages: number }> {
  const bytes = new Uint8Array(readFileSync(path));
  const r = await parse(
    { data: bytes, filename: name },
    { formats: ['markdown'], parsers: [{ type: 'pdf', mode }], timeout: 300_000 },
  );
  return { tables: countTables(r.markdown ?? ''), pages: r.metadata.numPages ?? 1 };
}

interface Row {
  set: string;
  id: string;
  tables: number;
  pages: number;
}
const rows: Row[] = [];

const dp = join(CORPORA, 'pdf/dpbench-dev');
for (const f of readdirSync(join(dp, 'ground-truth')).sort()) {
  const gt = readFileSync(join(dp, 'ground-truth', f), 'utf8');
  if (countTables(gt) > 0) continue;
  const id = f.replace(/\.md$/, '');
  rows.push({
    set: `dpbench-dev fold ${foldOf(id)}`,
    id,
    ...(await tablesOf(join(dp, 'pdfs', `${id}.pdf`), `${id}.pdf`)),
  });
}
for (const dir of dirs) {
  for (const f of readdirSync(dir)
    .filter((x) => x.toLowerCase().endsWith('.pdf'))
    .sort()) {
    rows.push({ set: dir.split('/').pop()!, id: f, ...(await tablesOf(join(dir, f), f)) });
  }
}

const sets = [...new Set(rows.map((r) => r.set))].sort();
for (const set of [...sets, 'all']) {
  const part = rows.filter((r) => set === 'all' || r.set === set);
  const tables = part.reduce((s, r) => s + r.tables, 0);
  const pages = part.reduce((s, r) => s + r.pages, 0);
  const hit = part.filter((r) => r.tables > 0).length;
  console.log(
    `${set.padEnd(24)} ${String(part.length).padStart(3)} files ${String(pages).padStart(4)} pages: ${tables} spurious tables (${(tables / pages).toFixed(3)}/page), ${hit} files with any`,
  );
}
for (const r of rows.filter((x) => x.tables > 0)) console.log(`  ${r.set}: ${r.id} ${r.tables}`);
