import { z } from 'zod';

/**
 * PDF options of distill beyond the spec's (part of the `pdf` parser object): how pages that
 * share content are put together.
 */
export const pdfPagesShape = {
  /**
   * A table continued on the next page (same columns, its header repeated or not, a
   * "continued" caption): `join` gives one table with provenance on both pages, `separate`
   * keeps each page's part as that page sets it.
   */
  continuedTables: z.enum(['join', 'separate']).default('join'),
} as const;
