import { z } from 'zod';

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
} as const;

export type FurnitureMode = z.output<typeof pdfOwnOptions.furniture>;
