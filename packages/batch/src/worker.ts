import { parsePdf, pdfParser } from '@distill/pdf';
import { type ParserPlugin, registerParser } from 'distill';
import { type ConvertOutcome, type ConvertTask, convertFile } from './convert.js';

/**
 * PDFs are laid out in this thread. By default parsePdf hands pages to a pool of pdf.js
 * worker threads of its own, which keeps a caller's main thread free; here the batch pool
 * already owns the cores, so that nested pool only adds threads fighting for them, a second
 * open of every document and a copy of its bytes (about a quarter more CPU per PDF on
 * dpbench). A page that never ends is still contained: the batch's hard timeout ends this
 * thread and piscina starts a new one.
 */
const inThreadPdf: ParserPlugin = {
  ...pdfParser,
  parse: (bytes, ctx) =>
    parsePdf(bytes, {
      maxPages: ctx.pdf?.maxPages,
      signal: ctx.signal,
      checkpoint: () => ctx.checkpoint(),
      worker: false,
    }),
};
registerParser(inThreadPdf);

/** The piscina worker: one task per call, in a worker thread with its own copy of the engine. */
export default function run(task: ConvertTask): Promise<ConvertOutcome> {
  return convertFile(task);
}
