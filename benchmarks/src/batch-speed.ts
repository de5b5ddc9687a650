// pnpm bench batch [--corpus DIR]... [--runs N]
// Batch conversion throughput on the same files, in one run: a plain sequential loop over
// parse(), `distill batch` with 1 and 2 worker threads, and queue mode (BullMQ on a real
// redis-server) with 2 worker processes. Writes results/speed-batch.json and .md.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'packages/cli/dist/bin.js');
const RESULTS = join(ROOT, 'benchmarks/results');

interface Row {
  mode: string;
  seconds: number;
  files: number;
  pages: number;
  failed: number;
}

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((res) => {
    const c = spawn(process.execPath, args, { stdio: 'ignore', env });
    c.once('exit', (code) => res(code ?? 1));
  });
}

function manifestTotals(out: string): { files: number; pages: number; failed: number } {
  const lines = readFileSync(join(out, 'manifest.jsonl'), 'utf8').trim().split('\n');
  let pages = 0;
  let failed = 0;
  for (const l of lines) {
    const e = JSON.parse(l) as { status: string; pages?: number };
    pages += e.pages ?? (e.status === 'ok' ? 1 : 0);
    if (e.status !== 'ok') failed++;
  }
  return { files: lines.length, pages, failed };
}

async function timeBatch(mode: string, inputs: string[], extra: string[]): Promise<Row> {
  const out = mkdtempSync(join(tmpdir(), 'distill-bench-batch-'));
  const t0 = performance.now();
  await run([BIN, 'batch', ...inputs, '--out', out, ...extra]);
  const seconds = (performance.now() - t0) / 1000;
  const row = { mode, seconds, ...manifestTotals(out) };
  rmSync(out, { recursive: true, force: true });
  return row;
}

/** The baseline: one process, one file after another, through the public API. */
async function timeSequential(inputs: string[]): Promise<Row> {
  const out = mkdtempSync(join(tmpdir(), 'distill-bench-seq-'));
  const script = `
    const { parse } = await import('distill');
    const { expandInputs, writeOutputs } = await import('@distill/batch');
    let files = 0, pages = 0, failed = 0;
    for await (const f of expandInputs(${JSON.stringify(inputs)})) {
      files++;
      try { const r = await parse(f.path); pages += r.metadata.numPages ?? 1; await writeOutputs(${JSON.stringify(out)}, f.outStem, r, false); }
      catch { failed++; }
    }
    process.stdout.write(JSON.stringify({ files, pages, failed }));`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(ROOT, 'packages/cli'),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let text = '';
  child.stdout!.on('data', (d) => {
    text += d;
  });
  await new Promise((r) => child.once('exit', r));
  const seconds = (performance.now() - t0) / 1000;
  rmSync(out, { recursive: true, force: true });
  return {
    mode: 'sequential loop (1 thread, no pool)',
    seconds,
    ...(JSON.parse(text || '{"files":0,"pages":0,"failed":0}') as Omit<Row, 'mode' | 'seconds'>),
  };
}

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

async function timeQueue(inputs: string[]): Promise<Row> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 500));
  const url = `redis://127.0.0.1:${port}/bench`;
  const workers: ChildProcess[] = [0, 1].map(() =>
    spawn(process.execPath, [BIN, 'worker', '--queue', url, '--concurrency', '1'], { stdio: 'ignore' }),
  );
  await new Promise((r) => setTimeout(r, 1500)); // workers connected and warm before timing
  try {
    return await timeBatch('queue: 2 worker processes (BullMQ, redis-server)', inputs, [
      '--queue',
      url,
      '--no-resume',
    ]);
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
    redis.kill('SIGTERM');
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', multiple: true },
      runs: { type: 'string' },
      copies: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (!existsSync(BIN)) throw new Error('build first: pnpm build');
  const corpora = resolve(ROOT, '../shared/corpora');
  const sources = (values.corpus ?? [join(corpora, 'office'), join(corpora, 'pdf/dpbench-dev/pdfs')]).map(
    (p) => resolve(p),
  );
  // The corpora are small (a few seconds of work); copies make a workload where start-up no longer dominates.
  const copies = Number(values.copies ?? 4);
  let inputs = sources;
  let work: string | undefined;
  if (copies > 1) {
    work = mkdtempSync(join(tmpdir(), 'distill-bench-copies-'));
    for (let c = 0; c < copies; c++) {
      for (const [i, src] of sources.entries())
        cpSync(src, join(work, `copy${c}`, `src${i}`), { recursive: true });
    }
    inputs = [work];
  }
  const runs = Number(values.runs ?? 1);
  const rows: Row[] = [];
  const best = async (f: () => Promise<Row>) => {
    let r = await f();
    for (let i = 1; i < runs; i++) {
      const n = await f();
      if (n.seconds < r.seconds) r = n;
    }
    rows.push(r);
    console.log(`${r.mode}: ${r.files} files, ${r.pages} pages, ${r.seconds.toFixed(1)} s`);
  };
  await best(() => timeSequential(inputs));
  await best(() =>
    timeBatch('distill batch, 1 worker thread', inputs, ['--concurrency', '1', '--no-resume']),
  );
  await best(() =>
    timeBatch('distill batch, 2 worker threads', inputs, ['--concurrency', '2', '--no-resume']),
  );
  await best(() => timeQueue(inputs));
  if (work) rmSync(work, { recursive: true, force: true });
  const base = rows[0].seconds;
  const one = rows[1].seconds;
  const md = [
    `Batch throughput over ${copies > 1 ? `${copies} copies of ` : ''}${sources.map((i) => i.replace(`${corpora}/`, '')).join(', ')} (${rows[0].files} files), best of ${runs} run(s), on this machine (${(await import('node:os')).availableParallelism()} cores).`,
    '',
    '| mode | files/s | pages/s | seconds | failed files | speed-up vs sequential | vs 1 worker |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.mode} | ${(r.files / r.seconds).toFixed(1)} | ${(r.pages / r.seconds).toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.failed} | ${(base / r.seconds).toFixed(2)}× | ${(one / r.seconds).toFixed(2)}× |`,
    ),
    '',
    'Failed files are the corpus files no parser accepts or that are corrupt on purpose; every mode converts the same set. Process start-up and pool warm-up are included in every time.',
  ].join('\n');
  writeFileSync(
    join(RESULTS, 'speed-batch.json'),
    `${JSON.stringify({ date: new Date().toISOString(), inputs, runs, rows }, null, 2)}\n`,
  );
  writeFileSync(join(RESULTS, 'speed-batch.md'), `${md}\n`);
  console.log(md);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
