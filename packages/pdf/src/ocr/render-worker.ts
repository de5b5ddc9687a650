import { parentPort } from 'node:worker_threads';
import type { PdfDocument } from '../pdfjs.js';
import { chooseDpi, openForRender, renderPage } from './render.js';

/**
 * A rendering thread for OCR: opens the document once and renders the pages it is asked for,
 * answering with grey pixels (moved, not copied). Rendering runs here, not on the caller's
 * thread, so a page pdf.js takes forever to draw can be cut off by terminating this thread.
 */
export type RenderRequest =
  | { type: 'open'; bytes: Uint8Array }
  | {
      type: 'render';
      id: number;
      pageNumber: number;
      dpi: number;
      rotation: 0 | 90 | 180 | 270;
      fixed?: boolean;
    }
  | { type: 'close' };

let doc: PdfDocument | undefined;

parentPort?.on('message', async (msg: RenderRequest) => {
  if (msg.type === 'open') {
    try {
      await doc?.destroy();
      doc = await openForRender(msg.bytes);
      parentPort!.postMessage({ type: 'ready' });
    } catch (e) {
      parentPort!.postMessage({ type: 'open-error', message: (e as Error)?.message ?? String(e) });
    }
  } else if (msg.type === 'render') {
    try {
      if (!doc) throw new Error('document not open');
      const page = await doc.getPage(msg.pageNumber);
      try {
        const view = page.getViewport({ scale: 1 });
        const dpi = msg.fixed ? msg.dpi : chooseDpi(view.width, view.height, msg.dpi);
        const shot = await renderPage(doc, page, dpi, msg.rotation);
        parentPort!.postMessage({ type: 'rendered', id: msg.id, shot, view: [view.width, view.height] }, [
          shot.image.buffer as ArrayBuffer,
        ]);
      } finally {
        page.cleanup();
      }
    } catch (e) {
      parentPort!.postMessage({ type: 'error', id: msg.id, message: (e as Error)?.message ?? String(e) });
    }
  } else if (msg.type === 'close') {
    await doc?.destroy();
    process.exit(0);
  }
});
