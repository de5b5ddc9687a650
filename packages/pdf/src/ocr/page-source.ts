import { importOptional, OCR_INSTALL_HINT } from '../optional.js';
import type { PdfDocument } from '../pdfjs.js';
import { type PageRecord, PdfFile } from '../reader/document.js';
import { pdfEnv } from '../settings.js';
import { chooseDpi, greyPage, openForRender, pgm, type Rendered, renderPageAt } from './render.js';
import { pageScanImage, type ScanImage } from './scan-image.js';
import { resampleGrey, turnGrey } from './scan-pixels.js';

/**
 * A scan's own pixels are read as they are when their resolution lies between the target and
 * this many times it (a 300 dpi scan read at 300 for a 200 target); outside, they are resampled
 * to the target, as pdf.js would draw them: a 150 dpi scan is enlarged (the layout measures
 * type size and weight on the pixels, and reads worse from small ones), a 600 dpi one shrunk.
 */
const OWN_RESOLUTION_SPAN = 1.5;

/**
 * A document's pages as grey pixels for OCR: a page that is one scanned image is read from that
 * image (scan-image.ts) without pdf.js, which is then not even loaded for a document of scans;
 * any other page is drawn by pdf.js. Used in the rendering thread and in this one alike.
 */
export class PageSource {
  private file: PdfFile | undefined;
  private records: PageRecord[] = [];
  private doc: Promise<PdfDocument> | undefined;

  private constructor(private readonly bytes: Uint8Array) {}

  /** Opens a document; one the reader cannot open is opened by pdf.js now, so its errors show here. */
  static async open(bytes: Uint8Array): Promise<PageSource> {
    const source = new PageSource(bytes);
    try {
      source.file = new PdfFile(bytes);
      source.records = source.file.pages();
    } catch {
      source.file = undefined;
      await source.pdfjs();
    }
    return source;
  }

  private pdfjs(): Promise<PdfDocument> {
    this.doc ??= openForRender(this.bytes);
    return this.doc;
  }

  /** Page `n` at about `target` dpi (see renderPageAt), turned clockwise by `rotation`. */
  async render(
    n: number,
    target: number,
    rotation: 0 | 90 | 180 | 270 = 0,
    fixed = false,
  ): Promise<Rendered> {
    const scan = await this.scan(n);
    if (scan) return fromScan(scan, target, rotation, fixed);
    return renderPageAt(await this.pdfjs(), n, target, rotation, fixed);
  }

  private async scan(n: number): Promise<ScanImage | undefined> {
    const rec = this.records[n - 1];
    if (!this.file || !rec || !pdfEnv.ocrScanImages()) return undefined;
    try {
      return await pageScanImage(this.file, rec, decodeJpeg);
    } catch {
      // Whatever the reader cannot read here, pdf.js draws.
      return undefined;
    }
  }

  async close(): Promise<void> {
    const doc = this.doc;
    this.doc = undefined;
    if (doc) await (await doc.catch(() => undefined))?.destroy();
  }
}

/** A scan's pixels at the resolution chosen for them, turned by the page's and the caller's rotation. */
function fromScan(scan: ScanImage, target: number, rotation: 0 | 90 | 180 | 270, fixed: boolean): Rendered {
  const [vw, vh] = scan.viewPt;
  const own = (scan.widthPx * 72) / vw;
  const ownY = (scan.heightPx * 72) / vh;
  const want = fixed ? target : chooseDpi(vw, vh, target);
  // A scan made at the target resolution (a 200 dpi scan for 200) is read as made at it exactly.
  const atWant = Math.abs(own - want) < 0.05 && Math.abs(ownY - want) < 0.05;
  const keep =
    atWant ||
    (!fixed && Math.abs(own - ownY) <= 0.01 * own && own >= want && own <= want * OWN_RESOLUTION_SPAN);
  const dpi = atWant ? want : keep ? Math.round(own * 1e6) / 1e6 : want;
  let w = scan.widthPx;
  let h = scan.heightPx;
  let pixels = scan.grey;
  if (!keep) {
    // As pdf.js sizes its canvas for the page at this resolution.
    w = Math.max(1, Math.ceil(vw * (dpi / 72)));
    h = Math.max(1, Math.ceil(vh * (dpi / 72)));
    pixels = new Uint8Array(w * h);
    resampleGrey(scan.grey, scan.widthPx, scan.heightPx, w, h, pixels, 0);
  }
  const turn = ((scan.rotate + rotation) % 360) as 0 | 90 | 180 | 270;
  const quarter = turn === 90 || turn === 270;
  const [tw, th] = quarter ? [h, w] : [w, h];
  const image = pgm(tw, th);
  turnGrey(pixels, w, h, turn, image, image.length - w * h);
  const view: [number, number] = scan.rotate === 90 || scan.rotate === 270 ? [vh, vw] : [vw, vh];
  return { shot: greyPage(image, tw, th, dpi), view, fromImage: true };
}

/** A JPEG's grey pixels, decoded by the canvas package OCR renders with. */
async function decodeJpeg(bytes: Uint8Array): Promise<{ grey: Uint8Array; width: number; height: number }> {
  const canvas = await importOptional<typeof import('@napi-rs/canvas')>(
    '@napi-rs/canvas',
    `OCR renders pages with @napi-rs/canvas: ${OCR_INSTALL_HINT}`,
  );
  const img = new canvas.Image();
  img.src = bytes;
  await img.decode();
  const { width, height } = img;
  const cc = canvas.createCanvas(width, height);
  const ctx = cc.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  for (let i = 0; i < px.length; i++) {
    const v = px[i];
    grey[i] = ((v & 0xff) * 77 + ((v >>> 8) & 0xff) * 150 + ((v >>> 16) & 0xff) * 29) >>> 8;
  }
  return { grey, width, height };
}
