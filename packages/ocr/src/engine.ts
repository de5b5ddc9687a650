import type { OcrEngineName } from '@distill/core';
import type { OcrPage, RecognizeOptions, TurnedImage } from './pool.js';

// The engine names are declared once, with the `ocrEngine` option, in core.
export { OCR_ENGINES, type OcrEngineName } from '@distill/core';

/**
 * The engine used when neither the caller nor DISTILL_OCR_ENGINE names one and no `tesseract`
 * command is on PATH: tesseract.js, which needs nothing outside npm. With the command there,
 * `native` is the default (defaultOcrEngine in pool.ts): on the 100 scanned dev pages it reads
 * as well or better (session 22, same sitting: .878, fold a .867 / b .889, against .872,
 * .860 / .885), costs less CPU a page (1.22 against 1.36 s warm, same run, 10 pages) and far
 * less to start (a process, not a wasm compilation: one scan from the command line 1.58
 * against 2.95 CPU s), and holds less memory (peak RSS 192 against 308 MB).
 */
export const DEFAULT_OCR_ENGINE: OcrEngineName = 'tesseract';

/**
 * What the PDF parser needs of an OCR engine: a pool of readers, each page read into words
 * with pixel boxes, confidences, line numbers, baselines and row heights. Both engines keep
 * their readers between documents and close them when idle.
 */
export interface OcrEngine {
  readonly engine: OcrEngineName;
  /** Pages read at once (readers in the pool). */
  readonly size: number;
  /** Milliseconds the pool's first start took (all readers in parallel), once started. */
  readonly startupMs: number;
  /**
   * Announces a document's pages before they are rendered, so readers for them start now and
   * their start-up overlaps the rendering; call the returned function when the document is done.
   */
  prepare(pages: number): () => void;
  /** Reads one image (PGM; tesseract also takes PNG and JPEG). */
  recognize(image: Uint8Array, opts?: RecognizeOptions): Promise<OcrPage>;
  /** Reads an image in its best orientation (see readOriented). */
  recognizeOriented(
    image: Uint8Array,
    rotate?: (degrees: 90 | 180 | 270, probe: boolean) => Promise<TurnedImage>,
    opts?: RecognizeOptions,
  ): Promise<OcrPage>;
  /** Stops every reader; the pool cannot be used afterwards. */
  close(): Promise<void>;
}

/**
 * Recognises an image in its best orientation: when the upright reading is poor, the image is
 * read turned by 180, 90 and 270 degrees (the caller rotates: it owns the pixels) and the
 * reading with the clearly highest confidence-weighted character count wins. The turned
 * readings are probes: the caller may give them at a lower resolution (`probe` is true), and
 * the winning turn is then read again at full resolution.
 */
export async function readOriented(
  recognize: (image: Uint8Array, opts: RecognizeOptions) => Promise<OcrPage>,
  image: Uint8Array,
  rotate: ((degrees: 90 | 180 | 270, probe: boolean) => Promise<TurnedImage>) | undefined,
  opts: RecognizeOptions,
): Promise<OcrPage> {
  const upright = await recognize(image, opts);
  if (!rotate || !poorReading(upright)) return upright;
  let best = upright;
  let turn: 0 | 90 | 180 | 270 = 0;
  let bestIsProbe = false;
  for (const deg of [180, 90, 270] as const) {
    const probe = await rotate(deg, true);
    const page = await recognize(probe.image, { ...opts, dpi: probe.dpi ?? opts.dpi });
    if (readingScore(page) > readingScore(best) * 1.5) {
      best = page;
      turn = deg;
      bestIsProbe = probe.dpi !== undefined && probe.dpi !== opts.dpi;
    }
    if (!poorReading(best)) break;
  }
  if (turn === 0) return upright;
  if (!bestIsProbe) return { ...best, orientation: turn };
  const full = await rotate(turn, false);
  return {
    ...(await recognize(full.image, { ...opts, dpi: full.dpi ?? opts.dpi })),
    orientation: turn,
  };
}

/**
 * Few sure words of three letters or more, or most of them standing on end: the page may be
 * turned, or not text at all. (A
 * photo with a caption reads as much noise plus a few good lines; those lines count.) Text
 * upside down or sideways also yields a few dozen sure "words" among hundreds of unsure ones,
 * so a reading whose words are mostly unsure and whose sure words are a small share is poor too.
 */
export function poorReading(p: OcrPage): boolean {
  let good = 0;
  for (const w of p.words) if (w.confidence >= 0.7 && /\p{L}{3}/u.test(w.text)) good++;
  return good < 8 || (p.confidence < 0.6 && good < 0.25 * p.words.length) || sideways(p);
}

/**
 * Most sure words of three letters or more stand taller than wide: tesseract's page
 * segmentation reads a page turned sideways as vertical lines, and reads them well, but the
 * words' boxes stand on end, which the layout cannot use; the page must be read turned.
 */
function sideways(p: OcrPage): boolean {
  let good = 0;
  let standing = 0;
  for (const w of p.words)
    if (w.confidence >= 0.7 && /\p{L}{3}/u.test(w.text)) {
      good++;
      if (w.bbox[3] - w.bbox[1] > w.bbox[2] - w.bbox[0]) standing++;
    }
  return good >= 8 && standing > 0.5 * good;
}

/** Confidence-weighted characters read; nothing for a sideways reading, whose boxes are unusable. */
function readingScore(p: OcrPage): number {
  if (sideways(p)) return 0;
  return p.words.reduce((s, w) => s + w.confidence * w.confidence * w.text.length, 0);
}
