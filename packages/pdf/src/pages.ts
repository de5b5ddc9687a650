import { DistillError, type DocMetadata, docPages, type PageOfDoc } from '@distill/core';
import { emptied, joinContinuedTables } from './assemble/continued-tables.js';
import { FurnitureWindow } from './assemble/furniture.js';
import { type DocStats, docStats, layoutsToBlocks } from './assemble/to-doc.js';
import { processPage } from './extract/process-page.js';
import { applyOcr } from './ocr/apply.js';
import { fastModeNote, inkCheckWanted, ocrReason } from './ocr/decide.js';
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

/**
 * Pages read ahead of the page given out at most, to tell its running headers and footers that
 * come back on a later page from a title that does not (parse() looks at every page). Reading
 * ahead stops as soon as every running line of the page has come back, which for page numbers
 * and running titles is the next page; eight finds a chapter's running title again after a
 * chapter opening without one.
 */
export const FURNITURE_WINDOW = 8;

interface Laid {
  layout: PageLayout;
  ocr?: OcrPageInfo;
  /** What OCR warned about on this page (a language package missing). */
  warnings?: string[];
}

/**
 * A PDF page by page: each page's blocks as soon as it is laid out, in order, with nothing of
 * the earlier pages kept but the statistics of the first STATS_WINDOW and the keys of their
 * running lines, and the pages read ahead: the next (for a table continued onto it; more while the table fills them whole) and, while
 * a running line of the page has not come back, up to FURNITURE_WINDOW (for page furniture). Pages are read in this thread by the fast reader (pdf.js for
 * a page it gives up; OCR, in `auto`, for a page without usable text). A document the fast
 * reader cannot open, and `ocr` mode, are parsed whole and then given page by page.
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
  const labels = fast.pageLabels();
  const reader = new PageReader(bytes, fast, count, settings);
  try {
    // queue[0] is the next page to give out; the pages after it are read ahead.
    const queue: Laid[] = [];
    let read = 0;
    const readTo = async (n: number) => {
      while (read < Math.min(n, count)) queue.push(await reader.page(++read));
    };
    await readTo(STATS_WINDOW);
    const stats = docStats(queue.map((l) => l.layout));
    const furniture = new FurnitureWindow();
    const join = settings.continuedTables !== 'separate';
    for (let n = 1; n <= count; n++) {
      // The next page, for a table continued onto it; then pages ahead only while a running
      // line of this page has not come back yet (a page number, a running title does at once).
      await readTo(n + 1);
      const ahead = () => queue.slice(1).map((l) => l.layout);
      while (read < Math.min(count, n + FURNITURE_WINDOW) && furniture.undecided(queue[0].layout, ahead()))
        await readTo(read + 1);
      let page = queue.shift() as Laid;
      if (join && queue[0]) {
        const [a, b] = joinContinuedTables([page.layout, queue[0].layout]);
        let joined = a !== page.layout;
        page = { ...page, layout: a };
        queue[0] = { ...queue[0], layout: b };
        // A part that filled the next page whole leaves it empty, and the table goes on from
        // this page onto the one after (as parse() joins it across the emptied page): read on
        // while that holds, so the table is given whole with its first page.
        for (let k = 0; joined; k++) {
          await readTo(n + k + 2);
          if (!queue[k + 1] || !emptied(queue[k].layout, queue[k + 1].layout)) break;
          const out = joinContinuedTables([page.layout, ...queue.slice(0, k + 2).map((l) => l.layout)]);
          joined = out[0] !== page.layout;
          page = { ...page, layout: out[0] };
          for (let i = 0; i <= k + 1; i++) queue[i] = { ...queue[i], layout: out[i + 1] };
        }
      }
      const found = furniture.of(
        page.layout,
        queue.map((l) => l.layout),
      );
      yield toPage(
        page,
        { stats, furniture: found, count, label: labels?.[n - 1] },
        n === 1 ? metadata : undefined,
      );
    }
  } finally {
    await reader.close();
  }
}

/** One laid-out page as the engine takes it: blocks, page info, warnings. */
function toPage(
  l: Laid,
  doc: { stats: DocStats; furniture: ReturnType<FurnitureWindow['of']>; count: number; label?: string },
  metadata?: DocMetadata,
): PageOfDoc {
  const { blocks, pages } = layoutsToBlocks([l.layout], {
    joinTables: false,
    stats: doc.stats,
    furniture: doc.furniture,
  });
  if (l.ocr) markOcrBlocks(blocks, pages, new Map([[l.layout.pageNumber, l.ocr]]));
  const warnings = [...(l.warnings ?? []), ...finishPage(l.layout)];
  const page = doc.label !== undefined ? { ...pages[0], label: doc.label } : pages[0];
  return {
    pageNumber: l.layout.pageNumber,
    totalPages: doc.count,
    blocks,
    page,
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
    if (this.settings.mode === 'fast') {
      const note = fastModeNote([layout]);
      if (note) warnings.push(note);
    }
    this.settings.progress?.(n, this.count);
    return { layout, ...(ocr ? { ocr } : {}), ...(warnings.length ? { warnings } : {}) };
  }

  async close(): Promise<void> {
    await this.pdfjs?.destroy();
  }
}
