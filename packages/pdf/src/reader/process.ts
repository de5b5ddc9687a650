import type { ImageSink } from '@distill/core';
import { layoutPage } from '../extract/process-page.js';
import { pdfEnv } from '../settings.js';
import type { PageLayout } from '../types.js';
import { writePictures } from './images/write.js';
import type { FastPdf } from './index.js';
import { Unsupported } from './objects.js';

/** Why the fast reader gave a page up, for the fallback counter. */
export type FastOutcome = { layout: PageLayout } | { fallback: string };

/**
 * One page through the fast reader and layout. Anything the reader cannot do right
 * (Unsupported) or any error of its own is a fallback to pdf.js, never a lost page.
 */
export function processFastPage(doc: FastPdf, pageNumber: number, images?: ImageSink): FastOutcome {
  try {
    const input = doc.page(pageNumber, { pictures: !!images });
    const layout: PageLayout = { ...layoutPage(input), reader: 'fast' };
    if (!images) return { layout };
    return { layout: writePictures(doc.file, input, layout, images, doc.pictureLinks) };
  } catch (e) {
    const why = e instanceof Unsupported ? e.message : `error: ${(e as Error)?.message ?? e}`;
    const hazards = doc.file.pdfjsHazards;
    if (hazards.size === 0) return { fallback: why };
    // pdf.js would run into the same streams without a bound: the page is reported, not risked.
    return {
      layout: unreadablePage(
        doc,
        pageNumber,
        `${why}; pdf.js is not used on this file, as ${[...hazards][0]}`,
      ),
    };
  }
}

/** An empty page that says why it could not be read. */
function unreadablePage(doc: FastPdf, pageNumber: number, error: string): PageLayout {
  const size = doc.pageSize(pageNumber);
  return { pageNumber, width: size.width, height: size.height, blocks: [], chars: 0, error, reader: 'fast' };
}

let loading: Promise<typeof import('./index.js')> | undefined;

/** Opens a document with the fast reader, or says why pdf.js must. */
export async function openFast(bytes: Uint8Array): Promise<{ doc: FastPdf } | { fallback: string }> {
  if (pdfEnv.pdfjsOnly()) return { fallback: 'disabled (DISTILL_PDF_READER=pdfjs)' };
  // The reader's tables load on first use only; later documents reuse the module.
  loading ??= import('./index.js');
  const { FastPdf } = await loading;
  try {
    const doc = new FastPdf(bytes);
    if (doc.numPages === 0) return { fallback: 'no pages found' };
    return { doc };
  } catch (e) {
    return { fallback: e instanceof Unsupported ? e.message : `error: ${(e as Error)?.message ?? e}` };
  }
}
