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
 * DISTILL_OCR_MODEL: which trained data of a language package tesseract loads: `lstm` (the
 * LSTM-only `4.0.0_best_int` folder, used when every language's package has it) or `full`
 * (`4.0.0`, which also carries the legacy engine's tables, never used: the pool reads with the
 * LSTM engine only). `lstm` is the default: a quarter of the bytes to load, so a worker starts
 * sooner (0.59x the start-up of `full`, side by side under load), and on the first 20 scanned
 * dev pages it scored as `full` did (overall .940 both) at the same reading speed.
 */
export function envOcrModel(): 'lstm' | 'full' {
  return process.env.DISTILL_OCR_MODEL === 'full' ? 'full' : 'lstm';
}

/** DISTILL_OCR_ENGINE: `tesseract` or `paddle`, the engine when the caller names none. */
export function envOcrEngine(): 'tesseract' | 'paddle' | undefined {
  const v = process.env.DISTILL_OCR_ENGINE;
  return v === 'tesseract' || v === 'paddle' ? v : undefined;
}
