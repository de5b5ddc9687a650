import { MAX_IMAGE_PIXELS } from '../image-limits.js';
import type { PageRecord, PdfFile } from '../reader/document.js';
import { decodeStream } from '../reader/filters.js';
import { EOF, Lexer } from '../reader/lexer.js';
import { isName, isNum, Stream } from '../reader/objects.js';
import { contentBytes, pageView } from '../reader/page.js';

/**
 * The one image a scanned page is: its grey pixels as stored, without pdf.js drawing the page.
 * pdf.js decodes a scan's Flate stream in JavaScript, paints it on a canvas at the same size and
 * reads it back, about a fifth of an OCR'd page's CPU; this reads the same pixels directly.
 */
export interface ScanImage {
  grey: Uint8Array;
  widthPx: number;
  heightPx: number;
  /** The page's view box width and height in points, before its rotation. */
  viewPt: [number, number];
  /** The page's own /Rotate. */
  rotate: number;
}

/** How far (points) the image may fall short of or spill past each edge of the page's view. */
const EDGE_TOLERANCE = 1.5;

const GREY_SPACES = new Set(['DeviceGray', 'G', 'CalGray']);
const RGB_SPACES = new Set(['DeviceRGB', 'RGB', 'CalRGB']);

/**
 * Page `rec` as one image, when its content is nothing but one upright image XObject covering
 * the page (`q W 0 0 H x y cm /Im Do Q`, as scanners and img2pdf write it), grey or RGB, 8 bits,
 * stored raw, Flate-coded or as a JPEG, without masks or a Decode array. Anything else
 * (text, several images, a turned or partial image, another codec) is undefined: the page is
 * drawn by pdf.js as before. `decodeJpeg` turns a JPEG's bytes into grey pixels.
 */
export async function pageScanImage(
  file: PdfFile,
  rec: PageRecord,
  decodeJpeg: (bytes: Uint8Array) => Promise<{ grey: Uint8Array; width: number; height: number }>,
): Promise<ScanImage | undefined> {
  const { view, rotate } = pageView(file, rec);
  const painted = onlyImage(file, rec);
  if (!painted) return undefined;
  const { stream, ctm } = painted;
  const [a, b, c, d, e, f] = ctm;
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0) return undefined;
  const edges = [e - view[0], f - view[1], e + a - view[2], f + d - view[3]];
  if (edges.some((x) => Math.abs(x) > EDGE_TOLERANCE)) return undefined;
  const dict = stream.dict;
  const width = file.num(dict.get('Width') ?? dict.get('W')) ?? 0;
  const height = file.num(dict.get('Height') ?? dict.get('H')) ?? 0;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) return undefined;
  if (width * height > MAX_IMAGE_PIXELS) return undefined;
  for (const key of ['ImageMask', 'IM', 'SMask', 'Mask', 'Decode', 'D'])
    if (dict.has(key) && file.resolve(dict.get(key)) !== false) return undefined;
  if ((file.num(dict.get('BitsPerComponent') ?? dict.get('BPC')) ?? 0) !== 8) return undefined;
  const comps = components(file, dict.get('ColorSpace') ?? dict.get('CS'));
  if (!comps) return undefined;
  const f0 = file.resolve(dict.get('Filter') ?? dict.get('F'));
  const filters = (Array.isArray(f0) ? f0.map((x) => file.resolve(x)) : f0 ? [f0] : []).map((x) =>
    isName(x) ? x.name : '?',
  );
  let grey: Uint8Array;
  if (filters.length === 1 && (filters[0] === 'DCTDecode' || filters[0] === 'DCT')) {
    const jpeg = await decodeJpeg(stream.raw);
    if (jpeg.width !== width || jpeg.height !== height) return undefined;
    grey = jpeg.grey;
  } else if (filters.every((x) => x === 'FlateDecode' || x === 'Fl') && filters.length <= 1) {
    const bytes = width * height * comps;
    const data = decodeStream(stream.raw, dict, (o) => file.resolve(o), bytes + 4096);
    if (data.length < bytes) return undefined;
    grey = comps === 1 ? data.subarray(0, bytes) : luma(data, width * height);
  } else return undefined;
  // The reader parses numbers digit by digit (666.36 reads 666.3599999999999); pdf.js, whose
  // sizes the other pages get, by parseFloat: rounded, the two agree.
  const size = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    grey,
    widthPx: width,
    heightPx: height,
    viewPt: [size(view[2] - view[0]), size(view[3] - view[1])],
    rotate,
  };
}

/** Components of a grey or RGB colour space (ICC by its /N); undefined for any other. */
function components(file: PdfFile, o: Parameters<PdfFile['resolve']>[0]): 1 | 3 | undefined {
  const cs = file.resolve(o);
  if (isName(cs)) return GREY_SPACES.has(cs.name) ? 1 : RGB_SPACES.has(cs.name) ? 3 : undefined;
  const arr = file.array(cs);
  if (!arr || !isName(file.resolve(arr[0]), 'ICCBased')) return undefined;
  const s = file.resolve(arr[1]);
  const n = s instanceof Stream ? file.num(s.dict.get('N')) : undefined;
  return n === 1 ? 1 : n === 3 ? 3 : undefined;
}

/** Grey from packed RGB, with the weights the renderer uses (render.ts). */
function luma(rgb: Uint8Array, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0, j = 0; i < pixels; i++, j += 3)
    out[i] = (rgb[j] * 77 + rgb[j + 1] * 150 + rgb[j + 2] * 29) >>> 8;
  return out;
}

type Matrix = [number, number, number, number, number, number];

/**
 * The image XObject and the matrix it is drawn with, when the page's content does nothing but
 * save, restore and transform the state and draw that one image.
 */
function onlyImage(file: PdfFile, rec: PageRecord): { stream: Stream; ctm: Matrix } | undefined {
  const lx = new Lexer(contentBytes(file, rec.dict.get('Contents')));
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const operands: unknown[] = [];
  let drawn: { stream: Stream; ctm: Matrix } | undefined;
  for (let i = 0; i < 64; i++) {
    const t = lx.next();
    if (t === EOF) return drawn;
    if (typeof t === 'number' || isName(t)) {
      operands.push(t);
      continue;
    }
    if (t === 'q' && operands.length === 0) stack.push(ctm);
    else if (t === 'Q' && operands.length === 0 && stack.length) ctm = stack.pop()!;
    else if (t === 'cm' && operands.length === 6 && operands.every(isNum)) {
      const [a, b, c, d, e, f] = operands as number[];
      const [A, B, C, D, E, F] = ctm;
      ctm = [
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
      ];
    } else if (t === 'Do' && operands.length === 1 && isName(operands[0]) && !drawn) {
      const xobjects = file.dict(file.dict(rec.resources)?.get('XObject'));
      const x = file.resolve(xobjects?.get(operands[0].name));
      if (!(x instanceof Stream) || !isName(file.resolve(x.dict.get('Subtype')), 'Image')) return undefined;
      drawn = { stream: x, ctm };
    } else return undefined;
    operands.length = 0;
  }
  return undefined;
}
