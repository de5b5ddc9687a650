import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type Piscina from 'piscina';
import type { ConvertOutcome, ConvertTask } from './convert.js';

/**
 * The built worker when there is one (dist/ sits beside src/ in the package), else the
 * TypeScript source through tsx, so `pnpm distill batch` also works from a checkout.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('../dist/worker.js', import.meta.url));
  if (existsSync(built)) return { filename: built, execArgv: [...NO_REQUIRE_ESM] };
  const source = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
  return {
    filename: source,
    execArgv: ['--conditions=distill-source', '--import', 'tsx', ...NO_REQUIRE_ESM],
  };
}

/**
 * piscina loads the worker with require() first and import() second. Node 20.19+ lets require()
 * load ES modules, and on Node 20 that path can abort the whole process ("IsGraphAsync must be
 * used on an instantiated module", seen in CI). Turned off, require() fails at once and piscina
 * imports the module the ordinary way.
 */
const NO_REQUIRE_ESM = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : [];

export interface PoolOptions {
  /** Worker threads; default: the machine's cores. */
  concurrency?: number;
  /** Heap cap per worker in MB, so one hostile file cannot take the process down. */
  maxHeapMb?: number;
}

/**
 * The default heap cap of a worker: DISTILL_BATCH_HEAP_MB, else 1536 MB as the server's parse
 * threads have. It was 4 GB: on a machine of a few cores that let one file's runaway parse
 * take most of the memory before it failed, and several at once more than there was.
 */
export function defaultBatchHeapMb(): number {
  const v = Number(process.env.DISTILL_BATCH_HEAP_MB);
  return Number.isInteger(v) && v >= 64 ? v : 1536;
}

/** Tesseract workers for each of `threads` threads: their share of the cores, at least one. */
export const ocrShare = (threads: number): string =>
  String(Math.max(1, Math.floor(availableParallelism() / threads)));

/**
 * A pool of worker threads, each with its own engine, that converts files. piscina (and the
 * threads) start with the first file, so importing this package, as `distill parse` does for
 * its folder walk, loads no thread pool.
 */
export class ConvertPool {
  private pool?: Promise<Piscina>;
  readonly size: number;
  readonly maxHeapMb: number;

  constructor(opts: PoolOptions = {}) {
    this.size = Math.max(1, opts.concurrency ?? availableParallelism());
    this.maxHeapMb = opts.maxHeapMb ?? defaultBatchHeapMb();
  }

  private start(): Promise<Piscina> {
    this.pool ??= import('piscina').then(({ Piscina }) => {
      const { filename, execArgv } = workerFile();
      return new Piscina({
        filename,
        execArgv,
        minThreads: this.size,
        maxThreads: this.size,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
        // Each thread has its own engine, so its own OCR pool, which would start a tesseract
        // worker per core: a thread per core times a worker per core. Each thread's share of the
        // cores keeps them busy with scans as with text, unless the user chose (DISTILL_OCR_WORKERS).
        env: { ...process.env, DISTILL_OCR_WORKERS: process.env.DISTILL_OCR_WORKERS ?? ocrShare(this.size) },
      });
    });
    return this.pool;
  }

  /**
   * Converts one file. `hardTimeoutMs` ends the worker thread itself, for parsers stuck in a
   * loop that never reaches a checkpoint; a new thread takes its place.
   */
  async run(task: ConvertTask, hardTimeoutMs: number): Promise<ConvertOutcome> {
    // The hard timeout counts from when a thread takes the file: the batch submits more files
    // than there are threads, and a file queued behind a slow one timed out without starting.
    await this.acquire();
    try {
      return await this.runNow(task, hardTimeoutMs);
    } finally {
      this.release();
    }
  }

  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  private async acquire(): Promise<void> {
    if (this.busy < this.size) {
      this.busy++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy--;
  }

  private async runNow(task: ConvertTask, hardTimeoutMs: number): Promise<ConvertOutcome> {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), hardTimeoutMs);
    const t0 = performance.now();
    try {
      const pool = await this.start();
      return (await pool.run(task, { signal: ac.signal })) as ConvertOutcome;
    } catch (e) {
      const aborted = ac.signal.aborted;
      const oom = /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(String((e as Error)?.message ?? e));
      return {
        path: task.path,
        outStem: task.outStem,
        status: 'error',
        size: 0,
        code: aborted ? 'REQUEST_TIMEOUT' : oom ? 'PAYLOAD_TOO_LARGE' : 'UNKNOWN_ERROR',
        error: aborted
          ? `Request Timeout: converting took longer than ${hardTimeoutMs} ms`
          : oom
            ? `Payload Too Large: the file needs more memory than a worker may use (${this.maxHeapMb} MB heap)`
            : `Internal Server Error: ${(e as Error)?.message ?? e}`,
        retryable: !oom,
        ms: Math.round(performance.now() - t0),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.pool) await (await this.pool).destroy();
  }
}
