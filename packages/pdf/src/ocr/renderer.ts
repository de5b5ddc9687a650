import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { resolveOptional } from '../optional.js';
import { startWorker, type WorkerScript } from '../pool.js';
import { pdfEnv } from '../settings.js';
import { PageSource } from './page-source.js';
import type { Rendered, RenderedPage } from './render.js';

export type { Rendered };

export interface PageRenderer {
  /**
   * Renders a page at about `dpi` (capped for huge pages; exactly `dpi` when `fixed`), turned
   * clockwise by `rotation` on top of its own rotation.
   */
  render(pageNumber: number, dpi: number, rotation?: 0 | 90 | 180 | 270, fixed?: boolean): Promise<Rendered>;
  close(): Promise<void>;
}

/** Rendering in this thread: for tests and scripts running from source without workers. */
class InlineRenderer implements PageRenderer {
  private constructor(private readonly source: PageSource) {}

  static async open(bytes: Uint8Array): Promise<InlineRenderer> {
    return new InlineRenderer(await PageSource.open(bytes));
  }

  render(n: number, target: number, rotation: 0 | 90 | 180 | 270 = 0, fixed = false): Promise<Rendered> {
    return this.source.render(n, target, rotation, fixed);
  }

  close(): Promise<void> {
    return this.source.close();
  }
}

/** Heap of a rendering thread: canvases are native memory, pdf.js's objects and images are not. */
const RENDER_HEAP_MB = 768;

interface Pending {
  resolve: (r: Rendered) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Rendering on a worker thread, one page at a time per request, each within a time budget:
 * past it the thread is terminated (pdf.js cannot be interrupted) and the page fails; the
 * next request starts a fresh thread on the same document.
 */
class WorkerRenderer implements PageRenderer {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 0;
  private pending = new Map<number, Pending>();

  constructor(
    private readonly script: WorkerScript,
    private readonly bytes: Uint8Array,
    private readonly budgetMs: number,
  ) {}

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    // A heap cap as the page workers have: a page pdf.js cannot draw within it fails alone.
    const w = startWorker(this.script, { resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB } });
    this.worker = w;
    this.ready = new Promise<void>((resolve, reject) => {
      const onFail = (e: Error) => {
        this.fail(e);
        reject(e);
      };
      w.on(
        'message',
        (m: {
          type: string;
          id?: number;
          message?: string;
          shot?: RenderedPage;
          view?: [number, number];
          fromImage?: boolean;
        }) => {
          if (m.type === 'ready') resolve();
          else if (m.type === 'open-error') onFail(new Error(m.message));
          else if (m.id !== undefined) {
            const p = this.pending.get(m.id);
            if (!p) return;
            this.pending.delete(m.id);
            clearTimeout(p.timer);
            if (m.type === 'rendered')
              p.resolve({ shot: m.shot!, view: m.view!, ...(m.fromImage ? { fromImage: true } : {}) });
            else p.reject(new Error(m.message ?? 'rendering failed'));
          }
        },
      );
      w.on('error', onFail);
      w.on('exit', () => {
        if (this.worker === w) this.fail(new Error('the rendering thread stopped'));
      });
      // A copy: the caller's bytes stay usable.
      w.postMessage({ type: 'open', bytes: this.bytes });
    });
    this.ready.catch(() => {});
    return this.ready;
  }

  /** Fails every page waiting on the current thread, and drops the thread. */
  private fail(e: Error): void {
    const w = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(e);
      this.pending.delete(id);
    }
    void w?.terminate();
  }

  async render(n: number, dpi: number, rotation: 0 | 90 | 180 | 270 = 0, fixed = false): Promise<Rendered> {
    await this.start();
    const w = this.worker!;
    const id = this.nextId++;
    return new Promise<Rendered>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new Error(`rendering took longer than ${this.budgetMs / 1000} s`)),
        this.budgetMs,
      );
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      w.postMessage({ type: 'render', id, pageNumber: n, dpi, rotation, fixed });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (!w) return;
    w.postMessage({ type: 'close' });
    // A thread that does not stop on its own is stopped.
    const t = setTimeout(() => void w.terminate(), 2_000);
    t.unref();
    await new Promise<void>((resolve) => w.once('exit', () => resolve()));
    clearTimeout(t);
  }
}

/**
 * The built rendering worker beside this module; from source, the source one when
 * DISTILL_PDF_WORKERS=source (as for page layout); DISTILL_PDF_WORKERS=0 renders in this thread.
 */
export function renderWorkerScript(): WorkerScript | undefined {
  const workers = pdfEnv.pdfWorkers();
  if (workers === 'off') return undefined;
  try {
    for (const name of ['./render-worker.js', './ocr/render-worker.js']) {
      const url = new URL(name, import.meta.url);
      if (existsSync(fileURLToPath(url)) && !import.meta.url.endsWith('.ts')) return { url };
    }
    if (import.meta.url.endsWith('.ts') && workers === 'source')
      return {
        url: new URL('./render-worker.ts', import.meta.url),
        execArgv: ['--conditions=distill-source'],
      };
  } catch {
    // No worker: render here.
  }
  return undefined;
}

/** A renderer for a document: on a worker thread when one is available, else in this thread. */
export async function openRenderer(
  bytes: Uint8Array,
  opts: { worker?: WorkerScript | false; budgetMs?: number } = {},
): Promise<PageRenderer> {
  const script = opts.worker === false ? undefined : (opts.worker ?? renderWorkerScript());
  if (!script) return InlineRenderer.open(bytes);
  if (!resolveOptional('@napi-rs/canvas')) {
    // Fails there with the error naming the package to install.
    return InlineRenderer.open(bytes);
  }
  return new WorkerRenderer(script, bytes, opts.budgetMs ?? 60_000);
}
