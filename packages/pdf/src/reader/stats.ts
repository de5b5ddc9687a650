/**
 * How often the fast reader hands a document or a page to pdf.js, with the reasons: a debug
 * counter for benchmarks and tests (`pdfReaderStats()`), reset with `resetPdfReaderStats()`.
 */
export interface PdfReaderStats {
  documents: number;
  /** Documents the fast reader could not open at all (encrypted, no catalogue...). */
  documentFallbacks: number;
  pages: number;
  /** Pages read by pdf.js, whole-document fallbacks included. */
  pageFallbacks: number;
  reasons: Record<string, number>;
}

const stats: PdfReaderStats = { documents: 0, documentFallbacks: 0, pages: 0, pageFallbacks: 0, reasons: {} };

export function pdfReaderStats(): PdfReaderStats {
  return { ...stats, reasons: { ...stats.reasons } };
}

export function resetPdfReaderStats(): void {
  stats.documents = stats.documentFallbacks = stats.pages = stats.pageFallbacks = 0;
  stats.reasons = {};
}

export function countDocument(fallbackReason?: string): void {
  stats.documents++;
  if (fallbackReason !== undefined) {
    stats.documentFallbacks++;
    countReason(`document: ${fallbackReason}`);
  }
}

export function countPages(total: number, fallbacks: number): void {
  stats.pages += total;
  stats.pageFallbacks += fallbacks;
}

export function countReason(reason: string): void {
  const key = reason.slice(0, 80);
  stats.reasons[key] = (stats.reasons[key] ?? 0) + 1;
}
