import { openForRender, renderToCanvas } from './ocr/render.js';
import { resolveOptional } from './optional.js';

/** A page drawn for people to look at (the inspector), not for OCR: colour, screen resolution. */
export interface PageImage {
  pageNumber: number;
  mime: 'image/jpeg';
  data: Uint8Array;
  widthPx: number;
  heightPx: number;
}

export interface PageImageOptions {
  /** Longest side in pixels (default 1000: about 90 dpi for a Letter or A4 page, a screen's size). */
  maxSide?: number;
  /** JPEG quality, 1..100 (default 70: text stays legible, a text page weighs 60–150 KB). */
  quality?: number;
  /**
   * Stop drawing once the JPEGs drawn so far weigh this many bytes: the pages after are left
   * without an image, so a long document's report stays bounded whatever its length.
   */
  maxTotalBytes?: number;
  signal?: AbortSignal;
}

/** Whether pages can be drawn here: pdf.js and its canvas are optional (they come with @distill/ocr). */
export function pageImagesAvailable(): boolean {
  return !!resolveOptional('pdfjs-dist/package.json') && !!resolveOptional('@napi-rs/canvas');
}

/**
 * Draws the given pages (1-based) as JPEGs, at most `maxSide` pixels on the longest side, in
 * this thread, one page at a time so memory stays that of one page. Pages that fail to draw
 * are left out (the inspector shows their boxes on a blank sheet); a missing canvas throws
 * MISSING_DEPENDENCY through openForRender.
 */
export async function renderPageImages(
  bytes: Uint8Array,
  pageNumbers: readonly number[],
  opts: PageImageOptions = {},
): Promise<Map<number, PageImage>> {
  const maxSide = opts.maxSide ?? 1000;
  const quality = opts.quality ?? 70;
  const out = new Map<number, PageImage>();
  let total = 0;
  const doc = await openForRender(bytes);
  try {
    for (const n of pageNumbers) {
      if (opts.signal?.aborted) break;
      if (opts.maxTotalBytes !== undefined && total >= opts.maxTotalBytes) break;
      if (n < 1 || n > doc.numPages) continue;
      const page = await doc.getPage(n);
      try {
        const base = page.getViewport({ scale: 1 });
        const scale = Math.min(2, maxSide / Math.max(1, base.width, base.height));
        const image = await renderToCanvas(
          doc,
          page,
          scale,
          (cc, w, h): PageImage => ({
            pageNumber: n,
            mime: 'image/jpeg',
            data: new Uint8Array(cc.canvas.toBuffer('image/jpeg', quality)),
            widthPx: w,
            heightPx: h,
          }),
        );
        out.set(n, image);
        total += image.data.length;
      } catch {
        // A page pdf.js cannot draw keeps no image; its boxes are still shown.
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await doc.destroy();
  }
  return out;
}
