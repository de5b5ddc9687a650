import { parentPort } from 'node:worker_threads';
import { processPage } from './extract/process-page.js';
import { openPdf, type PdfDocument } from './pdfjs.js';

/**
 * A page worker: opens the document once (its own pdf.js), then lays out the pages it is
 * sent, one at a time, answering each with its PageLayout.
 */
type Message = { type: 'open'; bytes: Uint8Array } | { type: 'page'; pageNumber: number } | { type: 'close' };

let doc: PdfDocument | undefined;

parentPort?.on('message', async (msg: Message) => {
  try {
    if (msg.type === 'open') {
      doc = await openPdf(msg.bytes);
      parentPort!.postMessage({ type: 'ready' });
    } else if (msg.type === 'page') {
      if (!doc) throw new Error('document not open');
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
