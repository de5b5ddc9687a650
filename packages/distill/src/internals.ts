import './register.js';

// Everything @distill/core has, for the packages built on distill (batch, search, web, server)
// and for custom parsers: ZIP/CFB/XML readers, decoders, model builders, transforms. Not a
// stable API: it follows @distill/core's version.
export * from '@distill/core';

/**
 * What the server needs to price a parse before running it (a PDF's page count). The PDF
 * reader loads on the first call: `distill parse` imports this module, and a DOCX or the
 * command's `--help` should not compile the PDF code.
 */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | undefined> {
  return (await import('@distill/pdf')).pdfPageCount(bytes);
}
