import { parentPort } from 'node:worker_threads';
import { processPage } from './extract/process-page.js';
import { openPdf, type PdfDocument } from './pdfjs.js';

/**
 * A page worker: opens the document once (its own pdf.js), then lays out the pages it is
 * sent, one at a time, answering each with its PageLayout.
 */
type Message = { type: 'open'; bytes: Uint8Array } | { type: 'page'; pageNumber: number } | { type: 'close' };

let doc: PdfDocument | undefined;
let bytes: Uint8Array | undefined;
let pagesSinceOpen = 0;
/** pdf.js keeps every font it has loaded until the document closes; reopening bounds memory. */
const REOPEN_EVERY = 16;

parentPort?.on('message', async (msg: Message) => {
  try {
    if (msg.type === 'open') {
      // A parked worker is reused for the next document: the previous one closes first.
      await doc?.destroy();
      doc = undefined;
      pagesSinceOpen = 0;
      bytes = msg.bytes;
      doc = await openPdf(bytes);
      parentPort!.postMessage({ type: 'ready' });
    } else if (msg.type === 'page') {
      if (!doc || !bytes) throw new Error('document not open');
      if (pagesSinceOpen >= REOPEN_EVERY) {
        await doc.destroy();
        doc = await openPdf(bytes);
        pagesSinceOpen = 0;
      }
      pagesSinceOpen++;
      const layout = await processPage(doc, msg.pageNumber);
      parentPort!.postMessage({ type: 'page', layout });
    } else if (msg.type === 'close') {
      await doc?.destroy();
      process.exit(0);
    }
  } catch (e) {
    parentPort!.postMessage({ type: 'error', message: (e as Error)?.message ?? String(e) });
  }
});
