import { dirname, join } from 'node:path';
import { DistillError } from '@distill/core';
import { MAX_IMAGE_PIXELS } from '../image-limits.js';
import { importOptional, OCR_INSTALL_HINT, resolveOptional } from '../optional.js';
import { openPdf, type PdfDocument, type PdfPage } from '../pdfjs.js';

/** Target resolution for text: tesseract reads body text best with x-heights of 20+ pixels. */
export const DEFAULT_DPI = 300;
/**
 * Target resolution of whole pages read by OCR. On the 100 rasterised dpbench pages 200 dpi
 * scored as 300 did (overall .844 against .847, NID .903 against .902) for a fifth less
 * CPU: tesseract's layout and binarisation work on every pixel, while the recogniser scales
 * each line to a fixed height anyway. Images inside text pages keep DEFAULT_DPI.
 */
export const PAGE_DPI = 200;
/** Largest image decoded for OCR (see image-limits.ts). */
export { MAX_IMAGE_PIXELS };
/** Pixel caps, so a poster-sized page costs no more than a large one. */
const MAX_SIDE_PX = 5000;
const MAX_PIXELS = 16_000_000;

/** The resolution for a page of this size in points: the target, capped for huge pages. */
export function chooseDpi(widthPt: number, heightPt: number, target = DEFAULT_DPI): number {
  const w = Math.max(1, widthPt) / 72;
  const h = Math.max(1, heightPt) / 72;
  const bySide = MAX_SIDE_PX / Math.max(w, h);
  const byArea = Math.sqrt(MAX_PIXELS / (w * h));
  return Math.min(target, bySide, byArea);
}

function pdfjsAsset(folder: string): string | undefined {
  const pkg = resolveOptional('pdfjs-dist/package.json');
  return pkg ? `${join(dirname(pkg), folder)}/` : undefined;
}

/**
 * Opens a PDF for rendering: unlike the text path this one decodes images and draws glyphs
 * (as paths: there are no font faces in Node), with pdf.js's standard fonts and CMaps from
 * its package, so nothing is fetched.
 */
export async function openForRender(bytes: Uint8Array): Promise<PdfDocument> {
  await importOptional('@napi-rs/canvas', `OCR renders pages with @napi-rs/canvas: ${OCR_INSTALL_HINT}`);
  return openPdf(bytes, {
    // OCR reads the pixels, so images are decoded, but not past this many: pdf.js would allocate
    // an image claiming 100,000 x 100,000 pixels in full (10 GB of grey) before drawing it.
    maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: pdfjsAsset('standard_fonts'),
    cMapUrl: pdfjsAsset('cmaps'),
    cMapPacked: true,
  });
}

/**
 * Share of pixels that stand out from the page's background (its most common grey, so a
 * coloured or dark page counts its print, not its paper): near zero for a blank page, about
 * half or more for noise or a photo.
 */
export function inkShare(hist: Uint32Array, total: number): number {
  let bg = 0;
  for (let g = 1; g < 256; g++) if (hist[g] > hist[bg]) bg = g;
  let ink = 0;
  for (let g = 0; g < 256; g++) if (Math.abs(g - bg) > 64) ink += hist[g];
  return total ? ink / total : 0;
}

/** The most common grey of a histogram: the page's paper. */
function background(hist: Uint32Array): number {
  let bg = 0;
  for (let g = 1; g < 256; g++) if (hist[g] > hist[bg]) bg = g;
  return bg;
}

/** Paper darker than this is coloured, shaded or dark: its print is read against its own local background. */
const LIGHT_PAPER = 200;

/**
 * Print on dark, coloured or shaded paper (slides, light text on a gradient) as dark print on
 * white: each pixel becomes its distance from the local background (the median grey of the
 * blocks around it), so light text on dark and dark text on light both turn dark. Tesseract
 * binarises with one threshold per page, which loses text on a gradient. Only pages whose paper
 * is not light are changed: print on white paper is left exactly as rendered.
 */
export function flattenBackground(
  image: Uint8Array,
  offset: number,
  w: number,
  h: number,
  block: number,
): void {
  const b = Math.max(8, block);
  const bw = Math.ceil(w / b);
  const bh = Math.ceil(h / b);
  const med = new Uint8Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      for (let y = by * b; y < Math.min(h, (by + 1) * b); y += 2)
        for (let x = bx * b; x < Math.min(w, (bx + 1) * b); x += 2) {
          hist[image[offset + y * w + x]]++;
          n++;
        }
      let acc = 0;
      let g = 0;
      for (; g < 255; g++) {
        acc += hist[g];
        if (acc * 2 >= n) break;
      }
      med[by * bw + bx] = g;
    }
  // The median of the 5x5 blocks around: a block filled by a large letter keeps the paper's grey.
  const bgAt = new Uint8Array(bw * bh);
  const around: number[] = [];
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      around.length = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const yy = by + dy;
          const xx = bx + dx;
          if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) around.push(med[yy * bw + xx]);
        }
      around.sort((p, q) => p - q);
      bgAt[by * bw + bx] = around[around.length >> 1];
    }
  for (let y = 0; y < h; y++) {
    const row = offset + y * w;
    const brow = Math.floor(y / b) * bw;
    for (let x = 0; x < w; x++) {
      const d = Math.abs(image[row + x] - bgAt[brow + Math.floor(x / b)]);
      image[row + x] = 255 - Math.min(255, d * 2);
    }
  }
}

