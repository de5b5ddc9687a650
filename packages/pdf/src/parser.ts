import { DistillError, type Doc, type ParserPlugin } from '@distill/core';
import { layoutsToBlocks } from './assemble/to-doc.js';
import { readMetadata } from './extract/metadata.js';
import { processPage } from './extract/process-page.js';
import { applyOcr, type PdfMode } from './ocr/apply.js';
import { markOcrBlocks } from './ocr/mark.js';
import type { OcrSettings } from './ocr/run.js';
import { openPdf } from './pdfjs.js';
import { defaultWorkerScript, layoutPagesInWorkers, type WorkerScript, workerCount } from './pool.js';
import type { PageLayout } from './types.js';

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
  /** `fast`: text layer only; `auto` (default): OCR for pages without usable text; `ocr`: every page. */
  mode?: PdfMode;
  /** OCR pool, languages and resolution. */
  ocr?: OcrSettings;
  /** Languages the caller expects (`de`, `en-US`), tried for OCR when their packages are installed. */
  languageHints?: string[];
}

const HEADER_WINDOW = 1024;

function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, HEADER_WINDOW)).toString('latin1');
  return head.includes('%PDF-');
}

/**
 * Parses a PDF to the document model: the text layer (fast), OCR where `auto` finds it needed,
 * or OCR on every page (`ocr`). Text-layer pages are laid out
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
  const signal = settings.signal ?? new AbortController().signal;
  const doc = await openPdf(bytes);
  try {
    const totalPages = doc.numPages;
    if (!totalPages) throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the PDF has no pages');
    const count = Math.min(totalPages, settings.maxPages ?? totalPages);
    const metadata = await readMetadata(doc);
    const pageNumbers = Array.from({ length: count }, (_, i) => i + 1);
    const script = settings.worker === false ? undefined : (settings.worker ?? defaultWorkerScript());
    const minPages = settings.workerMinPages ?? 1;
    const mode = settings.mode ?? 'auto';
    let layouts: PageLayout[];
    if (mode === 'ocr') {
      // Every page is OCR'd: the text layer is not read at all.
      layouts = pageNumbers.map((pageNumber) => ({ pageNumber, width: 0, height: 0, blocks: [], chars: 0 }));
    } else if (script && count >= minPages) {
      layouts = await layoutPagesInWorkers(bytes, pageNumbers, script, {
        workers: workerCount(count),
        signal,
        pageTimeoutMs: settings.pageTimeoutMs ?? 30_000,
      }).catch((e) => {
        throw signal.aborted
          ? new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout', {
              cause: e,
            })
          : e;
      });
    } else {
      layouts = [];
      for (const n of pageNumbers) {
        settings.checkpoint?.();
        layouts.push(await processPage(doc, n));
      }
    }
    const ocr = await applyOcr(bytes, layouts, {
      mode,
      settings: settings.ocr ?? {},
      languageHints: [...(settings.languageHints ?? []), metadata.language as string | undefined],
      signal,
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
    const { blocks, pages } = layoutsToBlocks(layouts);
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
      },
      warnings: warnings.length ? warnings : undefined,
    };
  } finally {
    await doc.destroy();
  }
}

/** The `pdf` format for the registry: the spec's modes, honouring maxPages and the timeout. */
export const pdfParser: ParserPlugin = {
  name: 'pdf',
  formats: ['pdf'],
  async parse(bytes, ctx) {
    const doc = await parsePdf(bytes, {
      maxPages: ctx.pdf?.maxPages,
      mode: ctx.pdf?.mode ?? 'auto',
      signal: ctx.signal,
      checkpoint: () => ctx.checkpoint(),
    });
    // Warnings reach the result through doc.warnings; ctx.warn would repeat them.
    return doc;
  },
};
