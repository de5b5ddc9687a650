/**
 * The environment knobs of the PDF parser and its OCR, declared in one place: each is read when
 * it is used (a test or a server may set it at run time), with its default and what it is for.
 * Options passed to the parser take precedence where both exist.
 */
// DISTILL_OCR_WORKERS (tesseract workers in the OCR pool; default: the machine's cores) and
// DISTILL_OCR_MODEL (`fast`, `lstm` or `full` trained data; default `fast`) are read by @distill/ocr
// (packages/ocr/src/settings.ts), which cannot import this package; it is not imported here
// either, so the page-layout workers, which read these knobs, need not load it.

export const pdfEnv = {
  /** DISTILL_OCR_DPI: target OCR resolution, 72..600 (a caller's `PdfParseSettings.ocr.dpi` wins; default 200). */
  ocrDpi(): number | undefined {
    const v = Number(process.env.DISTILL_OCR_DPI);
    return Number.isFinite(v) && v >= 72 && v <= 600 ? v : undefined;
  },

  /**
   * DISTILL_OCR_READ_DPI: resolution the OCR engine reads a page at, 72..600, shrunk from the
   * rendering at DISTILL_OCR_DPI (a caller's `PdfParseSettings.ocr.readDpi` wins; ocr/read-scale.ts).
   * Unset, or at or above the rendering's, the page is read as rendered.
   */
  ocrReadDpi(): number | undefined {
    const v = Number(process.env.DISTILL_OCR_READ_DPI);
    return Number.isFinite(v) && v >= 72 && v <= 600 ? v : undefined;
  },

  /** DISTILL_OCR_LANGUAGES: OCR languages, `eng+deu` or `en,de` (default: the document's language, else English). */
  ocrLanguages(): string[] | undefined {
    const list = process.env.DISTILL_OCR_LANGUAGES?.split(/[+,\s]+/).filter(Boolean);
    return list?.length ? list : undefined;
  },

  /**
   * DISTILL_OCR_SCAN_IMAGES=0: draw every OCR'd page with pdf.js, even one that is a single
   * scanned image OCR can read directly (default on; ocr/scan-image.ts). For comparing the two.
   */
  ocrScanImages(): boolean {
    return process.env.DISTILL_OCR_SCAN_IMAGES !== '0';
  },

  /** DISTILL_OCR_IMAGES=1: in `auto` mode, read large images inside text pages (default off). */
  ocrImages(): boolean {
    return process.env.DISTILL_OCR_IMAGES === '1';
  },

  /**
   * DISTILL_PDF_WORKERS: `0` lays out and renders pages in the calling thread; `source` runs the
   * worker threads from TypeScript sources (tests and scripts without a build). Default: the
   * built workers when present, else the calling thread.
   */
  pdfWorkers(): 'off' | 'source' | 'default' {
    const v = process.env.DISTILL_PDF_WORKERS;
    return v === '0' ? 'off' : v === 'source' ? 'source' : 'default';
  },

  /** DISTILL_PDF_READER=pdfjs: read text with pdf.js only, never the fast reader (default: fast reader first). */
  pdfjsOnly(): boolean {
    return process.env.DISTILL_PDF_READER === 'pdfjs';
  },

  /**
   * DISTILL_PDF_FAST_WORKER_MIN_PAGES: documents the fast reader reads with this many pages or
   * more are spread over worker threads; shorter ones are read in the calling thread (default 16).
   */
  fastWorkerMinPages(): number {
    const v = Number(process.env.DISTILL_PDF_FAST_WORKER_MIN_PAGES);
    return Number.isInteger(v) && v > 0 ? v : 16;
  },
};
