// pnpm bench cold [--runs N] [--corpus DIR]   (also: pnpm bench speed pdf --cold)
// What a person meets: the built `distill` command run once as a whole process, cold, beside
// LiteParse's CLI on the same inputs, alternating runs, medians. Four commands: a folder of
// one-page PDFs (`distill parse DIR --out` against `lit batch-parse DIR OUT`; distill on all
// cores, as it runs by default, and in one process with `-c 1`), one one-page PDF
// (`distill parse FILE` against `lit parse FILE`), and `distill --help` alone (the floor of
// starting the command). Wall time and CPU time (user + system, all threads) of each process.
// `distill parse` runs from a code-cached bundle (packages/cli/src/cold/load.ts): its first run
// on a machine compiles and saves the cache, later runs read it. Both are timed, each run of the
// first kind with an empty cache folder of its own, and so is the ES-module path the bundle
// replaces (DISTILL_COLD_BUNDLE=0), so the bundle's share shows in the same sitting.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runColdInstructions } from './cold-instructions.js';
import { CORPORA, REPO_ROOT } from './paths.js';
import { machineLine, writeSection } from './results.js';

export const DISTILL = join(REPO_ROOT, 'packages/distill/dist/bin.cjs');
export const LIT = join(REPO_ROOT, 'benchmarks/node_modules/@llamaindex/liteparse/dist/cli.js');

export interface Timing {
  wallS: number;
  cpuS: number;
}

/**
 * The environment of every timed process: this one's, without NODE_EXTRA_CA_CERTS. That makes
 * each Node process read and parse a whole CA bundle before any code runs (some 400 M
 * instructions, more than a one-page parse; the machines these benches run on set it), which a
 * person's shell rarely has, and which would add the same constant to both tools.
 */
function processEnv(): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
  return env;
}

