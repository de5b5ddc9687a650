import {
  DistillError,
  type Doc,
  type DocMetadata,
  type ImageFiles,
  type ImageSink,
  type ParserPlugin,
} from '@distill/core';
import { layoutsToBlocks } from './assemble/to-doc.js';
import { readMetadata } from './extract/metadata.js';
import { processPage } from './extract/process-page.js';
import { applyOcr, type PdfMode } from './ocr/apply.js';
import { markOcrBlocks } from './ocr/mark.js';
import type { OcrSettings } from './ocr/run.js';
import { parsePdfPages } from './pages.js';
import { openPdf } from './pdfjs.js';
import { defaultWorkerScript, layoutPagesInWorkers, type WorkerScript, workerCount } from './pool.js';
import type { FastPdf } from './reader/index.js';
import { openFast, processFastPage } from './reader/process.js';
import { countDocument, countPages, countReason } from './reader/stats.js';
import { pdfEnv } from './settings.js';
import type { PageLayout } from './types.js';

/**
 * The signal a parse hands on (workers, pdf.js pages, OCR), read when one is handed on: the
 * engine's (see settingsOf) is made when first asked for, and one that is never given never fires.
 */
const signalOf = (settings: PdfParseSettings): AbortSignal => settings.signal ?? new AbortController().signal;

/** Whether this is the main thread; node:worker_threads loads only when asked (a few ms of start-up). */
const isMainThread = () => process.getBuiltinModule('node:worker_threads').isMainThread;

export interface PdfParseSettings {
  maxPages?: number;
  signal?: AbortSignal;
  warn?: (message: string) => void;
  checkpoint?: () => void;
  /** Worker script to use, `false` to stay in this thread; by default the built worker when present. */
  worker?: WorkerScript | false;
  /** Fewest pages to use workers for (default 1: a worker also contains a page that never ends). */
  workerMinPages?: number;
  /** Time budget of one page on a worker (ms). */
  pageTimeoutMs?: number;
  /** `pdfjs` skips the fast reader (for comparisons); by default it reads what it can. */
  reader?: 'auto' | 'pdfjs';
  /** Fewest pages to spread the fast reader over workers (below it, pages are read in this thread). */
  fastWorkerMinPages?: number;
  /** `fast`: text layer only; `auto` (default): OCR for pages without usable text; `ocr`: every page. */
  mode?: PdfMode;
  /** OCR pool, languages and resolution. */
  ocr?: OcrSettings;
  /** Languages the caller expects (`de`, `en-US`), tried for OCR when their packages are installed. */
  languageHints?: string[];
  /** Images as files: pictures are written through this sink (`imageFiles` for worker threads). */
  images?: ImageSink;
  imageFiles?: ImageFiles;
  /** Pages laid out so far of the total, as they finish. */
  progress?: (done: number, total: number) => void;
  /** Tables continued across a page break: joined (default) or kept apart. */
  continuedTables?: 'join' | 'separate';
}

const HEADER_WINDOW = 1024;

export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, HEADER_WINDOW)).toString('latin1');
  return head.includes('%PDF-');
}

/**
 * Parses a PDF to the document model in fast mode (embedded text only). Pages are laid out
 * in parallel on worker threads when the document is long enough and the built worker is
 * available, otherwise one after another in this thread.
 */
export async function parsePdf(bytes: Uint8Array, settings: PdfParseSettings = {}): Promise<Doc> {
  if (!looksLikePdf(bytes)) {
    throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the file is not a PDF (no %PDF header)');
  }
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    settings.warn?.(m);
  };
  const opened = settings.reader === 'pdfjs' ? { fallback: 'pdf.js asked for' } : await openFast(bytes);
  if ('doc' in opened) {
    countDocument();
    return parseFast(opened.doc, bytes, settings, warn, warnings);
  }
  countDocument(opened.fallback);
  const doc = await openPdf(bytes);
  try {
    const totalPages = doc.numPages;
    if (!totalPages) throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the PDF has no pages');
    const count = Math.min(totalPages, settings.maxPages ?? totalPages);
    const metadata = await readMetadata(doc);
    const labels = (await doc.getPageLabels().catch(() => null)) ?? undefined;
    const pageNumbers = Array.from({ length: count }, (_, i) => i + 1);
    const layouts =
      settings.mode === 'ocr'
        ? blankLayouts(pageNumbers)
        : await layoutWithPdfjs(bytes, pageNumbers, settings, signalOf(settings), doc);
    countPages(layouts.length, layouts.length);
    return withPageLabels(
      await finish(bytes, layouts, metadata, count, totalPages, settings, warn, warnings),
      labels,
    );
  } finally {
    await doc.destroy();
  }
}

