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
 * DISTILL_OCR_MODEL: which trained data of a language package tesseract loads, `lstm` (the
 * LSTM-only `4.0.0_best_int` folder, default when the package has it) or `full` (`4.0.0`, which
 * also carries the legacy engine's data, four times larger to load and never used: the pool
 * reads with the LSTM engine only).
 */
export function envOcrModel(): 'lstm' | 'full' {
  return process.env.DISTILL_OCR_MODEL === 'full' ? 'full' : 'lstm';
}
