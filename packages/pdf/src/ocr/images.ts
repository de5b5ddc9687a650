import type { OcrEngine } from '@distill/ocr';
import { analyzePage } from '../layout/analyze.js';
import type { Box, LayoutBlock, PageLayout } from '../types.js';
import type { OcrPageInfo } from './mark.js';
import { DEFAULT_DPI } from './render.js';
import type { PageRenderer } from './renderer.js';
import { ocrPageInput } from './runs.js';

/** Share of the page an image must cover for its text to be read (a figure, not an icon). */
export const LARGE_IMAGE = 0.15;

/** A grey PGM of the box `x0,y0..x1,y1` (pixels) of a PGM of `w` x `h` pixels. */
function crop(pgm: Uint8Array, w: number, h: number, box: Box): { image: Uint8Array; w: number; h: number } {
  const offset = pgm.length - w * h;
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(w, Math.ceil(box.x1));
  const y1 = Math.min(h, Math.ceil(box.y1));
  const cw = Math.max(1, x1 - x0);
  const ch = Math.max(1, y1 - y0);
  const header = Buffer.from(`P5\n${cw} ${ch}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + cw * ch);
  out.set(header, 0);
  for (let y = 0; y < ch; y++)
    out.set(
      pgm.subarray(offset + (y0 + y) * w + x0, offset + (y0 + y) * w + x0 + cw),
      header.length + y * cw,
    );
  return { image: out, w: cw, h: ch };
}

const area = (b: Box) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);

/**
 * Reads the text of the large images of a page kept on the fast path (a scanned table or a
 * screenshot inside a text page): the page is rendered, each image's area read by OCR and laid
 * out, and its text blocks are placed right after the image, in reading position. Returns what
 * marking needs (the words and the image areas read), or undefined when nothing was read.
 */
export async function readLargeImages(
  layout: PageLayout,
  renderer: PageRenderer,
  pool: OcrEngine,
  opts: { dpi?: number; minShare?: number; signal: AbortSignal },
): Promise<OcrPageInfo | undefined> {
  const pageArea = layout.width * layout.height;
  const images = layout.blocks.filter(
    (b): b is Extract<LayoutBlock, { kind: 'image' }> =>
      b.kind === 'image' && area(b.box) >= (opts.minShare ?? LARGE_IMAGE) * pageArea,
  );
  if (images.length === 0) return undefined;
  const { shot } = await renderer.render(layout.pageNumber, opts.dpi ?? DEFAULT_DPI);
  const s = shot.dpi / 72;
  const info: OcrPageInfo = {
    confidence: 0,
    words: [],
    width: layout.width,
    height: layout.height,
    regions: [],
  };
  for (const img of images) {
    const c = crop(shot.image, shot.widthPx, shot.heightPx, {
      x0: img.box.x0 * s,
      y0: img.box.y0 * s,
      x1: img.box.x1 * s,
      y1: img.box.y1 * s,
    });
    const ocr = await pool.recognize(c.image, { signal: opts.signal, dpi: shot.dpi });
    const { input, boxes } = ocrPageInput(layout.pageNumber, ocr, {
      widthPx: c.w,
      heightPx: c.h,
      dpi: shot.dpi,
    });
    if (input.runs.length === 0) continue;
    // Into the page's frame: the crop starts at the image's corner.
    const [ox, oy] = [Math.max(0, img.box.x0), Math.max(0, img.box.y0)];
    for (const r of input.runs) {
      r.x0 += ox;
      r.x1 += ox;
      r.y0 += oy;
      r.y1 += oy;
      r.base += oy;
    }
    for (const b of boxes) {
      b.x0 += ox;
      b.x1 += ox;
      b.y0 += oy;
      b.y1 += oy;
    }
    const read = analyzePage({ ...input, width: layout.width, height: layout.height });
    // Text inside a figure is no page header or footer.
    const blocks = read.blocks.map((b) =>
      b.kind === 'text' && (b.label === 'page-header' || b.label === 'page-footer')
        ? { ...b, label: undefined }
        : b,
    );
    layout.blocks.splice(layout.blocks.indexOf(img) + 1, 0, ...blocks);
    info.words.push(...boxes);
    info.regions!.push(img.box);
  }
  if (info.words.length === 0) return undefined;
  info.confidence = info.words.reduce((sum, w) => sum + w.confidence, 0) / info.words.length;
  return info;
}
