import { parentPort } from 'node:worker_threads';
import { PageSource } from './page-source.js';

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

let doc: PageSource | undefined;

parentPort?.on('message', async (msg: RenderRequest) => {
  if (msg.type === 'open') {
    try {
      await doc?.close();
      doc = await PageSource.open(msg.bytes);
      parentPort!.postMessage({ type: 'ready' });
    } catch (e) {
      parentPort!.postMessage({ type: 'open-error', message: (e as Error)?.message ?? String(e) });
    }
  } else if (msg.type === 'render') {
    try {
      if (!doc) throw new Error('document not open');
      const { shot, view, fromImage } = await doc.render(msg.pageNumber, msg.dpi, msg.rotation, msg.fixed);
      parentPort!.postMessage({ type: 'rendered', id: msg.id, shot, view, fromImage }, [
        shot.image.buffer as ArrayBuffer,
      ]);
    } catch (e) {
      parentPort!.postMessage({ type: 'error', id: msg.id, message: (e as Error)?.message ?? String(e) });
    }
  } else if (msg.type === 'close') {
    await doc?.close();
    process.exit(0);
  }
});
