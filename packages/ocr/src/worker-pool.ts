import { DistillError } from '@distill/core';

/**
 * One reader of a pool, whatever runs behind it (a tesseract.js worker, a PaddleOCR worker
 * thread): it runs one job at a time.
 */
export interface PoolWorker<Req, Res> {
  run(request: Req): Promise<Res>;
  /** Keep the process alive while it works, and not while it idles. */
  ref(): void;
  unref(): void;
  terminate(): Promise<void>;
  /** True once the reader cannot take another job (its thread died): the pool drops it. */
  readonly dead?: boolean;
}

export interface WorkerPoolOptions<Req, Res> {
  size: number;
  /** Close the workers after this long without work (ms). */
  idleMs: number;
  /**
   * Starts a reader; rejects (best with a catalogue error) when it cannot. Called on demand, so
   * a missing package or model shows on the first page, not on creating the pool.
   */
  spawn: () => Promise<PoolWorker<Req, Res>>;
  /**
   * `all`: the first job starts every reader. `waiting`: as many as jobs are waiting or
   * announced by `prepare` (a reader's start-up, the wasm core and trained data or two models,
   * costs a core for most of a second: a one-page document starts one, and its second reader
   * would only slow the first down on two cores).
   */
  start: 'all' | 'waiting';
  /** What a reader's failed job becomes (the cause is the reader's error). */
  failure: (e: unknown) => unknown;
}

interface Slot<Req, Res> {
  worker: PoolWorker<Req, Res>;
  job?: Job<Req, Res>;
}

interface Job<Req, Res> {
  request: Req;
  resolve: (r: Res) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * The queue both OCR engines share: readers started for the jobs waiting or announced
 * (`prepare`) and kept across pages and documents, a job per free reader in arrival order,
 * idle readers never keeping the process alive and closed after `idleMs`. Aborting a job a
 * reader is on terminates that reader (neither engine can stop mid-page); a fresh one replaces
 * it on demand.
 */
export class WorkerPool<Req, Res> {
  readonly size: number;
  /** Milliseconds the pool's first start took (the readers started then, in parallel). */
  startupMs = 0;
  private readonly opts: WorkerPoolOptions<Req, Res>;
  private slots: Slot<Req, Res>[] = [];
  private starting = 0;
  private queue: Job<Req, Res>[] = [];
  /** Jobs documents said are coming (`prepare`), not yet withdrawn. */
  private announced = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(opts: WorkerPoolOptions<Req, Res>) {
    this.opts = opts;
    this.size = Math.max(1, Math.floor(opts.size));
  }

  /** Readers running or starting. */
  get workers(): number {
    return this.slots.length + this.starting;
  }

  /**
   * Runs one job on the first free reader; `signal` aborts it, queued or running. An `urgent`
   * job goes ahead of those waiting (the rest of a job already started).
   */
  run(request: Req, signal?: AbortSignal, urgent = false): Promise<Res> {
    if (this.closed) return Promise.reject(new DistillError('UNKNOWN_ERROR', 'OCR pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    return new Promise<Res>((resolve, reject) => {
      const job: Job<Req, Res> = { request, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          const i = this.queue.indexOf(job);
          if (i >= 0) this.queue.splice(i, 1);
          const slot = this.slots.find((s) => s.job === job);
          if (slot) {
            slot.job = undefined;
            this.slots = this.slots.filter((s) => s !== slot);
            void slot.worker.terminate().catch(() => {});
          }
          reject(signal.reason ?? new Error('aborted'));
          this.fill();
          this.pump();
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      if (urgent) this.queue.unshift(job);
      else this.queue.push(job);
      this.fill();
      this.pump();
    });
  }

  /**
   * Announces `jobs` coming soon (a document's pages, before they are rendered): readers for
   * them start now, so their start-up overlaps the work before the first job. Call the returned
   * function when the document is done; its jobs then no longer count.
   */
  prepare(jobs: number): () => void {
    if (this.closed || jobs <= 0) return () => {};
    this.announced += jobs;
    this.fill(true);
    let withdrawn = false;
    return () => {
      if (withdrawn) return;
      withdrawn = true;
      this.announced -= jobs;
    };
  }

  /** Starts readers for the jobs waiting or announced, up to the pool size (see `start`). */
  private fill(announced = false): void {
    if (this.queue.length === 0 && !announced) return;
    const busy = this.slots.filter((s) => s.job).length;
    // Announced jobs become queued ones: they count once, whichever is more.
    const coming = Math.max(busy + this.queue.length, this.announced);
    const wanted = this.opts.start === 'all' ? this.size : Math.min(this.size, coming);
    const missing = wanted - this.slots.length - this.starting;
    if (missing <= 0) return;
    const first = this.slots.length === 0 && this.starting === 0 && this.startupMs === 0;
    const t0 = performance.now();
    const starts: Promise<void>[] = [];
    for (let i = 0; i < missing; i++) {
      this.starting++;
      starts.push(
        this.opts.spawn().then(
          (worker) => {
            this.starting--;
            if (this.closed) {
              void worker.terminate().catch(() => {});
              return;
            }
            this.slots.push({ worker });
            this.pump();
          },
          (e) => {
            this.starting--;
            // No reader could start: the waiting jobs fail with the reason.
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
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.job = job;
      slot.worker.ref();
      slot.worker.run(job.request).then(
        (r) => this.done(slot, job, r),
        (e) => this.done(slot, job, undefined, this.opts.failure(e)),
      );
    }
    this.updateIdle();
  }

  private done(slot: Slot<Req, Res>, job: Job<Req, Res>, result?: Res, error?: unknown): void {
    // An aborted job's reader is gone already, and its promise settled.
    if (slot.job !== job) return;
    slot.job = undefined;
    if (slot.worker.dead) this.slots = this.slots.filter((s) => s !== slot);
    this.finish(job, result, error);
    this.fill();
    this.pump();
  }

  private finish(job: Job<Req, Res>, result?: Res, error?: unknown): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error !== undefined || result === undefined) job.reject(error);
    else job.resolve(result);
  }

  /** Idle readers are unreferenced, and the pool closes them after a while without work. */
  private updateIdle(): void {
    const busy = this.slots.some((s) => s.job) || this.queue.length > 0;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (busy) return;
    for (const s of this.slots) s.worker.unref();
    if (this.slots.length) {
      this.idleTimer = setTimeout(() => void this.shutdown(), this.opts.idleMs);
      this.idleTimer.unref();
    }
  }

  private async shutdown(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => {})));
  }

  /** Fails the waiting jobs and stops every reader; the pool cannot be used afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const job of this.queue.splice(0))
      this.finish(job, undefined, new DistillError('UNKNOWN_ERROR', 'OCR pool closed'));
    await this.shutdown();
  }
}
