/**
 * The OCR package's environment knob. The PDF parser's knobs, this one listed among them, are
 * declared in packages/pdf/src/settings.ts; this package cannot import that one (pdf depends on
 * ocr), so its own is read here.
 */

/** DISTILL_OCR_WORKERS: tesseract workers in a pool, a positive integer (default: the machine's cores). */
export function envOcrWorkers(): number | undefined {
  const v = Number(process.env.DISTILL_OCR_WORKERS);
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

/**
 * DISTILL_OCR_MODEL: which trained data tesseract loads for a language.
 * - `fast` (the default): for English, tesseract's *fast* network (tessdata_fast, the data Debian's
 *   `tesseract-ocr-eng` and so native tesseract as LiteParse runs it carry), shipped in this
 *   package (`data/eng-fast/`); other languages fall back to `lstm`. A smaller LSTM: 0.73x the
 *   CPU of `lstm` per page at the same word F1 on 8 scanned dev pages (`pnpm bench dev
 *   tesseract-variants`), figures in the README.
 * - `lstm`: the LSTM-only `4.0.0_best_int` folder of the language's package (used when every
 *   language's package has it), the default before issue 27's OCR half.
 * - `full`: `4.0.0`, which also carries the legacy engine's tables, never used (the pool reads
 *   with the LSTM engine only), so it only loads slower than `lstm` and reads as it does.
 */
export function envOcrModel(): 'fast' | 'lstm' | 'full' {
  const v = process.env.DISTILL_OCR_MODEL;
  return v === 'full' || v === 'lstm' ? v : 'fast';
}

/** DISTILL_OCR_ENGINE: `tesseract`, `native` or `paddle`, the engine when the caller names none. */
export function envOcrEngine(): 'tesseract' | 'native' | 'paddle' | undefined {
  const v = process.env.DISTILL_OCR_ENGINE;
  return v === 'tesseract' || v === 'native' || v === 'paddle' ? v : undefined;
}

/** DISTILL_OCR_STATS=1: the process prints its OCR counts (workers started, images read, most read at once) to stderr as it exits. */
export function envOcrStats(): boolean {
  return process.env.DISTILL_OCR_STATS === '1';
}
