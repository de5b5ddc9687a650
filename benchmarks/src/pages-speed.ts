// pnpm bench pages [--pages 1000] [--runs 3] [--corpus DIR]
//
// One long PDF (dpbench-dev pages repeated with qpdf up to --pages), each tool run as a whole
// process of its own: distill page by page (`parsePages`, the built package) and whole
// (`parse`), LiteParse (its library, which returns the whole document at once) and pdftotext
// (its pages come out on stdout one by one). Reported per tool, median of --runs: time to the
// first page out (from the call; LiteParse has no pages before the end), total time, and peak
// RSS of the process (GNU time's maximum resident set, worker threads included).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { longDpbenchPdf } from './inputs.js';
import { BENCH_DIR, corpusDir, REPO_ROOT } from './paths.js';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    corpus: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('pnpm bench pages [--pages 1000] [--runs 3] [--corpus DIR]');
  process.exit(0);
}
const PAGES = Number(values.pages);
const RUNS = Number(values.runs);
const DIST = join(REPO_ROOT, 'packages/distill/dist/index.js');

interface Run {
  firstMs: number | null;
  totalMs: number;
  peakMb: number;
  pages?: number;
  chars: number;
  error?: string;
}

/** Runs `cmd` under GNU time; `onOut` sees stdout as it comes. Peak RSS from time's %M. */
function timed(
  cmd: string,
  args: string[],
  onOut?: (chunk: Buffer, ms: number) => void,
): Promise<{ ms: number; peakMb: number; out: string; code: number | null; err: string }> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'MAXRSS %M', cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out.push(d);
      onOut?.(d, performance.now() - t0);
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.once('error', (e) =>
      fail(new Error(`/usr/bin/time is needed (apt-get install time): ${e.message}`)),
    );
    child.once('exit', (code) => {
      const kb = Number(/MAXRSS (\d+)/.exec(err)?.[1] ?? 0);
      done({
        ms: performance.now() - t0,
        peakMb: kb / 1024,
        out: Buffer.concat(out).toString('utf8'),
        code,
        err,
      });
    });
  });
}

/** A child script for a Node tool: prints one JSON line with its own timings. */
function script(dir: string, name: string, body: string): string {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, body);
  return path;
}

async function nodeTool(path: string): Promise<Run> {
  const r = await timed(process.execPath, [path]);
  const line = r.out.trim().split('\n').pop() ?? '';
  try {
    const j = JSON.parse(line) as { firstMs: number | null; totalMs: number; pages?: number; chars: number };
    return { ...j, peakMb: r.peakMb };
  } catch {
    return { firstMs: null, totalMs: r.ms, peakMb: r.peakMb, chars: 0, error: (r.err || line).slice(0, 300) };
  }
}

