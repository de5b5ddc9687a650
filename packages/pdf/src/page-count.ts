import { openFast } from './reader/process.js';

/**
 * The pages of a PDF as its page tree lists them, read without laying out a single page: what a
 * server needs to price a parse (a credit a page) before it spends the work. Undefined when the
 * fast reader cannot open the file (encrypted, no page tree, the reader turned off), whose cost
 * is then known only once it has been parsed.
 */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | undefined> {
  const opened = await openFast(bytes);
  return 'doc' in opened ? opened.doc.numPages : undefined;
}