export interface RenderedPage {
  /** Greyscale PGM (P5) bytes: tesseract reads them without decoding a PNG. */
  image: Uint8Array;
  widthPx: number;
  heightPx: number;
  dpi: number;
  /** Share of pixels that differ clearly from the background (see inkShare). */
  ink: number;
}

/** A canvas of @napi-rs/canvas as pdf.js's canvas factory makes it. */
export interface CanvasLike {
  width: number;
  height: number;
  /** Synchronous encoding, the same bytes for the same pixels. */
  toBuffer(mime: 'image/jpeg', quality?: number): Buffer;
}
export interface ContextLike {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

/**
 * Draws a page on a white canvas at `scale` (1 is 72 dpi), turned clockwise by `rotation`
 * degrees on top of its own rotation, without annotations, and gives the canvas to `use`
 * before it is released: the one pdf.js render call of OCR and of the inspector's page images.
 */
export async function renderToCanvas<T>(
  doc: PdfDocument,
  page: PdfPage,
  scale: number,
  use: (canvas: { canvas: CanvasLike; context: ContextLike }, w: number, h: number) => T,
  rotation: 0 | 90 | 180 | 270 = 0,
): Promise<T> {
  const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
  const w = Math.max(1, Math.ceil(viewport.width));
  const h = Math.max(1, Math.ceil(viewport.height));
  const factory = (doc as unknown as { canvasFactory?: unknown }).canvasFactory as
    | {
        create(w: number, h: number): { canvas: CanvasLike; context: ContextLike };
        destroy(c: { canvas: CanvasLike; context: ContextLike }): void;
      }
    | undefined;
  if (!factory)
    throw new DistillError('MISSING_DEPENDENCY', 'pdf.js has no canvas to render on (@napi-rs/canvas)');
  const cc = factory.create(w, h);
  try {
    await page.render({
      canvas: cc.canvas as never,
      canvasContext: cc.context as never,
      viewport,
      background: 'rgb(255,255,255)',
      annotationMode: 0,
    } as never).promise;
    return use(cc, w, h);
  } finally {
    factory.destroy(cc);
  }
}

/** A PGM (P5) of `w` x `h` grey pixels, its pixels left to fill. */
export function pgm(w: number, h: number): Uint8Array {
  const header = Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + w * h);
  out.set(header, 0);
  return out;
}

/**
 * A page's grey pixels (a filled `pgm`) as OCR takes them: its ink share measured, and print
 * on dark or shaded paper flattened to dark on white (see flattenBackground).
 */
export function greyPage(image: Uint8Array, w: number, h: number, dpi: number): RenderedPage {
  const at = image.length - w * h;
  const hist = new Uint32Array(256);
  for (let i = at; i < image.length; i++) hist[image[i]]++;
  if (background(hist) < LIGHT_PAPER) flattenBackground(image, at, w, h, Math.round(dpi / 10));
  return { image, widthPx: w, heightPx: h, dpi, ink: inkShare(hist, w * h) };
}

/** Renders a page at `dpi`, turned clockwise by `rotation` degrees on top of its own rotation. */
export function renderPage(
  doc: PdfDocument,
  page: PdfPage,
  dpi: number,
  rotation: 0 | 90 | 180 | 270 = 0,
): Promise<RenderedPage> {
  return renderToCanvas(
    doc,
    page,
    dpi / 72,
    (cc, w, h) => {
      const rgba = cc.context.getImageData(0, 0, w, h).data;
      const out = pgm(w, h);
      const at = out.length - w * h;
      const px = new Uint32Array(rgba.buffer, rgba.byteOffset, w * h);
      for (let i = 0, o = at; i < px.length; i++, o++) {
        const v = px[i];
        // Little-endian RGBA: luma from R, G, B with integer weights summing to 256.
        out[o] = ((v & 0xff) * 77 + ((v >>> 8) & 0xff) * 150 + ((v >>> 16) & 0xff) * 29) >>> 8;
      }
      return greyPage(out, w, h, dpi);
    },
    rotation,
  );
}

/** A page rendered for OCR, with the page's size in points as displayed. */
export interface Rendered {
  shot: RenderedPage;
  /** Displayed width and height of the page, in points. */
  view: [number, number];
  /** The pixels are the page's one scanned image read directly, not pdf.js's drawing (scan-image.ts). */
  fromImage?: boolean;
}

/**
 * Page `n` of an open document at about `target` dpi (capped for huge pages by chooseDpi;
 * exactly `target` when `fixed`), the page's objects released afterwards. Used in this thread
 * and on the rendering thread alike.
 */
export async function renderPageAt(
  doc: PdfDocument,
  n: number,
  target: number,
  rotation: 0 | 90 | 180 | 270 = 0,
  fixed = false,
): Promise<Rendered> {
  const page = await doc.getPage(n);
  try {
    const view = page.getViewport({ scale: 1 });
    const dpi = fixed ? target : chooseDpi(view.width, view.height, target);
    return { shot: await renderPage(doc, page, dpi, rotation), view: [view.width, view.height] };
  } finally {
    page.cleanup();
  }
}
