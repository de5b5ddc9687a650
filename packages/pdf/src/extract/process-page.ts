import { analyzePage } from '../layout/analyze.js';
import { imageCover } from '../ocr/decide.js';
import type { PdfDocument } from '../pdfjs.js';
import type { PageInput, PageLayout } from '../types.js';
import { extractPage } from './page.js';

/**
 * Layout of a page's input, whichever reader made it, with the image cover that auto mode's
 * OCR decision needs.
 */
export function layoutPage(input: PageInput): PageLayout {
  const analyzed = analyzePage(input);
  let layout = input.cut?.length ? { ...analyzed, cut: input.cut } : analyzed;
  if (input.oversizedImages?.length) layout = { ...layout, oversizedImages: input.oversizedImages };
  const cover = imageCover(input);
  if (cover === 0) return layout;
  return { ...layout, imageCover: cover, invisibleTextShare: input.invisibleTextShare };
}

/**
 * One page end to end in fast mode: text runs out of pdf.js, then layout. The page's objects
 * are released before returning, so a long document never holds more than the pages in flight.
 * A page pdf.js cannot read yields an empty layout with `error` set, not a failed document.
 */
export async function processPage(doc: PdfDocument, pageNumber: number): Promise<PageLayout> {
  let page: Awaited<ReturnType<PdfDocument['getPage']>> | undefined;
  try {
    page = await doc.getPage(pageNumber);
    const input = await extractPage(page, pageNumber);
    return layoutPage(input);
  } catch (e) {
    const message = (e as Error)?.message ?? String(e);
    const view = page?.view ?? [0, 0, 612, 792];
    return {
      pageNumber,
      width: view[2] - view[0],
      height: view[3] - view[1],
      blocks: [],
      chars: 0,
      error: message,
    };
  } finally {
    page?.cleanup();
  }
}
