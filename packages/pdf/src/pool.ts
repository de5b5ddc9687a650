import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImageFiles } from '@distill/core';
import { pdfEnv } from './settings.js';
import type { PageLayout } from './types.js';

export interface WorkerScript {
  url: URL;
  execArgv?: string[];
}

/**
 * The built worker beside this module (dist/worker.js). Running from src (under tsx, as the
 * benchmarks do), the source worker, so both run pages the same way; DISTILL_PDF_WORKERS=0
 * turns workers off.
 */
export function defaultWorkerScript(): WorkerScript | undefined {
  const workers = pdfEnv.pdfWorkers();
  if (workers === 'off') return undefined;
  try {
    const url = new URL('./worker.js', import.meta.url);
    if (existsSync(fileURLToPath(url))) return { url };
    if (import.meta.url.endsWith('.ts') && workers === 'source') return sourceWorkerScript();
    return undefined;
  } catch {
    return undefined;
  }
}

/** The worker from source, through tsx: for tests and scripts that run without a build. */
export function sourceWorkerScript(): WorkerScript {
  return { url: new URL('./worker.ts', import.meta.url), execArgv: ['--conditions=distill-source'] };
}

/** A TypeScript worker starts from a bootstrap that registers tsx first (Node 20 cannot otherwise). */
export function startWorker(script: WorkerScript, options: ConstructorParameters<typeof Worker>[1]): Worker {
  // A built worker resolves packages as published: flags of a source run (tsx, the source
  // condition) are not passed on unless the script asks for them.
  if (!script.url.pathname.endsWith('.ts')) return new Worker(script.url, { execArgv: [], ...options });
  const resolve = (import.meta as { resolve?: (s: string) => string }).resolve;
  const tsxApi = resolve
    ? resolve('tsx/esm/api')
    : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(script.url.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}

export function workerCount(pages: number): number {
  return Math.max(1, Math.min(availableParallelism(), 4, Math.ceil(pages / 4)));
}

export function errorLayout(pageNumber: number, message: string): PageLayout {
  return { pageNumber, width: 612, height: 792, blocks: [], chars: 0, error: message };
}

/**
 * Workers kept between documents: starting a thread and loading pdf.js costs more than a
 * short document, so finished workers wait here briefly (unreferenced, so they never keep the
 * process alive) for the next one.
 */
const idle = new Map<string, Worker[]>();
const IDLE_MS = 5_000;
const idleTimers = new WeakMap<Worker, NodeJS.Timeout>();
/** Our listeners on a worker, so parking removes exactly those (Worker has its own). */
const ours = new WeakMap<Worker, [string, (...args: never[]) => void][]>();

function listen(w: Worker, event: string, fn: (...args: never[]) => void): void {
  w.on(event, fn as (...args: unknown[]) => void);
  const list = ours.get(w) ?? [];
  list.push([event, fn]);
  ours.set(w, list);
}

function unlisten(w: Worker): void {
  for (const [event, fn] of ours.get(w) ?? []) w.off(event, fn as (...args: unknown[]) => void);
  ours.delete(w);
}

function takeIdle(script: WorkerScript): Worker | undefined {
  const list = idle.get(script.url.href);
  const w = list?.pop();
  if (w) {
    clearTimeout(idleTimers.get(w));
    unlisten(w);
    w.ref();
  }
  return w;
}

function park(script: WorkerScript, w: Worker): void {
  unlisten(w);
  const key = script.url.href;
  const list = idle.get(key) ?? [];
  idle.set(key, list);
  list.push(w);
  const drop = () => {
    const i = list.indexOf(w);
    if (i >= 0) list.splice(i, 1);
  };
  listen(w, 'exit', drop);
  listen(w, 'error', drop);
  idleTimers.set(
    w,
    setTimeout(() => {
      drop();
      void w.terminate();
    }, IDLE_MS).unref(),
  );
  w.unref();
}

interface Slot {
  worker: Worker;
  busy?: number;
  timer?: NodeJS.Timeout;
  alive: boolean;
}

/**
 * Lays out pages on worker threads, each with its own pdf.js and a copy-free view of the
 * bytes. Pages are handed out one at a time, so a worker holds one page's objects at once.
 * pdf.js can block its thread for ever on hostile content (nested forms), so every page has
 * a time budget: past it the worker is terminated, the page marked as failed, and a fresh
 * worker carries on. Aborting the signal terminates everything at once.
 */
export async function layoutPagesInWorkers(
  bytes: Uint8Array,
  pageNumbers: number[],
  script: WorkerScript,
  opts: {
    workers: number;
    signal: AbortSignal;
    pageTimeoutMs: number;
    onPage?: () => void;
    fast?: boolean;
    /** Images as files: each worker writes the pictures of its pages itself. */
    imageFiles?: ImageFiles;
  },
): Promise<PageLayout[]> {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  const results = new Map<number, PageLayout>();
  const queue = pageNumbers.slice();
  const slots = new Set<Slot>();
  let respawns = 0;

  return await new Promise<PageLayout[]>((resolve, reject) => {
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', onAbort);
      for (const s of [...slots]) {
        if (!err && s.alive && s.busy === undefined) {
          slots.delete(s);
          clearTimeout(s.timer);
          park(script, s.worker);
        } else retire(s);
      }
      if (err) reject(err);
      else resolve(pageNumbers.map((n) => results.get(n) ?? errorLayout(n, 'not processed')));
    };
    const onAbort = () => finish(opts.signal.reason ?? new Error('aborted'));
    if (opts.signal.aborted) return onAbort();
    opts.signal.addEventListener('abort', onAbort, { once: true });

    const retire = (s: Slot) => {
      s.alive = false;
      clearTimeout(s.timer);
      slots.delete(s);
      void s.worker.terminate();
    };
    const settlePage = (s: Slot, layout: PageLayout) => {
      clearTimeout(s.timer);
      results.set(layout.pageNumber, layout);
      s.busy = undefined;
      opts.onPage?.();
    };
    const progress = () => {
      if (settled) return;
      if (results.size === pageNumbers.length) return finish();
      // Keep enough workers for what is left; a replaced worker is a new thread.
      while (queue.length > 0 && slots.size < opts.workers && respawns < pageNumbers.length + opts.workers) {
        respawns++;
        spawn();
      }
      if (slots.size === 0 && queue.length > 0) {
        for (const n of queue.splice(0)) results.set(n, errorLayout(n, 'no worker could process the page'));
        finish();
      }
    };
    const dispatch = (s: Slot) => {
      const next = queue.shift();
      if (next === undefined) return;
      s.busy = next;
      s.timer = setTimeout(() => {
        if (!s.alive || s.busy !== next) return;
        settlePage(s, errorLayout(next, `the page took longer than ${opts.pageTimeoutMs} ms`));
        retire(s);
        progress();
      }, opts.pageTimeoutMs);
      s.worker.postMessage({ type: 'page', pageNumber: next });
    };
    const spawn = () => {
      const worker =
        takeIdle(script) ??
        startWorker(script, {
          ...(script.execArgv ? { execArgv: script.execArgv } : {}),
          // A hostile page is cut off at this heap size instead of taking the process down.
          resourceLimits: { maxOldGenerationSizeMb: 160 },
        });
      const s: Slot = { worker, alive: true };
      slots.add(s);
      listen(worker, 'message', (msg: { type: string; layout?: PageLayout; message?: string }) => {
        if (settled || !s.alive) return;
        if (msg.type === 'ready') dispatch(s);
        else if (msg.type === 'page' && msg.layout) {
          settlePage(s, msg.layout);
          dispatch(s);
          progress();
        } else if (msg.type === 'error') {
          if (s.busy !== undefined) {
            settlePage(s, errorLayout(s.busy, msg.message ?? 'failed'));
            dispatch(s);
          } else {
            // The document did not open in the worker: no point in another.
            for (const n of queue.splice(0)) results.set(n, errorLayout(n, msg.message ?? 'failed'));
            retire(s);
          }
          progress();
        }
      });
      const gone = (err?: unknown) => {
        if (!s.alive || settled) return;
        if (s.busy !== undefined)
          settlePage(s, errorLayout(s.busy, (err as Error)?.message ?? 'worker stopped'));
        retire(s);
        progress();
      };
      listen(worker, 'error', gone);
      listen(worker, 'exit', () => gone());
      worker.postMessage({ type: 'open', bytes: shared, fast: !!opts.fast, imageFiles: opts.imageFiles });
    };
    for (let i = 0; i < opts.workers; i++) spawn();
  });
}
