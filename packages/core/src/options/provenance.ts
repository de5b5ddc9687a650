import { z } from 'zod';

/**
 * distill's own keys of the `pdf` parser object (the spec's object has no more): what the
 * `blocks` carry and what page furniture does. They sit in the parser object beside `blocks`
 * and `pageMarkers`, which they refine, and apply to every format with such blocks.
 */
export const pdfProvenanceOptions = {
  /**
   * Repeated page furniture (running headers and footers, page numbers, found across pages):
   * `drop` leaves it out (default), `keep` writes it in the Markdown like any text, `separate`
   * keeps it out of the Markdown but returns it in `blocks` with its label and no span.
   */
  furniture: z.enum(['drop', 'keep', 'separate']).default('drop'),
  /** Each block in `blocks` also carries its lines with boxes (and its words, on OCR'd pages). */
  lines: z.boolean().default(false),
} as const;

export type FurnitureMode = z.output<typeof pdfProvenanceOptions.furniture>;
