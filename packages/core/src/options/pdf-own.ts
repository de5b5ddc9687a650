import { z } from 'zod';

/**
 * The OCR engines of @distill/ocr: tesseract.js (WebAssembly, the language packages of
 * @tesseract.js-data), native tesseract (the `tesseract` command on PATH, Debian's
 * `tesseract-ocr`, with the same trained data from npm) and PaddleOCR's PP-OCRv4 models on
 * onnxruntime-node.
 */
export const OCR_ENGINES = ['tesseract', 'native', 'paddle'] as const;
export type OcrEngineName = (typeof OCR_ENGINES)[number];

/**
 * distill's own keys of the `pdf` parser object (the spec's object has no more), declared once:
 * what `blocks` carry, what page furniture does, and how pages that share content are put
 * together. They sit beside the spec's `blocks` and `pageMarkers`, which they refine, and apply
 * to every format with such blocks.
 */
export const pdfOwnOptions = {
  /**
   * Repeated page furniture (running headers and footers, page numbers, found across pages):
   * `drop` leaves it out (default), `keep` writes it in the Markdown like any text, `separate`
   * keeps it out of the Markdown but returns it in `blocks` with its label and no span.
   */
  furniture: z.enum(['drop', 'keep', 'separate']).default('drop'),
  /** Each block in `blocks` also carries its lines with boxes (and its words, on OCR'd pages). */
  lines: z.boolean().default(false),
  /**
   * A table continued on the next page (same columns, its header repeated or not, a
   * "continued" caption): `join` gives one table with provenance on both pages, `separate`
   * keeps each page's part as that page sets it.
   */
  continuedTables: z.enum(['join', 'separate']).default('join'),
  /**
   * The OCR engine of scanned pages (modes `auto` and `ocr`): `tesseract`, `native` or `paddle`; by
   * default `DISTILL_OCR_ENGINE`, else `native` when the `tesseract` command is on PATH, else `tesseract`
   * (tesseract.js). An engine whose npm packages
   * are not installed is MISSING_DEPENDENCY naming them.
   */
  ocrEngine: z.enum(OCR_ENGINES).optional(),
} as const;

export type FurnitureMode = z.output<typeof pdfOwnOptions.furniture>;