const workerScript = (settings: PdfParseSettings) =>
  settings.worker === false ? undefined : (settings.worker ?? defaultWorkerScript());

/** Pages through pdf.js: on workers from the main thread, else here (no pools nested in a pool's thread). */
async function layoutWithPdfjs(
  bytes: Uint8Array,
  pageNumbers: number[],
  settings: PdfParseSettings,
  signal: AbortSignal,
  openDoc?: Awaited<ReturnType<typeof openPdf>>,
): Promise<PageLayout[]> {
  const script = workerScript(settings);
  const minPages = settings.workerMinPages ?? 1;
  if (script && pageNumbers.length >= minPages && isMainThread()) {
    const layouts = await inWorkers(bytes, pageNumbers, script, settings, signal, false);
    return layouts.map((l) => ({ ...l, reader: 'pdfjs' as const }));
  }
  const doc = openDoc ?? (await openPdf(bytes));
  try {
    const layouts: PageLayout[] = [];
    for (const n of pageNumbers) {
      settings.checkpoint?.();
      layouts.push({ ...(await processPage(doc, n)), reader: 'pdfjs' });
    }
    return layouts;
  } finally {
    if (!openDoc) await doc.destroy();
  }
}

function inWorkers(
  bytes: Uint8Array,
  pageNumbers: number[],
  script: WorkerScript,
  settings: PdfParseSettings,
  signal: AbortSignal,
  fast: boolean,
): Promise<PageLayout[]> {
  let done = 0;
  return layoutPagesInWorkers(bytes, pageNumbers, script, {
    workers: workerCount(pageNumbers.length),
    signal,
    pageTimeoutMs: settings.pageTimeoutMs ?? 30_000,
    fast,
    imageFiles: fast ? settings.imageFiles : undefined,
    onPage: settings.progress ? () => settings.progress?.(++done, pageNumbers.length) : undefined,
  }).catch((e) => {
    throw signal.aborted
      ? new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout', {
          cause: e,
        })
      : e;
  });
}

/**
 * The fast reader's path: pages read without pdf.js, here for short documents (or inside a
 * worker thread) and on workers for long ones; pages it cannot read go to pdf.js.
 */
async function parseFast(
  fast: FastPdf,
  bytes: Uint8Array,
  settings: PdfParseSettings,
  warn: (m: string) => void,
  warnings: string[],
): Promise<Doc> {
  const totalPages = fast.numPages;
  const count = Math.min(totalPages, settings.maxPages ?? totalPages);
  const metadata = fast.metadata();
  const labels = fast.pageLabels();
  const pageNumbers = Array.from({ length: count }, (_, i) => i + 1);
  // The worker script is looked up (a file check) only for documents long enough to use it.
  // The fast reader costs a few milliseconds a page, less than a round trip to a worker thread
  // for a short document; longer ones are spread over workers (measured on dpbench-dev).
  // (worker_threads, which isMainThread loads, is only asked about a document long enough.)
  const wantWorkers = count >= (settings.fastWorkerMinPages ?? pdfEnv.fastWorkerMinPages()) && isMainThread();
  const script = wantWorkers ? workerScript(settings) : undefined;
  let layouts: PageLayout[];
  if (settings.mode === 'ocr') {
    // Every page is OCR'd: the text layer is not read at all, only which images OCR will not
    // decode (so the warning can name them).
    layouts = blankLayouts(pageNumbers).map((l) => {
      const oversized = fast.oversizedImages(l.pageNumber);
      return oversized.length ? { ...l, oversizedImages: oversized } : l;
    });
  } else if (script && wantWorkers) {
    // Workers read with the fast reader and fall back to pdf.js themselves.
    layouts = await inWorkers(bytes, pageNumbers, script, settings, signalOf(settings), true);
  } else {
    layouts = [];
    const fallback: number[] = [];
    for (const n of pageNumbers) {
      // The engine's checkpoint reads its timeout's state: asking for its signal would make one.
      if (settings.checkpoint) settings.checkpoint();
      else if (settings.signal?.aborted)
        throw new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout');
      const out = processFastPage(fast, n, settings.images);
      settings.progress?.(n, count);
      if ('layout' in out) layouts.push(out.layout);
      else {
        countReason(out.fallback);
        fallback.push(n);
      }
    }
    if (fallback.length) {
      const slow = await layoutWithPdfjs(bytes, fallback, settings, signalOf(settings));
      layouts = [...layouts, ...slow].sort((a, b) => a.pageNumber - b.pageNumber);
    }
  }
  countPages(layouts.length, layouts.filter((l) => l.reader === 'pdfjs').length);
  return withPageLabels(
    await finish(bytes, layouts, metadata, count, totalPages, settings, warn, warnings),
    labels,
  );
}

