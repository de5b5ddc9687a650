/**
 * Scores folders of predicted Markdown against a dpbench ground truth with the benchmark's own
 * scorer (benchmarks/src/scorers/dpbench.ts: its pipe-table converter, NID, TEDS and MHS), so a
 * figure printed here is the figure `pnpm bench quality pdf-dpbench` prints:
 *   node --import tsx packages/pdf/scripts/score.ts <groundTruthDir> <predDir>... [--worst N] [--sort overall|nid|teds|mhs]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  aggregate,
  type DpScores,
  pyReadText,
  scoreDocument,
} from '../../../benchmarks/src/scorers/dpbench.js';

export type DocScores = DpScores & { id: string };

/** Every ground-truth page scored against `<predDir>/<id>.md` (missing predictions count as empty). */
export function scoreFolder(gtDir: string, predDir: string): DocScores[] {
  return readdirSync(gtDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const p = join(predDir, f);
      const gt = pyReadText(readFileSync(join(gtDir, f)));
      const pred = existsSync(p) ? pyReadText(readFileSync(p)) : '';
      return { id: f.replace(/\.md$/, ''), ...scoreDocument(gt, pred) };
    });
}

/** Removes `name value` from args and returns the value. */
export function takeOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

const f3 = (x: number | null) => (x === null ? '  -  ' : x.toFixed(3));

/** The means of a run on one line, then its `worst` documents by `sortKey`. */
export function printScores(
  label: string,
  rows: (DpScores & { id: string })[],
  worst = 0,
  sortKey: keyof DpScores = 'overall',
): void {
  const m = aggregate(rows);
  console.log(`${label}overall ${f3(m.overall)}  NID ${f3(m.nid)}  TEDS ${f3(m.teds)}  MHS ${f3(m.mhs)}`);
  for (const r of rows
    .filter((r) => r[sortKey] !== null)
    .sort((a, b) => (a[sortKey] as number) - (b[sortKey] as number))
    .slice(0, worst))
    console.log(`  ${r.id} overall ${f3(r.overall)} nid ${f3(r.nid)} teds ${f3(r.teds)} mhs ${f3(r.mhs)}`);
}

if (process.argv[1]?.endsWith('score.ts')) {
  const args = process.argv.slice(2);
  const worst = Number(takeOption(args, '--worst') ?? 0);
  const sortKey = (takeOption(args, '--sort') ?? 'overall') as keyof DpScores;
  const [gtDir, ...predDirs] = args;
  for (const predDir of predDirs)
    printScores(`${predDir.padEnd(50)} `, scoreFolder(gtDir, predDir), worst, sortKey);
}
