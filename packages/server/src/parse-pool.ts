import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DistillError, type emitResult, type ParseOptions } from '@distill/core';
import type { GoAhead, ParseJob, ParseReply } from './parse-worker.js';

/**
 * The built worker when there is one (dist/ beside src/), else the TypeScript source through
 * tsx, as the batch pool does.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('../dist/parse-worker.js', import.meta.url));
  if (existsSync(built)) return { filename: built, execArgv: [] };
  const source = fileURLToPath(new URL('../src/parse-worker.ts', import.meta.url));
  return { filename: source, execArgv: ['--conditions=distill-source', '--import', 'tsx'] };
}

export interface ParsePoolOptions {
  /** Worker threads at most (started on demand, ended after `idleMs` without work). */
  size?: number;
  /** Heap cap of each worker in MB: a document needing more fails alone with 413. */
  maxHeapMb?: number;
  /** Past the parse's own timeout, how long before the thread is ended (a parser stuck in a loop). */
  graceMs?: number;
  /**
   * A thread whose heap has grown past this many MB by the end of a job is replaced by a fresh
   * one (default 384): V8 keeps a heap it grew for one big document, so without this the
   * server's memory after a big upload would stay at its high-water mark for good.
   */
  recycleHeapMb?: number;
  /**
   * A thread idle this long after a job is ended (default 30 s): each thread's heap grows to
   * what its busiest stretch needed and V8 keeps it, so a server back at rest hands that memory
   * back; when the last one goes, a fresh thread is started so the next request finds one warm.
   */
  idleMs?: number;
}

export interface IsolatedParse {
  data: ReturnType<typeof emitResult>;
  format: string;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Set while a thread that has parsed something sits idle: it ends the thread when it fires. */
  idle?: NodeJS.Timeout;
}

/**
 * Parses documents in worker threads with a heap cap each. A thread that runs out of memory,
 * overruns its deadline or dies is replaced; its request gets a catalogue error and the others,
 * and the event loop answering /v2/health, go on.
 */