/** The printed page labels on the document's pages, when the PDF declares them (/PageLabels). */
function withPageLabels(doc: Doc, labels: readonly string[] | undefined): Doc {
  if (!labels) return doc;
  for (const p of doc.pages ?? []) {
    const label = labels[p.pageNumber - 1];
    if (label !== undefined) p.label = label;
  }
  return doc;
}

/** Placeholders for `ocr` mode: pages with no text layer read, so OCR takes every one. */
const blankLayouts = (pageNumbers: number[]): PageLayout[] =>
  pageNumbers.map((pageNumber) => ({ pageNumber, width: 0, height: 0, blocks: [], chars: 0 }));

/** OCR where the mode asks for it, then the document model, with the OCR'd pages in metadata. */
export async function finish(
  bytes: Uint8Array,
  layouts: PageLayout[],
  metadata: DocMetadata,
  count: number,
  totalPages: number,
  settings: PdfParseSettings,
  warn: (m: string) => void,
  warnings: string[],
): Promise<Doc> {
  const ocr = await applyOcr(bytes, layouts, {
    mode: settings.mode ?? 'auto',
    settings: settings.ocr ?? {},
    languageHints: [...(settings.languageHints ?? []), metadata.language as string | undefined],
    // Read only when pages are OCR'd.
    get signal() {
      return signalOf(settings);
    },
    checkpoint: () => settings.checkpoint?.(),
    warn,
  });
  const failed = layouts.filter((l) => l.error);
  if (failed.length === layouts.length) {
    throw new DistillError(
      'FILE_CORRUPT',
      `Unprocessable Entity: no page of the PDF could be read (${failed[0]?.error ?? 'unknown error'})`,
    );
  }
  for (const f of failed) warn(`PDF page ${f.pageNumber} could not be read: ${f.error}`);
  imageWarnings(layouts, settings, warn);
  for (const l of layouts)
    if (l.cut?.length) warn(`PDF page ${l.pageNumber} was read in part: ${l.cut.join('; ')}.`);
  const { blocks, pages } = layoutsToBlocks(layouts, { joinTables: settings.continuedTables !== 'separate' });
  markOcrBlocks(blocks, pages, ocr);
  return {
    blocks,
    pages,
    metadata: {
      ...metadata,
      numPages: count,
      totalPages,
      // Spec: further metadata keys are strings; the 1-based pages OCR read, e.g. "2,5,6".
      ...(ocr.size ? { ocrPages: [...ocr.keys()].sort((a, b) => a - b).join(',') } : {}),
      // Why those pages were OCR'd, e.g. "2:no-text,5:image-page", so a reader of the result
      // (the inspector) can say what `auto` saw without the document model.
      ...(ocrReasons(ocr) ? { ocrReasons: ocrReasons(ocr) } : {}),
      // The OCR'd pages that were one scanned image, read from its pixels without drawing the
      // page, e.g. "1,2": which path a page took, for whoever compares them.
      ...(scanImagePages(ocr) ? { ocrScanImagePages: scanImagePages(ocr) } : {}),
      // The resolutions OCR read pages at below their rendering's, e.g. "150" (ocr/read-scale.ts).
      ...(readDpis(ocr) ? { ocrReadDpi: readDpis(ocr) } : {}),
      // The engine(s) that read the OCR'd pages, e.g. "native": the default depends on whether
      // the tesseract command is installed, so a reader of the result can see which one ran.
      ...(ocrEngines(ocr) ? { ocrEngine: ocrEngines(ocr) } : {}),
    },
    warnings: warnings.length ? warnings : undefined,
  };
}

