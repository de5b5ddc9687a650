import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutate } from './mutators.js';
import { caseSeed, Rng } from './rng.js';
import { FUZZ_EXTENSIONS, loadSeeds, type Seed } from './seeds.js';

export type FuzzClass = 'ok' | 'catalogue' | 'unclean' | 'hang' | 'crash';
export const CLASSES: FuzzClass[] = ['ok', 'catalogue', 'unclean', 'hang', 'crash'];

export interface CaseResult {
  id: number;
  ext: string;
  seed: string;
  mutator: string;
  size: number;
  cls: FuzzClass;
  code?: string;
  error?: string;
  ms: number;
  peakRss?: number;
  baseRss?: number;
}

export interface CampaignOptions {
  cases: number;
  seed: number;
  workers: number;
  /** The parse timeout given to distill (a slower parse is REQUEST_TIMEOUT, a catalogue error). */
  timeoutMs: number;
  /** Past the parse timeout, how long before a case counts as a hang and its worker is killed. */
  graceMs: number;
  heapMb: number;
  repoRoot: string;
  corpora?: string;
  /** Stop starting cases after this many ms (the report says how many ran). */
  maxMs?: number;
  /** Where failures (minimised) and the JSON report go; nothing is written when absent. */
  outDir?: string;
  minimise?: boolean;
  /** First case index (default 0): a long campaign can be run in parts, cases [start, cases). */
  start?: number;
  /** Only these extensions (default: all 20); cases cycle over them in the given order. */
  formats?: readonly string[];
  onProgress?: (done: number, total: number, last: CaseResult) => void;
}

export interface CampaignReport {
  seed: number;
  requested: number;
  ran: number;
  ms: number;
  byExt: Record<string, Record<FuzzClass, number> & { peakRssMb: number; maxMs: number }>;
  totals: Record<FuzzClass, number>;
  codes: Record<string, number>;
  failures: CaseResult[];
  peakRssMb: number;
  /** Every case, compact: [id, ext, mutator, class, code, ms, peak RSS growth MB]. */
  cases: [number, string, string, FuzzClass, string, number, number][];
}

/** Past the CPU limit's worth of wall time, how many times more a starved child may take. */
const HANG_WALL_FACTOR = 6;
const CLOCK_TICK_MS = 10; // Linux USER_HZ is 100 on every architecture Node supports

/** CPU time (user + system, ms) of a process from /proc, or undefined where /proc is absent. */
function childCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * CLOCK_TICK_MS;
  } catch {
    return undefined;
  }
}

const CHILD = resolve(fileURLToPath(import.meta.url), '../child.ts');

interface Pending {
  resolve: (r: Omit<CaseResult, 'id' | 'ext' | 'seed' | 'mutator' | 'size'>) => void;
  timer: NodeJS.Timeout;
  t0: number;
}

