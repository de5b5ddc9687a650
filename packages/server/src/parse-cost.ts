import { detectFormat, type ParseOptions, pdfPageCount } from 'distill/internals';

export interface UploadBytes {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
}

/**
 * What a parse will cost, when it can be known before the parse runs: a PDF read by the pdf
 * parser costs a credit a page (up to `maxPages`), and its page tree says how many pages there
 * are. Undefined for everything else (a flat credit, which the request already holds from its
 * admission) and for a PDF whose page tree cannot be read without parsing it (encrypted,
 * damaged): those are priced when the parse ends, as before.
 */
export async function upFrontPages(upload: UploadBytes, options: ParseOptions): Promise<number | undefined> {
  const pdf = options.parsers.find((p) => p.type === 'pdf');
  // `parsers: []` returns the PDF as it is at a flat 1 credit: nothing to count.
  if (!pdf) return undefined;
  let format: string;
  try {
    format = detectFormat(upload).format;
  } catch {
    // The parse reports what is wrong with the file, with its catalogue error.
    return undefined;
  }
  if (format !== 'pdf') return undefined;
  const total = await pdfPageCount(upload.bytes).catch(() => undefined);
  if (!total) return undefined;
  return Math.min(total, pdf.maxPages ?? total);
}