/** A page's own warnings, page by page: unreadable, read in part, images not written. */
export function finishPage(l: PageLayout): string[] {
  const out: string[] = [];
  if (l.error) out.push(`PDF page ${l.pageNumber} could not be read: ${l.error}`);
  if (l.cut?.length) out.push(`PDF page ${l.pageNumber} was read in part: ${l.cut.join('; ')}.`);
  if (l.imageNotes?.length) out.push(`Images not written as files: ${l.imageNotes.join('; ')}.`);
  return out;
}

/** What images as files left out: pictures not written, pages whose pictures no reader here writes. */
function imageWarnings(layouts: PageLayout[], settings: PdfParseSettings, warn: (m: string) => void): void {
  if (!settings.images) return;
  const notes = layouts.flatMap((l) => l.imageNotes ?? []);
  const other = layouts.filter((l) => l.reader !== 'fast' && !l.error).map((l) => l.pageNumber);
  if (other.length)
    notes.push(
      `page${other.length > 1 ? 's' : ''} ${other.join(', ')} ${other.length > 1 ? 'were' : 'was'} read by pdf.js or OCR, whose pictures are not written`,
    );
  if (notes.length) warn(`Images not written as files: ${notes.join('; ')}.`);
}

function scanImagePages(ocr: ReadonlyMap<number, { fromImage?: boolean }>): string | undefined {
  const pages = [...ocr].filter(([, i]) => i.fromImage).map(([n]) => n);
  return pages.length ? pages.sort((a, b) => a - b).join(',') : undefined;
}

function readDpis(ocr: ReadonlyMap<number, { readDpi?: number }>): string | undefined {
  const dpis = new Set<number>();
  for (const i of ocr.values()) if (i.readDpi) dpis.add(Math.round(i.readDpi));
  return dpis.size ? [...dpis].sort((a, b) => a - b).join(',') : undefined;
}

function ocrEngines(ocr: ReadonlyMap<number, { engine?: string }>): string | undefined {
  const names = new Set<string>();
  for (const i of ocr.values()) if (i.engine) names.add(i.engine);
  return names.size ? [...names].sort().join(',') : undefined;
}

function ocrReasons(ocr: ReadonlyMap<number, { reason?: string }>): string | undefined {
  const parts = [...ocr]
    .filter(([, i]) => i.reason)
    .sort((a, b) => a[0] - b[0])
    .map(([n, i]) => `${n}:${i.reason}`);
  return parts.length ? parts.join(',') : undefined;
}

/** The `pdf` format for the registry: the spec's modes, honouring maxPages and the timeout. */
/** The settings a parse takes from the engine's context: one reading for parse and parsePages. */
const settingsOf = (ctx: Parameters<ParserPlugin['parse']>[1]): PdfParseSettings => ({
  maxPages: ctx.pdf?.maxPages,
  mode: ctx.pdf?.mode ?? 'auto',
  // A getter: the engine makes its signal when first read, and a page read here never reads it.
  get signal() {
    return ctx.signal;
  },
  checkpoint: () => ctx.checkpoint(),
  images: ctx.images,
  imageFiles: ctx.imageFiles,
  progress: ctx.progress,
  continuedTables: ctx.pdf?.continuedTables,
  ...(ctx.pdf?.ocrEngine ? { ocr: { engine: ctx.pdf.ocrEngine } } : {}),
});

export const pdfParser: ParserPlugin = {
  name: 'pdf',
  formats: ['pdf'],
  async parse(bytes, ctx) {
    const doc = await parsePdf(bytes, settingsOf(ctx));
    // Warnings reach the result through doc.warnings; ctx.warn would repeat them.
    return doc;
  },
  parsePages: (bytes, ctx) => parsePdfPages(bytes, settingsOf(ctx)),
};
