import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageLayout } from './types.js';

export interface WorkerScript {
  url: URL;
  execArgv?: string[];
}

/** The built worker beside this module (dist/worker.js), or undefined when running from src. */
export function defaultWorkerScript(): WorkerScript | undefined {
  try {
    const url = new URL('./worker.js', import.meta.url);
    return existsSync(fileURLToPath(url)) ? { url } : undefined;
  } catch {
    return undefined;
  }
}

export function workerCount(pages: number): number {
  return Math.max(1, Math.min(availableParallelism(), 4, Math.ceil(pages / 4)));
}

interface Slot {
  worker: Worker;
  busy?: number;
  alive: boolean;
}

/**
 * Lays out pages on worker threads, each with its own pdf.js and a copy-free view of the
 * bytes. Pages are handed out one at a time, so each worker holds one page's objects at once
 * and a slow page never stalls the rest. A worker that dies costs its page (marked as an
 * error), not the document; `fallback` lays out what is left if every worker is gone.
 */
export async function layoutPagesInWorkers(
  bytes: Uint8Array,
  pageNumbers: number[],
  script: WorkerScript,
  opts: {
    workers: number;
    signal: AbortSignal;
    fallback: (pageNumber: number) => Promise<PageLayout>;
    onPage?: () => void;
  },
): Promise<PageLayout[]> {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  const results = new Map<number, PageLayout>();
  const queue = pageNumbers.slice();
  const slots: Slot[] = [];

  return await new Promise<PageLayout[]>((resolve, reject) => {
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', onAbort);
      for (const s of slots) {
        s.alive = false;
        void s.worker.terminate();
      }
      if (err) reject(err);
      else resolve(pageNumbers.map((n) => results.get(n)!));
    };
    const onAbort = () => finish(opts.signal.reason ?? new Error('aborted'));
    opts.signal.addEventListener('abort', onAbort, { once: true });

    const checkDone = async () => {
      if (settled) return;
      if (results.size === pageNumbers.length) return finish();
      if (slots.every((s) => !s.alive)) {
        // Every worker failed: finish in this thread.
        try {
          for (const n of pageNumbers) if (!results.has(n)) results.set(n, await opts.fallback(n));
          finish();
        } catch (e) {
          finish(e);
        }
      }
    };
    const dispatch = (slot: Slot) => {
      const next = queue.shift();
      if (next === undefined) {
        slot.busy = undefined;
        return;
      }
      slot.busy = next;
      slot.worker.postMessage({ type: 'page', pageNumber: next });
    };

    for (let i = 0; i < opts.workers; i++) {
      const worker = new Worker(script.url, {
        execArgv: script.execArgv,
        // A hostile page is cut off at this heap size instead of taking the process down.
        resourceLimits: { maxOldGenerationSizeMb: 384 },
      });
      const slot: Slot = { worker, alive: true };
      slots.push(slot);
      worker.on('message', (msg: { type: string; layout?: PageLayout; message?: string }) => {
        if (settled) return;
        if (msg.type === 'ready') dispatch(slot);
        else if (msg.type === 'page' && msg.layout) {
          results.set(msg.layout.pageNumber, msg.layout);
          opts.onPage?.();
          dispatch(slot);
          void checkDone();
        } else if (msg.type === 'error') {
          if (slot.busy !== undefined) {
            results.set(slot.busy, errorLayout(slot.busy, msg.message ?? 'failed'));
            dispatch(slot);
            void checkDone();
          } else {
            slot.alive = false;
            void worker.terminate();
            void checkDone();
          }
        }
      });
      const onGone = (err?: unknown) => {
        if (!slot.alive || settled) return;
        slot.alive = false;
        if (slot.busy !== undefined)
          results.set(slot.busy, errorLayout(slot.busy, (err as Error)?.message ?? 'worker stopped'));
        void checkDone();
      };
      worker.on('error', onGone);
      worker.on('exit', () => onGone());
      worker.postMessage({ type: 'open', bytes: shared });
    }
  });
}

export function errorLayout(pageNumber: number, message: string): PageLayout {
  return { pageNumber, width: 612, height: 792, blocks: [], chars: 0, error: message };
}
