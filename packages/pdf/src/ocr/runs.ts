import type { OcrPage } from '@distill/ocr';
import type { PageInput, TextRun } from '../types.js';

/**
 * A text row's height (ascender to descender) in font sizes: tesseract measures rows, layout
 * compares font sizes, so OCR'd and text-layer pages of one document share a size scale.
 */
const ROW_TO_SIZE = 1.0;

/** Words read with less confidence than this are shapes taken for letters, not text. */
const MIN_WORD_CONFIDENCE = 0.25;
/** Lines this unsure are a photo's texture read as text. */
const MIN_LINE_CONFIDENCE = 0.45;
/** Short lines this unsure are rules, icons or shading read as text ("EE", "—"). */
const MIN_SHORT_LINE_CONFIDENCE = 0.5;
const SHORT_LINE_WORDS = 3;

/** The words worth keeping: sure enough on their own, and not on a short unsure line. */
export function keptWords(ocr: OcrPage): boolean[] {
  const stats = new Map<number, { n: number; sum: number }>();
  for (const w of ocr.words) {
    const s = stats.get(w.line) ?? { n: 0, sum: 0 };
    s.n++;
    s.sum += w.confidence;
    stats.set(w.line, s);
  }
  return ocr.words.map((w) => {
    if (w.confidence < MIN_WORD_CONFIDENCE) return false;
    const s = stats.get(w.line)!;
    const mean = s.sum / s.n;
    return mean >= (s.n <= SHORT_LINE_WORDS ? MIN_SHORT_LINE_CONFIDENCE : MIN_LINE_CONFIDENCE);
  });
}

/** A word as layout sees it, in points, with its confidence. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
}

/**
 * Words read by OCR as the runs of a page, in points in the frame the page was read in (turned
 * when OCR found the page turned). Words of one line carry the space after them, so spacing
 * never depends on the gap estimate; the size comes from the row height, smoothed per line.
 */
export function ocrPageInput(
  pageNumber: number,
  ocr: OcrPage,
  px: { widthPx: number; heightPx: number; dpi: number },
  bold: readonly boolean[] = [],
): { input: PageInput; boxes: OcrBox[] } {
  const k = 72 / px.dpi;
  const runs: TextRun[] = [];
  const boxes: OcrBox[] = [];
  const keep = keptWords(ocr);
  ocr.words.forEach((w, i) => {
    if (!keep[i]) return;
    const [x0, y0, x1, y1] = w.bbox;
    const size = Math.max(1, w.rowHeight * k * ROW_TO_SIZE);
    runs.push({
      text: w.lineEnd || !keep[i + 1] ? w.text : `${w.text} `,
      x0: x0 * k,
      y0: y0 * k,
      x1: x1 * k,
      y1: y1 * k,
      base: w.base * k,
      size,
      bold: bold[i] ?? false,
      italic: false,
    });
    boxes.push({ x0: x0 * k, y0: y0 * k, x1: x1 * k, y1: y1 * k, confidence: w.confidence });
  });
  return {
    input: {
      pageNumber,
      width: px.widthPx * k,
      height: px.heightPx * k,
      runs,
      rules: [],
      rects: [],
      images: [],
      links: [],
    },
    boxes,
  };
}