/** One long-lived worker process; replaced after a hang or a crash so every case starts clean. */
class Worker {
  private child!: ChildProcess;
  private ready!: Promise<void>;
  private pending?: Pending;
  constructor(private readonly opts: CampaignOptions) {
    this.spawn();
  }
  private spawn(): void {
    this.child = fork(CHILD, [], {
      cwd: this.opts.repoRoot,
      execArgv: [
        '--conditions=distill-source',
        '--import',
        'tsx',
        `--max-old-space-size=${this.opts.heapMb}`,
        '--expose-gc',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    this.child.stderr?.on('data', (d) => {
      stderr = (stderr + d).slice(-2000);
    });
    this.ready = new Promise((res) => {
      this.child.once('message', () => res());
    });
    const child = this.child;
    child.on(
      'message',
      (m: {
        id?: number;
        cls?: FuzzClass;
        ms?: number;
        peakRss?: number;
        baseRss?: number;
        code?: string;
        error?: string;
      }) => {
        if (m.id === undefined || !this.pending || child !== this.child) return;
        const p = this.pending;
        this.pending = undefined;
        clearTimeout(p.timer);
        p.resolve({
          cls: m.cls!,
          code: m.code,
          error: m.error,
          ms: m.ms!,
          peakRss: m.peakRss,
          baseRss: m.baseRss,
        });
      },
    );
    child.on('exit', (code, signal) => {
      if (child !== this.child || !this.pending) return;
      const p = this.pending;
      this.pending = undefined;
      clearTimeout(p.timer);
      const oom = /heap out of memory|Allocation failed/i.test(stderr) ? ' (heap out of memory)' : '';
      p.resolve({
        cls: 'crash',
        error: `exit ${code ?? signal}${oom}: ${stderr.split('\n').slice(-6).join(' ').slice(0, 300)}`,
        ms: Math.round(performance.now() - p.t0),
      });
      this.spawn();
    });
  }
  async run(
    bytes: Uint8Array,
    filename: string,
  ): Promise<Omit<CaseResult, 'id' | 'ext' | 'seed' | 'mutator' | 'size'>> {
    await this.ready;
    return new Promise((res) => {
      const t0 = performance.now();
      const child = this.child;
      const cpu0 = childCpuMs(child.pid);
      const limit = this.opts.timeoutMs + this.opts.graceMs;
      // A hang is a case that has had `limit` ms of CPU (or HANG_WALL_FACTOR times that in wall
      // time) without answering. Wall time alone misclassifies a starved child on a loaded machine
      // (a 10 MB CSV that takes 3 s of CPU took 30 s of wall time at load 25, niced).
      const check = () => {
        if (!this.pending || child !== this.child) return;
        const wall = performance.now() - t0;
        const now = childCpuMs(child.pid);
        const cpu = cpu0 === undefined || now === undefined ? undefined : now - cpu0;
        if (cpu !== undefined && cpu < limit && wall < limit * HANG_WALL_FACTOR) {
          this.pending.timer = setTimeout(check, Math.max(250, limit - cpu));
          return;
        }
        this.pending = undefined;
        this.spawn();
        child.kill('SIGKILL');
        res({
          cls: 'hang',
          error: `no answer after ${Math.round(wall)} ms (${cpu === undefined ? 'CPU unknown' : `${Math.round(cpu)} ms of CPU`}; limit ${limit} ms)`,
          ms: Math.round(wall),
        });
      };
      const timer = setTimeout(check, limit);
      this.pending = { resolve: res, timer, t0 };
      child.send({ id: 1, bytes, filename, timeoutMs: this.opts.timeoutMs });
    });
  }
  close(): void {
    this.child.removeAllListeners('exit');
    this.child.kill('SIGKILL');
  }
}

/** The case `index` of a campaign: its extension, seed file and mutated bytes (deterministic). */
export function makeCase(
  seeds: Map<string, Seed[]>,
  seed: number,
  index: number,
  formats: readonly string[] = FUZZ_EXTENSIONS,
): { ext: string; seed: string; mutator: string; bytes: Uint8Array } | undefined {
  const ext = formats[index % formats.length];
  const list = seeds.get(ext) ?? [];
  if (list.length === 0) return undefined;
  const rng = new Rng(caseSeed(seed, index));
  const s = rng.pick(list);
  const m = mutate(ext, s.bytes, rng);
  return { ext, seed: s.name, mutator: m.mutator, bytes: m.bytes };
}

const signature = (r: { cls: string; error?: string }) =>
  `${r.cls}:${(r.error ?? '').split('\n')[0].replace(/\d+/g, 'N').slice(0, 120)}`;

/** Shrinks a failing input while it fails the same way (chunk removal, then truncation). */
async function minimise(
  w: Worker,
  bytes: Uint8Array,
  filename: string,
  want: string,
  budget = 40,
): Promise<Uint8Array> {
  let best = bytes;
  let chunks = 2;
  while (budget > 0 && best.length > 1) {
    let improved = false;
    const size = Math.ceil(best.length / chunks);
    for (let i = 0; i < chunks && budget > 0; i++) {
      const cand = new Uint8Array(Buffer.concat([best.subarray(0, i * size), best.subarray((i + 1) * size)]));
      if (cand.length === 0) continue;
      budget--;
      const r = await w.run(cand, filename);
      if (signature(r) === want) {
        best = cand;
        improved = true;
        break;
      }
    }
    if (!improved) {
      if (size <= 1) break;
      chunks = Math.min(best.length, chunks * 2);
    } else chunks = Math.max(2, chunks - 1);
  }
  return best;
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignReport> {
  const seeds = loadSeeds(opts.repoRoot, opts.corpora);
  const workers = Array.from({ length: opts.workers }, () => new Worker(opts));
  const results: CaseResult[] = [];
  const t0 = Date.now();
  let next = opts.start ?? 0;
  let done = 0;
  const failDir = opts.outDir ? join(opts.outDir, 'failures') : undefined;
  if (failDir) mkdirSync(failDir, { recursive: true });
  const runOne = async (w: Worker) => {
    while (next < opts.cases) {
      if (opts.maxMs !== undefined && Date.now() - t0 > opts.maxMs) return;
      const index = next++;
      const c = makeCase(seeds, opts.seed, index, opts.formats);
      if (!c) continue;
      const filename = `case-${index}.${c.ext}`;
      const r = await w.run(c.bytes, filename);
      const res: CaseResult = {
        id: index,
        ext: c.ext,
        seed: c.seed,
        mutator: c.mutator,
        size: c.bytes.length,
        ...r,
      };
      results.push(res);
      done++;
      if (res.cls !== 'ok' && res.cls !== 'catalogue' && failDir) {
        const small =
          opts.minimise === false ? c.bytes : await minimise(w, c.bytes, filename, signature(res));
        writeFileSync(join(failDir, `${res.cls}-${index}.${c.ext}`), small);
        writeFileSync(
          join(failDir, `${res.cls}-${index}.json`),
          JSON.stringify({ ...res, minimisedSize: small.length }, null, 2),
        );
      }
      opts.onProgress?.(done, opts.cases, res);
    }
  };
  try {
    await Promise.all(workers.map(runOne));
  } finally {
    for (const w of workers) w.close();
  }
  const byExt: CampaignReport['byExt'] = {};
  const totals = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<FuzzClass, number>;
  const codes: Record<string, number> = {};
  let peak = 0;
  for (const r of results) {
    byExt[r.ext] ??= {
      ...(Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<FuzzClass, number>),
      peakRssMb: 0,
      maxMs: 0,
    };
    const e = byExt[r.ext];
    e[r.cls]++;
    totals[r.cls]++;
    if (r.code && r.cls === 'catalogue') codes[r.code] = (codes[r.code] ?? 0) + 1;
    // The growth of the worker's RSS during the case (the worker is reused, so absolute RSS
    // includes what earlier cases left for the GC).
    const mb = Math.round(Math.max(0, (r.peakRss ?? 0) - (r.baseRss ?? 0)) / 1e6);
    e.peakRssMb = Math.max(e.peakRssMb, mb);
    e.maxMs = Math.max(e.maxMs, r.ms);
    peak = Math.max(peak, mb);
  }
  const report: CampaignReport = {
    seed: opts.seed,
    requested: opts.cases,
    ran: results.length,
    ms: Date.now() - t0,
    byExt,
    totals,
    codes,
    failures: results.filter((r) => r.cls !== 'ok' && r.cls !== 'catalogue'),
    peakRssMb: peak,
    cases: results
      .sort((a, b) => a.id - b.id)
      .map((r) => [
        r.id,
        r.ext,
        r.mutator,
        r.cls,
        r.code ?? '',
        r.ms,
        Math.round(((r.peakRss ?? 0) - (r.baseRss ?? 0)) / 1e6),
      ]),
  };
  if (opts.outDir)
    writeFileSync(
      join(
        opts.outDir,
        `fuzz-${opts.seed}-${opts.start ? `${opts.start}-` : ''}${opts.cases}${opts.formats ? `-${opts.formats.join('+')}` : ''}.json`,
      ),
      JSON.stringify(report, null, 2),
    );
  return report;
}

/** The report as a Markdown table: cases by format x class, peak RSS and slowest case. */
export function formatReport(r: CampaignReport): string {
  const lines = [
    `seed ${r.seed}: ${r.ran} of ${r.requested} cases in ${(r.ms / 1000).toFixed(0)} s; largest RSS growth of one case ${r.peakRssMb} MB`,
    '',
    '| format | cases | ok | catalogue | unclean | hang | crash | peak RSS growth MB | slowest ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const ext of FUZZ_EXTENSIONS) {
    const e = r.byExt[ext];
    if (!e) continue;
    const n = CLASSES.reduce((s, c) => s + e[c], 0);
    lines.push(
      `| ${ext} | ${n} | ${e.ok} | ${e.catalogue} | ${e.unclean} | ${e.hang} | ${e.crash} | ${e.peakRssMb} | ${e.maxMs} |`,
    );
  }
  const t = r.totals;
  lines.push(
    `| **all** | ${r.ran} | ${t.ok} | ${t.catalogue} | ${t.unclean} | ${t.hang} | ${t.crash} | ${r.peakRssMb} | |`,
  );
  lines.push(
    '',
    `catalogue codes: ${Object.entries(r.codes)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const f of r.failures.slice(0, 30))
    lines.push(`- ${f.cls} #${f.id} ${f.ext} (${f.seed}, ${f.mutator}): ${(f.error ?? '').split('\n')[0]}`);
  return lines.join('\n');
}
