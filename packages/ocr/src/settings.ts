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