export class ParsePool {
  private readonly slots: Slot[] = [];
  private readonly waiting: ((s: Slot) => void)[] = [];
  readonly size: number;
  readonly maxHeapMb: number;
  private readonly graceMs: number;
  private readonly recycleHeapMb: number;
  private readonly idleMs: number;
  private closed = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(opts: ParsePoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(4, availableParallelism()));
    this.maxHeapMb = opts.maxHeapMb ?? 1536;
    this.graceMs = opts.graceMs ?? 10_000;
    this.recycleHeapMb = opts.recycleHeapMb ?? 384;
    this.idleMs = opts.idleMs ?? 30_000;
  }

  private spawn(): Slot {
    const { filename, execArgv } = workerFile();
    const worker = new Worker(filename, {
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, busy: false };
    // An idle thread that dies is dropped (a busy one is handled by its job).
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (slot.busy) return;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
    });
    return slot;
  }

  /** The ids of the threads alive now (for stats and tests). */
  threadIds(): number[] {
    return this.slots.map((s) => s.worker.threadId);
  }

  /** Starts one thread ahead of the first request, so it has loaded the engine by then. */
  warm(): void {
    if (this.slots.length === 0 && !this.closed) this.slots.push(this.spawn());
  }

  private acquire(): Promise<Slot> {
    const idle = this.slots.find((s) => !s.busy);
    if (idle) {
      clearTimeout(idle.idle);
      idle.busy = true;
      return Promise.resolve(idle);
    }
    if (this.slots.length < this.size) {
      const s = this.spawn();
      s.busy = true;
      this.slots.push(s);
      return Promise.resolve(s);
    }
    return new Promise((res) => this.waiting.push(res));
  }

  private release(s: Slot, broken: boolean): void {
    let slot = s;
    if (broken) {
      void s.worker.terminate();
      const i = this.slots.indexOf(s);
      if (this.closed) {
        if (i >= 0) this.slots.splice(i, 1);
        return;
      }
      slot = this.spawn();
      if (i >= 0) this.slots[i] = slot;
    }
    const next = this.waiting.shift();
    if (next) {
      slot.busy = true;
      next(slot);
    } else {
      slot.busy = false;
      // A replacement thread has parsed nothing yet: only a thread that worked is ended when idle.
      if (slot === s) {
        slot.idle = setTimeout(() => this.retire(slot), this.idleMs);
        slot.idle.unref();
      }
    }
  }

  /** Ends a thread that sat idle; the last one is replaced by a fresh (small) one. */
  private retire(slot: Slot): void {
    if (slot.busy || this.closed) return;
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    void slot.worker.terminate();
    this.warm();
  }

  /**
   * Parses one document on a thread. With `admit`, a document whose cost the thread can read
   * before parsing (a PDF's page count) is priced first: `admit(pages)` decides, and when it
   * throws the parse never starts and the request fails with its error.
   */
  async parse(
    job: Omit<ParseJob, 'options' | 'priceFirst'> & { options: ParseOptions },
    signal?: AbortSignal,
    admit?: (pages: number) => Promise<void>,
  ): Promise<IsolatedParse> {
    if (this.closed)
      throw new DistillError('SERVICE_UNAVAILABLE', 'Service Unavailable: the server is closing');
    const work = this.runJob({ ...job, priceFirst: admit !== undefined }, signal, admit);
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  private async runJob(
    job: Omit<ParseJob, 'options'> & { options: ParseOptions },
    signal: AbortSignal | undefined,
    admit: ((pages: number) => Promise<void>) | undefined,
  ): Promise<IsolatedParse> {
    const slot = await this.acquire();
    // The bytes are copied once into a buffer the thread then owns (transferred, not cloned).
    const bytes = new Uint8Array(job.bytes);
    return new Promise<IsolatedParse>((resolve, reject) => {
      const w = slot.worker;
      let settled = false;
      const finish = (broken: boolean, f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        this.release(slot, broken);
        f();
      };
      const onMessage = (r: ParseReply) => {
        if ('pages' in r) {
          // The thread waits, having parsed nothing, until the cost is admitted or refused.
          const go = admit ? admit(r.pages) : Promise.resolve();
          go.then(
            () => {
              if (!settled) w.postMessage({ go: true } satisfies GoAhead);
            },
            (e: unknown) => {
              if (settled) return;
              // Told before the slot is freed, so the thread is idle again when the next job comes.
              w.postMessage({ go: false } satisfies GoAhead);
              finish(false, () => reject(e));
            },
          );
          return;
        }
        // A thread left holding a big heap is replaced, which hands that memory back.
        finish(r.heapMb > this.recycleHeapMb, () =>
          r.ok
            ? resolve({ data: r.data, format: r.format })
            : reject(
                new DistillError(r.code, r.message, r.details === undefined ? {} : { details: r.details }),
              ),
        );
      };
      const onError = (e: Error & { code?: string }) =>
        finish(true, () =>
          reject(
            e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(e.message)
              ? new DistillError(
                  'PAYLOAD_TOO_LARGE',
                  `Payload Too Large: the document needs more memory than one parse may use (${this.maxHeapMb} MB)`,
                )
              : new DistillError(
                  'FILE_CORRUPT',
                  `Unprocessable Entity: the parser failed on this file (${e.message})`,
                  {
                    cause: e,
                  },
                ),
          ),
        );
      const onExit = (code: number) =>
        finish(true, () =>
          reject(
            new DistillError('UNKNOWN_ERROR', `Internal Server Error: the parse worker exited (${code})`),
          ),
        );
      const onAbort = () =>
        finish(true, () =>
          reject(new DistillError('REQUEST_TIMEOUT', 'Request Timeout: the request was cancelled')),
        );
      const timer = setTimeout(
        () =>
          finish(true, () =>
            reject(
              new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout'),
            ),
          ),
        job.options.timeout + this.graceMs,
      );
      w.on('message', onMessage);
      w.once('error', onError);
      w.once('exit', onExit);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      w.postMessage({ ...job, bytes } satisfies ParseJob, [bytes.buffer]);
    });
  }

  /** Refuses new parses, lets those in flight finish, then ends the threads. */
  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots) clearTimeout(s.idle);
    await Promise.allSettled([...this.inFlight]);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }
}
