import { parentPort } from 'node:worker_threads';
import type { ImageFiles, ImageSink } from '@distill/core';
import { processPage } from './extract/process-page.js';
import { openPdf, type PdfDocument } from './pdfjs.js';
import type { FastPdf } from './reader/index.js';
import { openFast, processFastPage } from './reader/process.js';

/**
 * A page worker: opens the document once (its own pdf.js), then lays out the pages it is
 * sent, one at a time, answering each with its PageLayout.
 */
type Message =
  | { type: 'open'; bytes: Uint8Array; fast?: boolean; imageFiles?: ImageFiles }
  | { type: 'page'; pageNumber: number }
  | { type: 'close' };

let doc: PdfDocument | undefined;
/** With `fast`, pages are read by the fast reader and pdf.js opens only for pages it gives up. */
let fastDoc: FastPdf | undefined;
let bytes: Uint8Array | undefined;
let pagesSinceOpen = 0;
/** Images as files: this thread writes the pictures of the pages it reads. */
let images: ImageSink | undefined;
/** pdf.js keeps every font it has loaded until the document closes; reopening bounds memory. */
const REOPEN_EVERY = 16;

parentPort?.on('message', async (msg: Message) => {
  try {
    if (msg.type === 'open') {
      // A parked worker is reused for the next document: the previous one closes first.
      await doc?.destroy();
      doc = undefined;
      fastDoc = undefined;
      pagesSinceOpen = 0;
      bytes = msg.bytes;
      // core loads only when images are asked for: a plain page worker starts without it.
      images = msg.imageFiles ? (await import('@distill/core')).folderImageSink(msg.imageFiles) : undefined;
      if (msg.fast) {
        const opened = await openFast(bytes);
        if ('doc' in opened) fastDoc = opened.doc;
      }
      if (!fastDoc) doc = await openPdf(bytes);
      parentPort!.postMessage({ type: 'ready' });
    } else if (msg.type === 'page') {
      if (!bytes) throw new Error('document not open');
      if (fastDoc) {
        const out = processFastPage(fastDoc, msg.pageNumber, images);
        if ('layout' in out) {
          parentPort!.postMessage({ type: 'page', layout: out.layout });
          return;
        }
      }
      doc ??= await openPdf(bytes);
      if (pagesSinceOpen >= REOPEN_EVERY) {
        await doc.destroy();
        doc = await openPdf(bytes);
        pagesSinceOpen = 0;
      }
      pagesSinceOpen++;
      const layout = await processPage(doc, msg.pageNumber);
      parentPort!.postMessage({ type: 'page', layout: { ...layout, reader: 'pdfjs' } });
    } else if (msg.type === 'close') {
      await doc?.destroy();
      process.exit(0);
    }
  } catch (e) {
    parentPort!.postMessage({ type: 'error', message: (e as Error)?.message ?? String(e) });
  }
});
