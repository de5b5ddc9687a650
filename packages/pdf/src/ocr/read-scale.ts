import type { OcrPage } from '@distill/ocr';
import { pgm } from './render.js';
import { resampleGrey } from './scan-pixels.js';

/*
 * OCR may read a page at a lower resolution than it is rendered at (`ocr.readDpi`,
 * DISTILL_OCR_READ_DPI; off by default). Tesseract's LSTM scales every text line to its
 * network's own height, so its recogniser costs the same at any resolution, while its
 * binarisation and page segmentation run on fewer pixels: read at 150 dpi from a 200 dpi
 * rendering, a page costs about 0.92x the CPU. The layout's measures (font sizes from the
 * words' ink, bold from stroke widths, ruling lines) are still taken on the rendering, with the
 * words' boxes scaled back to it: measured on the smaller image, OCR'd headings were lost
 * (session 12: .840 overall on the scanned dev pages; measured on the rendering, .862). It is
 * not the default because tesseract segments a page differently at another resolution (a
 * table read as columns of single cells, lines split or joined), which cost one fold of the
 * scanned dev pages .029 while the other gained .010 (figures in packages/ocr/README.md).
 */

/** A reading image: the page's grey pixels shrunk to `dpi`, or the page itself. */
export interface ReadingImage {
  image: Uint8Array;
  dpi: number;
  /** Page pixels per reading pixel (1 when the page is read as rendered). */
  scale: number;
}

/**
 * The image tesseract reads: `page` (a PGM of w x h pixels at `dpi`, its pixels from `header`)
 * shrunk to `readDpi` with a triangle filter, as a canvas draws a smaller image. A page rendered
 * at or below `readDpi` is read as it is.
 */
export function readingImage(
  page: Uint8Array,
  header: number,
  w: number,
  h: number,
  dpi: number,
  readDpi: number,
): ReadingImage {
  if (readDpi >= dpi) return { image: page, dpi, scale: 1 };
  const rw = Math.max(1, Math.round((w * readDpi) / dpi));
  const rh = Math.max(1, Math.round((h * readDpi) / dpi));
  const out = pgm(rw, rh);
  resampleGrey(page.subarray(header), w, h, rw, rh, out, out.length - rw * rh);
  return { image: out, dpi: readDpi, scale: w / rw };
}

/** A reading's words in the page's pixels: boxes, baselines and row heights times `scale`. */
export function scaleReading(ocr: OcrPage, scale: number): OcrPage {
  if (scale === 1) return ocr;
  return {
    ...ocr,
    words: ocr.words.map((w) => ({
      ...w,
      bbox: [w.bbox[0] * scale, w.bbox[1] * scale, w.bbox[2] * scale, w.bbox[3] * scale],
      base: w.base * scale,
      rowHeight: w.rowHeight * scale,
    })),
  };
}
