import type { OcrWord } from '@distill/ocr';

/** A line whose strokes are this much wider than the page's typical line is set in bold. */
const BOLD_RATIO = 1.18;
/** Lines with fewer dark runs than this are too short to measure. */
const MIN_RUNS = 40;

/** Dark pixels and dark runs (one per stroke crossed, row by row) inside a word's box. */
export interface Stroke {
  dark: number;
  runs: number;
  /** Height in pixels of the word's own ink (see wordStrokes), 0 when it has none. */
  ink: number;
}

/**
 * Stroke measures of each word from the pixels: OCR gives no font weight, but a bold face has
 * thicker strokes. Along each pixel row of a word box, dark pixels come in runs, one per
 * stroke crossed; dark pixels per run is the mean stroke width. The word's ink height is
 * measured too: tesseract's box of a word on a line it read across two columns with different
 * baselines is stretched over the neighbouring lines, so the height is that of the band of
 * inked rows (gaps up to `gapPx` bridged, for i-dots) holding most of the box's ink.
 */
export function wordStrokes(
  words: readonly OcrWord[],
  pgm: Uint8Array,
  width: number,
  height: number,
  gapPx = 4,
): Stroke[] {
  const offset = pgm.length - width * height;
  return words.map((w) => {
    const x0 = Math.max(0, Math.floor(w.bbox[0]));
    const y0 = Math.max(0, Math.floor(w.bbox[1]));
    const x1 = Math.min(width, Math.ceil(w.bbox[2]));
    const y1 = Math.min(height, Math.ceil(w.bbox[3]));
    let dark = 0;
    let runs = 0;
    // Bands of inked rows: the one with the most ink is the word's.
    let best = { ink: 0, h: 0 };
    let band = { ink: 0, start: -1, last: -1 };
    for (let y = y0; y < y1; y++) {
      const row = offset + y * width;
      let inRun = false;
      let rowDark = 0;
      for (let x = x0; x < x1; x++) {
        const d = pgm[row + x] < 128;
        if (d) {
          rowDark++;
          if (!inRun) runs++;
        }
        inRun = d;
      }
      dark += rowDark;
      if (rowDark === 0) continue;
      if (band.start < 0 || y - band.last > gapPx + 1) band = { ink: 0, start: y, last: y };
      band.ink += rowDark;
      band.last = y;
      if (band.ink > best.ink) best = { ink: band.ink, h: band.last - band.start + 1 };
    }
    return { dark, runs, ink: best.h };
  });
}

/** A word with this many dark runs is measured on its own; shorter ones follow their part. */
const WORD_RUNS = 20;

/**
 * Bold words, by groups of words (line parts): a group whose mean stroke is clearly wider than
 * the page's median group is bold, so OCR'd headings set in bold are found as in fast mode;
 * within it, words long enough to measure are judged on their own strokes, so a line with a
 * few bold words (a run-in term) is not bold throughout. Groups are line parts, not tesseract
 * lines: tesseract may read a heading and the line beside it in the next column as one line.
 * (Larger type has wider strokes too; it is a heading candidate by its size anyway.)
 */
export function boldGroups(groups: readonly (readonly Stroke[])[]): boolean[][] {
  const mean = (g: readonly Stroke[]) => {
    const runs = g.reduce((s, x) => s + x.runs, 0);
    return runs >= MIN_RUNS ? g.reduce((s, x) => s + x.dark, 0) / runs : undefined;
  };
  const stroke = groups.map(mean);
  const sorted = stroke.filter((s): s is number => s !== undefined).sort((a, b) => a - b);
  if (sorted.length < 3) return groups.map((g) => g.map(() => false));
  const median = sorted[Math.floor(sorted.length / 2)];
  return groups.map((g, i) => {
    const bold = (stroke[i] ?? 0) > median * BOLD_RATIO;
    return g.map((w) => (w.runs >= WORD_RUNS ? w.dark / w.runs > median * BOLD_RATIO : bold));
  });
}
