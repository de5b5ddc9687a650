import { DistillError, type DocMetadata, docPages, type PageOfDoc } from '@distill/core';
import { joinContinuedTables } from './assemble/continued-tables.js';
import { type DocStats, docStats, layoutsToBlocks } from './assemble/to-doc.js';
import { processPage } from './extract/process-page.js';
import { applyOcr } from './ocr/apply.js';
import { inkCheckWanted, ocrReason } from './ocr/decide.js';
import { markOcrBlocks, type OcrPageInfo } from './ocr/mark.js';
import { finishPage, looksLikePdf, type PdfParseSettings, parsePdf } from './parser.js';
import { openPdf, type PdfDocument } from './pdfjs.js';
import type { FastPdf } from './reader/index.js';
import { openFast, processFastPage } from './reader/process.js';
import type { PageLayout } from './types.js';

/**
 * Pages read before the first one is given out, to learn the document's body size and heading
 * tiers (parse() learns them from every page). Eight pages hold a report's title page,
 * contents and first chapter, and keep the first page within a second on a 1,000-page file
 * (16 took 3.4 s on the shared machine at load 20, `pnpm bench pages`).
 */
export const STATS_WINDOW = 8;

interface Laid {
  layout: PageLayout;
  ocr?: OcrPageInfo;
  /** What OCR warned about on this page (a language package missing). */
  warnings?: string[];
}

/**
 * A PDF page by page: each page's blocks as soon as it is laid out, in order, with nothing of
 * the earlier pages kept but the statistics of the first STATS_WINDOW and the one page held
 * back to join a table continued onto the next. Pages are read in this thread by the fast
 * reader (pdf.js for a page it gives up; OCR, in `auto`, for a page without usable text).
 * A document the fast reader cannot open, and `ocr` mode, are parsed whole and then given
 * page by page.
 */
export async function* parsePdfPages(
  bytes: Uint8Array,
  settings: PdfParseSettings = {},
): AsyncGenerator<PageOfDoc, void, undefined> {
  if (!looksLikePdf(bytes))
    throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the file is not a PDF (no %PDF header)');
  const opened = settings.mode === 'ocr' ? undefined : await openFast(bytes);
  if (!opened || !('doc' in opened)) {
    yield* docPages(await parsePdf(bytes, settings));
    return;
  }
  const fast = opened.doc;
  const totalPages = fast.numPages;
  const count = Math.min(totalPages, settings.maxPages ?? totalPages);
  const metadata: DocMetadata = { ...fast.metadata(), numPages: count, totalPages };
  const reader = new PageReader(bytes, fast, count, settings);
  try {
    const head: (Laid | undefined)[] = [];
    for (let n = 1; n <= Math.min(count, STATS_WINDOW); n++) head.push(await reader.page(n));
    const stats = docStats(head.map((l) => (l as Laid).layout));
    const join = settings.continuedTables !== 'separate';
    let held: Laid | undefined;
    let first = true;
    const give = (l: Laid): PageOfDoc => {
      const out = toPage(l, stats, count, first ? metadata : undefined);
      first = false;
      return out;
    };
    for (let n = 1; n <= count; n++) {
      let next = head[n - 1] ?? (await reader.page(n));
      head[n - 1] = undefined; // released once given out
      if (held && join) {
        const [a, b] = joinContinuedTables([held.layout, next.layout]);
        held = { ...held, layout: a };
        next = { ...next, layout: b };
      }
      if (held) yield give(held);
      held = next;
    }
    if (held) yield give(held);
  } finally {
    await reader.close();
  }
}

/** One laid-out page as the engine takes it: blocks, page info, warnings. */
function toPage(l: Laid, stats: DocStats, totalPages: number, metadata?: DocMetadata): PageOfDoc {
  const { blocks, pages } = layoutsToBlocks([l.layout], { joinTables: false, stats });
  if (l.ocr) markOcrBlocks(blocks, pages, new Map([[l.layout.pageNumber, l.ocr]]));
  const warnings = [...(l.warnings ?? []), ...finishPage(l.layout)];
  return {
    pageNumber: l.layout.pageNumber,
    totalPages,
    blocks,
    page: pages[0],
    ...(metadata ? { metadata } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

/** Reads pages one at a time: the fast reader, pdf.js for a page it gives up, OCR where `auto` wants it. */
class PageReader {
  private pdfjs: PdfDocument | undefined;
  private readonly signal: AbortSignal;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly fast: FastPdf,
    private readonly count: number,
    private readonly settings: PdfParseSettings,
  ) {
    this.signal = settings.signal ?? new AbortController().signal;
  }

  async page(n: number): Promise<Laid> {
    this.settings.checkpoint?.();
    if (this.signal.aborted)
      throw new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout');
    const out = processFastPage(this.fast, n, this.settings.images);
    let layout: PageLayout;
    if ('layout' in out) layout = out.layout;
    else {
      this.pdfjs ??= await openPdf(this.bytes);
      layout = { ...(await processPage(this.pdfjs, n)), reader: 'pdfjs' };
    }
    let ocr: OcrPageInfo | undefined;
    const warnings: string[] = [];
    if (
      (this.settings.mode ?? 'auto') === 'auto' &&
      !layout.error &&
      (ocrReason(layout) || inkCheckWanted(layout))
    ) {
      const one = [layout];
      const read = await applyOcr(this.bytes, one, {
        mode: 'auto',
        settings: { ...this.settings.ocr, images: false },
        languageHints: this.settings.languageHints ?? [],
        signal: this.signal,
        checkpoint: () => this.settings.checkpoint?.(),
        warn: (m) => warnings.push(m),
      });
      layout = one[0];
      ocr = read.get(n);
    }
    this.settings.progress?.(n, this.count);
    return { layout, ...(ocr ? { ocr } : {}), ...(warnings.length ? { warnings } : {}) };
  }

  async close(): Promise<void> {
    await this.pdfjs?.destroy();
  }
}