/** Wall and CPU time of one process, read from /usr/bin/time when present (CPU of all threads). */
export function timedWithCpu(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Timing> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...processEnv(), ...env },
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.once('error', (e) =>
      fail(new Error(`/usr/bin/time is needed (apt-get install time): ${e.message}`)),
    );
    child.once('exit', (code) => {
      const wallS = (performance.now() - t0) / 1000;
      const m = /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(err);
      if (!m) return fail(new Error(`${args.join(' ')} exited ${code}: ${err.slice(-500)}`));
      done({ wallS, cpuS: Number(m[1]) + Number(m[2]) });
    });
  });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export async function runCold(
  opts: { runs?: number; corpus?: string; instructions?: boolean; mainThread?: boolean } = {},
): Promise<void> {
  const runs = opts.runs ?? 5;
  const folder = opts.corpus ?? join(CORPORA, 'pdf/dpbench-dev/pdfs');
  const one = join(
    folder,
    readdirSync(folder)
      .filter((f) => f.endsWith('.pdf'))
      .sort()[0] as string,
  );
  const work = mkdtempSync(join(tmpdir(), 'distill-cold-'));
  type Case = { name: string; distill: () => string[]; lit?: () => string[] };
  // The folder as distill converts it by default (helper processes on every core) and with
  // extra flags (`-c 1`: this process alone, so the helpers' share shows), against lit's batch.
  const folderCase = (name: string, extra: string[] = []): Case => ({
    name,
    distill: () => [
      DISTILL,
      'parse',
      folder,
      '--out',
      join(work, `d-${Math.random()}`),
      '--pdf-mode',
      'fast',
      ...extra,
    ],
    lit: () => [
      LIT,
      'batch-parse',
      folder,
      join(work, `l-${Math.random()}`),
      '--format',
      'markdown',
      '--no-ocr',
    ],
  });
  const cases: Case[] = [
    folderCase(`folder of ${readdirSync(folder).filter((f) => f.endsWith('.pdf')).length} PDFs`),
    folderCase('the same folder in one process (`-c 1`)', ['-c', '1']),
    {
      name: 'one one-page PDF',
      distill: () => [DISTILL, 'parse', one, '--pdf-mode', 'fast'],
      lit: () => [LIT, 'parse', one, '--format', 'markdown', '--no-ocr', '-q'],
    },
    { name: '`--help` alone', distill: () => [DISTILL, '--help'], lit: () => [LIT, '--help'] },
  ];
  const rows: {
    case: string;
    distillWall: number;
    distillCpu: number;
    firstWall: number;
    modulesWall: number;
    litWall?: number;
    litCpu?: number;
  }[] = [];
  const cache = join(work, 'cache');
  const cached = { DISTILL_COMPILE_CACHE_DIR: cache };
  if (opts.instructions) {
    try {
      // Under valgrind a run lasts long enough to refresh the accepted cache (load.ts): not counted.
      const counted = { ...cached, DISTILL_COMPILE_CACHE_REFRESH: '0' };
      await runColdInstructions(
        cases,
        { ...processEnv(), ...counted },
        (args) => timedWithCpu(args, cached),
        opts.mainThread === true,
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    return;
  }
  const first = () => ({ DISTILL_COMPILE_CACHE_DIR: join(work, `cache-${Math.random()}`) });
  const modules = { DISTILL_COLD_BUNDLE: '0' };
  try {
    for (const c of cases) {
      const d: Timing[] = [];
      const d1: Timing[] = [];
      const dm: Timing[] = [];
      const l: Timing[] = [];
      // One untimed run each first, so the file cache is warm for all (a person's second try),
      // and distill's compile cache is written.
      await timedWithCpu(c.distill(), cached);
      await timedWithCpu(c.distill(), modules);
      if (c.lit) await timedWithCpu(c.lit());
      for (let i = 0; i < runs; i++) {
        d.push(await timedWithCpu(c.distill(), cached));
        if (c.lit) l.push(await timedWithCpu(c.lit()));
        d1.push(await timedWithCpu(c.distill(), first()));
        dm.push(await timedWithCpu(c.distill(), modules));
      }
      rows.push({
        case: c.name,
        distillWall: median(d.map((t) => t.wallS)),
        distillCpu: median(d.map((t) => t.cpuS)),
        firstWall: median(d1.map((t) => t.wallS)),
        modulesWall: median(dm.map((t) => t.wallS)),
        ...(c.lit ? { litWall: median(l.map((t) => t.wallS)), litCpu: median(l.map((t) => t.cpuS)) } : {}),
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}×` : '—');
  const table = [
    `| command, whole process (median of ${runs}) | distill wall s | distill CPU s | distill first run (no compile cache yet) wall s | distill as ES modules wall s | liteparse wall s | liteparse CPU s | distill ÷ liteparse (wall) | first run ÷ liteparse |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.case} | ${f(r.distillWall)} | ${f(r.distillCpu)} | ${f(r.firstWall)} | ${f(r.modulesWall)} | ${f(r.litWall)} | ${f(r.litCpu)} | ${ratio(r.distillWall, r.litWall)} | ${ratio(r.firstWall, r.litWall)} |`,
    ),
  ].join('\n');
  console.log(table);
  writeSection(
    'speed-cold',
    `### Cold command line (\`pnpm bench cold\`)\n\nThe built commands as a person runs them, one process per run, alternating distill and LiteParse on the same inputs (PDF fast mode / \`--no-ocr\`, Markdown out). \`distill parse\` runs from a code-cached bundle: "distill" is a run after the first on this machine (the compile cache written), "first run" one with an empty cache folder, "as ES modules" the path without the bundle (\`DISTILL_COLD_BUNDLE=0\`). Every process runs without \`NODE_EXTRA_CA_CERTS\`, which makes Node load a CA bundle at start (this machine sets it; a person's shell rarely does): it adds the same 60 ms or so to both tools and so flattered the ratios before session 12.\n\n${table}\n`,
    rows,
    machineLine(),
  );
}
