import type { OcrWord } from '@distill/ocr';

/** A line whose strokes are this much wider than the page's typical line is set in bold. */
const BOLD_RATIO = 1.18;
/** Lines with fewer dark runs than this are too short to measure. */
const MIN_RUNS = 40;

/**
 * Bold lines from the pixels: OCR gives no font weight, but a bold face has thicker strokes.
 * Along each pixel row of a word box, dark pixels come in runs, one per stroke crossed; dark
 * pixels per run is the mean stroke width. Lines clearly wider than the page's median line are
 * bold, so OCR'd headings set in bold are found as in fast mode. (Larger type has wider
 * strokes too; it is a heading candidate by its size anyway.)
 */
export function boldWords(
  words: readonly OcrWord[],
  pgm: Uint8Array,
  width: number,
  height: number,
): boolean[] {
  const offset = pgm.length - width * height;
  const dark = new Map<number, number>();
  const runs = new Map<number, number>();
  for (const w of words) {
    const x0 = Math.max(0, Math.floor(w.bbox[0]));
    const y0 = Math.max(0, Math.floor(w.bbox[1]));
    const x1 = Math.min(width, Math.ceil(w.bbox[2]));
    const y1 = Math.min(height, Math.ceil(w.bbox[3]));
    let n = 0;
    let r = 0;
    for (let y = y0; y < y1; y++) {
      const row = offset + y * width;
      let inRun = false;
      for (let x = x0; x < x1; x++) {
        const d = pgm[row + x] < 128;
        if (d) {
          n++;
          if (!inRun) r++;
        }
        inRun = d;
      }
    }
    dark.set(w.line, (dark.get(w.line) ?? 0) + n);
    runs.set(w.line, (runs.get(w.line) ?? 0) + r);
  }
  const stroke = new Map<number, number>();
  for (const [line, r] of runs) if (r >= MIN_RUNS) stroke.set(line, (dark.get(line) ?? 0) / r);
  const sorted = [...stroke.values()].sort((a, b) => a - b);
  if (sorted.length < 3) return words.map(() => false);
  const median = sorted[Math.floor(sorted.length / 2)];
  return words.map((w) => (stroke.get(w.line) ?? 0) > median * BOLD_RATIO);
}