async function pdftotext(file: string): Promise<Run> {
  let firstMs: number | null = null;
  // pdftotext ends each page with a form feed: the first one is page 1 done.
  const r = await timed('pdftotext', ['-enc', 'UTF-8', file, '-'], (chunk, ms) => {
    if (firstMs === null && chunk.includes(0x0c)) firstMs = ms;
  });
  return {
    firstMs,
    totalMs: r.ms,
    peakMb: r.peakMb,
    chars: r.out.length,
    pages: r.out.split('\f').length - 1,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};

async function main(): Promise<void> {
  if (!existsSync(DIST)) throw new Error(`${DIST} is missing: run \`pnpm build\` first`);
  const corpus = corpusDir('pdf', values.corpus);
  const dir = mkdtempSync(join(tmpdir(), 'distill-bench-pages-'));
  try {
    const file = longDpbenchPdf(corpus, PAGES, join(dir, `long-${PAGES}p.pdf`));
    const lib = pathToFileURL(DIST).href;
    const opts = JSON.stringify({ parsers: [{ type: 'pdf', mode: 'fast' }], timeout: 300_000 });
    const pagesScript = script(
      dir,
      'distill-pages',
      `import { parsePages } from ${JSON.stringify(lib)};
const t0 = performance.now(); let firstMs = null; let pages = 0; let chars = 0;
for await (const p of parsePages(${JSON.stringify(file)}, ${opts})) { if (firstMs === null) firstMs = performance.now() - t0; pages++; chars += p.markdown.length; }
console.log(JSON.stringify({ firstMs, totalMs: performance.now() - t0, pages, chars }));`,
    );
    const wholeScript = script(
      dir,
      'distill-parse',
      `import { parse } from ${JSON.stringify(lib)};
const t0 = performance.now(); const r = await parse(${JSON.stringify(file)}, ${opts}); const ms = performance.now() - t0;
console.log(JSON.stringify({ firstMs: ms, totalMs: ms, pages: r.metadata.numPages, chars: r.markdown.length }));`,
    );
    const litEntry = pathToFileURL(
      createRequire(join(BENCH_DIR, 'package.json')).resolve('@llamaindex/liteparse'),
    ).href;
    const litScript = script(
      dir,
      'liteparse',
      `import { LiteParse } from ${JSON.stringify(litEntry)};
const t0 = performance.now(); const lp = new LiteParse({ ocrEnabled: false, outputFormat: 'markdown', numWorkers: 1 });
const r = await lp.parse(${JSON.stringify(file)}); const ms = performance.now() - t0;
console.log(JSON.stringify({ firstMs: ms, totalMs: ms, chars: r.text.length }));`,
    );
    const tools: [string, () => Promise<Run>][] = [
      ['distill parsePages', () => nodeTool(pagesScript)],
      ['distill parse (whole)', () => nodeTool(wholeScript)],
      ['liteparse', () => nodeTool(litScript)],
      ['pdftotext', () => pdftotext(file)],
    ];
    const rows: { tool: string; runs: Run[]; firstMs: number | null; totalMs: number; peakMb: number }[] = [];
    for (const [tool, run] of tools) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await run();
        runs.push(r);
        console.log(
          `${tool} run ${i + 1}: first ${r.firstMs?.toFixed(0) ?? 'n/a'} ms, total ${r.totalMs.toFixed(0)} ms, peak ${r.peakMb.toFixed(0)} MB${r.pages ? `, ${r.pages} pages` : ''}${r.error ? ` (${r.error})` : ''}`,
        );
      }
      const ok = runs.filter((r) => !r.error);
      rows.push({
        tool,
        runs,
        firstMs: ok.some((r) => r.firstMs !== null) ? median(ok.map((r) => r.firstMs ?? Number.NaN)) : null,
        totalMs: median(ok.map((r) => r.totalMs)),
        peakMb: median(ok.map((r) => r.peakMb)),
      });
    }
    const f = (ms: number | null) =>
      ms === null || Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
    const table = [
      `| tool (one ${PAGES}-page PDF, whole process) | first page out | all pages | peak RSS |`,
      '|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.tool} | ${r.tool === 'liteparse' ? `${f(r.firstMs)} (the whole document: no pages before the end)` : f(r.firstMs)} | ${f(r.totalMs)} | ${Number.isNaN(r.peakMb) ? 'n/a' : `${r.peakMb.toFixed(0)} MB`} |`,
      ),
    ].join('\n');
    console.log(table);
    writeSection(
      'speed-pdf-pages',
      `### One ${PAGES}-page PDF page by page (\`pnpm bench pages\`)\n\ndpbench-dev pages repeated with qpdf; each tool a process of its own, median of ${RUNS} runs. distill in fast mode through the built package: \`parsePages()\` (pages yielded as they are done) and \`parse()\` (the whole result at the end). First page out is timed from the call (LiteParse's library and \`parse()\` give everything at the end; pdftotext's first form feed on stdout).\n\n${table}\n`,
      { pages: PAGES, runs: RUNS, rows },
      machineLine(),
    );
    writeReport();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
