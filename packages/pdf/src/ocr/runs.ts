import type { OcrPage, OcrWord } from '@distill/ocr';
import type { PageInput, TextRun } from '../types.js';
import { boldGroups, type Stroke } from './bold.js';
import { snapSizes, wordSize } from './size.js';

/**
 * A text row's height (ascender to descender) in font sizes: tesseract measures rows, layout
 * compares font sizes, so OCR'd and text-layer pages of one document share a size scale.
 */
const ROW_TO_SIZE = 1.0;

/** Words read with less confidence than this are shapes taken for letters, not text. */
const MIN_WORD_CONFIDENCE = 0.25;
/** Words with no letter or digit must be this sure to be kept. */
const MIN_MARK_CONFIDENCE = 0.85;
const BULLETS = /^[•●◦▪■□◆◇►▸‣⁃∙·*\-–—]+[.,;:]?$/u;
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
    // Marks with no letter or digit ("~~", "|", "\\=") are mostly picture edges and gutters
    // read as text, which would bridge columns; list bullets and dashes stay.
    if (!/[\p{L}\p{N}]/u.test(w.text) && !BULLETS.test(w.text) && w.confidence < MIN_MARK_CONFIDENCE)
      return false;
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
  /** The word as read, for the words of `lines` in `blocks`. */
  text?: string;
}

/** A gap wider than this many median word heights splits a line read across two columns. */
const COLUMN_GAP = 1.2;

/** The weighted median of values (weights are character counts). */
function weightedMedian(values: readonly { v: number; w: number }[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = values.slice().sort((a, b) => a.v - b.v);
  const total = sorted.reduce((s, x) => s + x.w, 0);
  let acc = 0;
  for (const x of sorted) {
    acc += x.w;
    if (acc >= total / 2) return x.v;
  }
  return sorted[sorted.length - 1].v;
}

/**
 * Words read by OCR as the runs of a page, in points in the frame the page was read in (turned
 * when OCR found the page turned). Tesseract sometimes reads one line across two columns; such
 * lines are cut at wide gaps first. Words carry the space after them within a line part, so
 * spacing never depends on the gap estimate. A part's size is estimated from its words' ink
 * heights and the letters they hold (see size.ts), snapped with the page's other sizes; bold
 * is decided per part from stroke widths.
 */
export function ocrPageInput(
  pageNumber: number,
  ocr: OcrPage,
  px: { widthPx: number; heightPx: number; dpi: number },
  strokes: readonly Stroke[] = [],
): { input: PageInput; boxes: OcrBox[] } {
  const k = 72 / px.dpi;
  const runs: TextRun[] = [];
  const boxes: OcrBox[] = [];
  const keep = keptWords(ocr);
  const kept = ocr.words.map((w, i) => ({ w, i })).filter((x) => keep[x.i]);
  // Parts: runs of kept words on one tesseract line with no column-wide gap between them.
  const parts: { w: OcrWord; i: number }[][] = [];
  for (let a = 0; a < kept.length; ) {
    let b = a;
    while (b + 1 < kept.length && kept[b + 1].w.line === kept[a].w.line) b++;
    const line = kept.slice(a, b + 1);
    const heights = line.map((x) => x.w.bbox[3] - x.w.bbox[1]).sort((p, q) => p - q);
    const gap = COLUMN_GAP * heights[Math.floor(heights.length / 2)];
    let part = [line[0]];
    for (let c = 1; c < line.length; c++) {
      if (line[c].w.bbox[0] - line[c - 1].w.bbox[2] > gap) {
        parts.push(part);
        part = [];
      }
      part.push(line[c]);
    }
    parts.push(part);
    a = b + 1;
  }
  const estimate = (part: (typeof parts)[number]) =>
    weightedMedian(
      part.flatMap(({ w, i }) => {
        const s = wordSize(w.text, (strokes[i]?.ink || w.bbox[3] - w.bbox[1]) * k);
        return s === undefined ? [] : [{ v: s, w: w.text.length }];
      }),
    );
  // A part with no word to measure (figures, marks) takes its tesseract line's estimate, else
  // the line's row height.
  const byLine = new Map<number, (typeof parts)[number]>();
  for (const part of parts) byLine.set(part[0].w.line, [...(byLine.get(part[0].w.line) ?? []), ...part]);
  const estimated = parts.map(
    (part) =>
      estimate(part) ??
      estimate(byLine.get(part[0].w.line)!) ??
      Math.max(1, part[0].w.rowHeight * k * ROW_TO_SIZE),
  );
  const sizes = snapSizes(
    estimated,
    parts.map((p) => p.reduce((s, x) => s + x.w.text.length, 0)),
  );
  const bold = strokes.length
    ? boldGroups(parts.map((p) => p.map((x) => strokes[x.i] ?? { dark: 0, runs: 0, ink: 0 })))
    : parts.map((p) => p.map(() => false));
  parts.forEach((part, pi) => {
    const size = Math.max(1, sizes[pi]);
    part.forEach(({ w }, n) => {
      const [x0, y0, x1, y1] = w.bbox;
      runs.push({
        text: n === part.length - 1 ? w.text : `${w.text} `,
        x0: x0 * k,
        y0: y0 * k,
        x1: x1 * k,
        y1: y1 * k,
        base: w.base * k,
        size,
        bold: bold[pi][n],
        italic: false,
        rotated: false,
        fill: -1,
      });
      boxes.push({ x0: x0 * k, y0: y0 * k, x1: x1 * k, y1: y1 * k, confidence: w.confidence, text: w.text });
    });
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
      recognized: true,
    },
    boxes,
  };
}
