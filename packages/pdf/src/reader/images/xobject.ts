import type { PdfFile } from '../document.js';
import { decodeStream } from '../filters.js';
import { Dict, isName, isNum, type PdfObject, Stream } from '../objects.js';
import { encodePng } from './png.js';

/**
 * Most pixels an image may have to be written as a PNG: its RGBA buffer is then at most 64 MB
 * (the decoded-stream bound of the reader), so one image never takes memory past the bounds
 * the README states. A larger image is left out with a note, never decoded.
 */
export const MAX_WRITTEN_PIXELS = 16 * 1024 * 1024;

/** Filters whose output is itself an image file format; the bytes before them are written as is. */
const PASS_THROUGH: Record<string, string> = { DCTDecode: 'jpg', DCT: 'jpg', JPXDecode: 'jp2' };
/** Bilevel codecs no browser shows and no code here decodes. */
const UNDECODED = new Set(['JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

export type EncodedImage = { bytes: Uint8Array; ext: string } | { skip: string };

type Space =
  | { kind: 'gray' | 'rgb' | 'cmyk'; n: number }
  | { kind: 'indexed'; n: 1; base: 'gray' | 'rgb' | 'cmyk'; baseN: number; hival: number; lookup: Uint8Array }
  | { kind: 'separation'; n: 1 };

const DEVICE: Record<string, Space> = {
  DeviceGray: { kind: 'gray', n: 1 },
  G: { kind: 'gray', n: 1 },
  CalGray: { kind: 'gray', n: 1 },
  DeviceRGB: { kind: 'rgb', n: 3 },
  RGB: { kind: 'rgb', n: 3 },
  CalRGB: { kind: 'rgb', n: 3 },
  DeviceCMYK: { kind: 'cmyk', n: 4 },
  CMYK: { kind: 'cmyk', n: 4 },
};

/** The colour space of an image, reduced to what converting its samples to RGB needs. */
function colorSpace(file: PdfFile, o: PdfObject | undefined, depth = 0): Space | string {
  const cs = file.resolve(o);
  if (isName(cs)) return DEVICE[cs.name] ?? `colour space ${cs.name}`;
  const a = file.array(cs);
  if (!a?.length || depth > 2) return 'an unreadable colour space';
  const head = file.resolve(a[0]);
  const name = isName(head) ? head.name : '';
  if (name === 'CalRGB' || name === 'CalGray' || name === 'Lab') {
    return name === 'Lab' ? 'colour space Lab' : (DEVICE[name] as Space);
  }
  if (name === 'ICCBased') {
    const s = file.resolve(a[1]);
    const n = s instanceof Stream ? file.num(s.dict.get('N')) : undefined;
    if (n === 1) return DEVICE.DeviceGray as Space;
    if (n === 3) return DEVICE.DeviceRGB as Space;
    if (n === 4) return DEVICE.DeviceCMYK as Space;
    return 'an ICC colour space of unknown components';
  }
  if (name === 'Separation') return { kind: 'separation', n: 1 };
  if (name === 'Indexed' || name === 'I') {
    const base = colorSpace(file, a[1], depth + 1);
    if (typeof base === 'string' || base.kind === 'indexed' || base.kind === 'separation')
      return 'an indexed colour space over an unsupported base';
    const hival = file.num(a[2]) ?? 0;
    const l = file.resolve(a[3]);
    const lookup = l instanceof Uint8Array ? l : l instanceof Stream ? file.decode(l, 4096 * 4) : undefined;
    if (!lookup) return 'an indexed colour space without its table';
    return { kind: 'indexed', n: 1, base: base.kind, baseN: base.n, hival, lookup };
  }
  return `colour space ${name || 'unknown'}`;
}

/** Unpacks `bpc`-bit samples of byte-aligned rows to one byte each (16 bits: the high byte). */
function unpack(data: Uint8Array, width: number, height: number, comps: number, bpc: number): Uint8Array {
  const perRow = width * comps;
  const rowBytes = Math.ceil((perRow * bpc) / 8);
  const out = new Uint8Array(perRow * height);
  if (bpc === 8) {
    for (let y = 0; y < height; y++) out.set(data.subarray(y * rowBytes, y * rowBytes + perRow), y * perRow);
    return out;
  }
  if (bpc === 16) {
    for (let y = 0; y < height; y++)
      for (let i = 0; i < perRow; i++) out[y * perRow + i] = data[y * rowBytes + 2 * i] ?? 0;
    return out;
  }
  const mask = (1 << bpc) - 1;
  for (let y = 0; y < height; y++) {
    let bit = y * rowBytes * 8;
    for (let i = 0; i < perRow; i++, bit += bpc) {
      const byte = data[bit >> 3] ?? 0;
      out[y * perRow + i] = (byte >> (8 - bpc - (bit & 7))) & mask;
    }
  }
  return out;
}

/** Samples of `bpc` bits scaled to 0..255 through the /Decode array (default [0 1] per component). */
function scale(samples: Uint8Array, comps: number, bpc: number, decode: number[] | undefined): void {
  const max = bpc === 16 ? 255 : (1 << bpc) - 1;
  const luts: Uint8Array[] = [];
  for (let c = 0; c < comps; c++) {
    const d0 = decode?.[2 * c] ?? 0;
    const d1 = decode?.[2 * c + 1] ?? 1;
    const lut = new Uint8Array(max + 1);
    for (let v = 0; v <= max; v++)
      lut[v] = Math.round(Math.min(1, Math.max(0, d0 + (v * (d1 - d0)) / max)) * 255);
    luts.push(lut);
  }
  for (let i = 0; i < samples.length; i++) samples[i] = luts[i % comps][samples[i]];
}

interface Raster {
  width: number;
  height: number;
  channels: 1 | 3;
  pixels: Uint8Array;
}

/** The decoded bytes of an image stream, bounded by what its size says it holds. */
function imageBytes(file: PdfFile, s: Stream, expected: number): Uint8Array {
  return decodeStream(
    s.raw,
    s.dict,
    (o) => file.resolve(o),
    expected + 4096,
    () => undefined,
  );
}

function numbers(file: PdfFile, o: PdfObject | undefined): number[] | undefined {
  const a = file.array(o)?.map((x) => file.resolve(x));
  return a?.every(isNum) ? (a as number[]) : undefined;
}

/** A grey or RGB raster of a (non-mask) image whose samples the reader can decode. */
function raster(file: PdfFile, s: Stream, width: number, height: number): Raster | string {
  const d = s.dict;
  const mask = file.resolve(d.get('ImageMask') ?? d.get('IM')) === true;
  const bpc = mask ? 1 : (file.num(d.get('BitsPerComponent') ?? d.get('BPC')) ?? 8);
  if (![1, 2, 4, 8, 16].includes(bpc)) return `${bpc} bits per component`;
  const space = mask
    ? ({ kind: 'gray', n: 1 } as Space)
    : colorSpace(file, d.get('ColorSpace') ?? d.get('CS'));
  if (typeof space === 'string') return space;
  const expected = Math.ceil((width * space.n * bpc) / 8) * height;
  const data = imageBytes(file, s, expected);
  const samples = unpack(data, width, height, space.n, bpc);
  let decode = numbers(file, d.get('Decode') ?? d.get('D'));
  // A stencil mask paints where a sample is 0 (black on white), unless Decode flips it.
  if (mask) decode = decode?.[0] === 1 ? [1, 0] : [0, 1];
  if (space.kind === 'indexed') {
    const out = new Uint8Array(width * height * (space.base === 'gray' ? 1 : 3));
    const n = space.baseN;
    for (let i = 0; i < samples.length; i++) {
      const at = Math.min(samples[i], space.hival) * n;
      const c = space.lookup.subarray(at, at + n);
      if (space.base === 'gray') out[i] = c[0] ?? 0;
      else if (space.base === 'rgb') out.set([c[0] ?? 0, c[1] ?? 0, c[2] ?? 0], i * 3);
      else out.set(cmykToRgb(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 0), i * 3);
    }
    return { width, height, channels: space.base === 'gray' ? 1 : 3, pixels: out };
  }
  scale(samples, space.n, bpc, decode);
  if (space.kind === 'separation') {
    // A tint of one ink: 1 is full ink, so dark.
    for (let i = 0; i < samples.length; i++) samples[i] = 255 - samples[i];
    return { width, height, channels: 1, pixels: samples };
  }
  if (space.kind === 'cmyk') {
    const out = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < samples.length; i += 4, j += 3)
      out.set(cmykToRgb(samples[i], samples[i + 1], samples[i + 2], samples[i + 3]), j);
    return { width, height, channels: 3, pixels: out };
  }
  return { width, height, channels: space.kind === 'gray' ? 1 : 3, pixels: samples };
}

const cmykToRgb = (c: number, m: number, y: number, k: number): [number, number, number] => [
  Math.round(((255 - c) * (255 - k)) / 255),
  Math.round(((255 - m) * (255 - k)) / 255),
  Math.round(((255 - y) * (255 - k)) / 255),
];

/** Nearest-neighbour resampling of a one-channel raster to the image's size (a smaller SMask). */
function resample(src: Uint8Array, sw: number, sh: number, w: number, h: number): Uint8Array {
  if (sw === w && sh === h) return src;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(sh - 1, Math.floor((y * sh) / h));
    for (let x = 0; x < w; x++) out[y * w + x] = src[sy * sw + Math.min(sw - 1, Math.floor((x * sw) / w))];
  }
  return out;
}

/**
 * The image's alpha channel from its /SMask (a grey image: the opacity), its /Mask stencil (1
 * hides) or its /Mask colour-key ranges; undefined when it has none. A mask the reader cannot
 * decode (JPEG-coded, an odd colour space) is a note, and the image is written opaque.
 */
function alphaOf(
  file: PdfFile,
  s: Stream,
  img: Raster,
  raw: Uint8Array | undefined,
  notes: string[],
): Uint8Array | undefined {
  const { width, height } = img;
  const smask = file.resolve(s.dict.get('SMask'));
  const mask = file.resolve(s.dict.get('Mask'));
  const soft = smask instanceof Stream ? smask : mask instanceof Stream ? mask : undefined;
  if (soft) {
    const sw = file.num(soft.dict.get('Width')) ?? 0;
    const sh = file.num(soft.dict.get('Height')) ?? 0;
    if (!sw || !sh || sw * sh > MAX_WRITTEN_PIXELS) return undefined;
    try {
      const isStencil = soft === mask;
      const r = raster(file, soft, sw, sh);
      if (typeof r === 'string' || r.channels !== 1) {
        notes.push(`its mask was not applied (${typeof r === 'string' ? r : 'not grey'})`);
        return undefined;
      }
      // A stencil /Mask hides where its sample is 1 (255 once scaled), unless its Decode flips it.
      const a = isStencil ? r.pixels.map((v) => 255 - v) : r.pixels;
      return resample(a, sw, sh, width, height);
    } catch (e) {
      notes.push(`its mask was not applied (${(e as Error).message})`);
      return undefined;
    }
  }
  const key = numbers(file, mask);
  if (key && raw) {
    // Colour-key masking: a pixel whose every component lies in its range is transparent.
    const comps = key.length / 2;
    if (comps !== img.channels) return undefined;
    const alpha = new Uint8Array(width * height).fill(255);
    for (let p = 0; p < width * height; p++) {
      let inside = true;
      for (let c = 0; c < comps && inside; c++) {
        const v = raw[p * comps + c];
        inside = v >= key[2 * c] && v <= key[2 * c + 1];
      }
      if (inside) alpha[p] = 0;
    }
    return alpha;
  }
  return undefined;
}

/** Interleaves colour and alpha: grey + alpha or RGBA. */
function withAlpha(img: Raster, alpha: Uint8Array): { channels: 2 | 4; pixels: Uint8Array } {
  const n = img.channels;
  const out = new Uint8Array(img.width * img.height * (n + 1));
  for (let p = 0, o = 0; p < img.width * img.height; p++) {
    for (let c = 0; c < n; c++) out[o++] = img.pixels[p * n + c];
    out[o++] = alpha[p];
  }
  return { channels: (n + 1) as 2 | 4, pixels: out };
}

/**
 * An image XObject as a file: a JPEG (DCTDecode) or JPEG 2000 stream as it is stored, anything
 * else decoded and written as a PNG with its colour space converted (grey, RGB, CMYK, indexed,
 * ICC by its component count) and its soft mask, stencil mask or colour key as alpha. JBIG2
 * and CCITT (bilevel scans) and unknown colour spaces are skipped with the reason.
 */
export function encodeImageXObject(file: PdfFile, s: Stream): EncodedImage & { notes?: string[] } {
  const d = s.dict;
  const width = file.num(d.get('Width') ?? d.get('W')) ?? 0;
  const height = file.num(d.get('Height') ?? d.get('H')) ?? 0;
  if (!(width > 0 && height > 0) || !Number.isInteger(width) || !Number.isInteger(height))
    return { skip: 'no size' };
  if (width * height > MAX_WRITTEN_PIXELS)
    return {
      skip: `${width} × ${height} pixels, over the ${MAX_WRITTEN_PIXELS.toLocaleString('en-US')} written`,
    };
  const f = file.resolve(d.get('Filter') ?? d.get('F'));
  const filters = (Array.isArray(f) ? f.map((x) => file.resolve(x)) : f ? [f] : []).map((x) =>
    isName(x) ? x.name : '',
  );
  const last = filters[filters.length - 1] ?? '';
  if (UNDECODED.has(last)) return { skip: `${last.replace(/Decode$/, '')}-coded` };
  const notes: string[] = [];
  if (PASS_THROUGH[last]) {
    let bytes = s.raw;
    if (filters.length > 1) {
      // Filters before the image codec (ASCII85 over a JPEG) are undone; the JPEG stays.
      const pre = new Dict();
      pre.set('Filter', (file.array(d.get('Filter') ?? d.get('F')) ?? []).slice(0, -1));
      const parms = file.array(d.get('DecodeParms') ?? d.get('DP'));
      if (parms) pre.set('DecodeParms', parms.slice(0, -1));
      bytes = decodeStream(s.raw, pre, (o) => file.resolve(o), 64 * 1024 * 1024);
    }
    // A JPEG is not decoded here, so a mask over it cannot be applied: said, not dropped silently.
    if (d.has('SMask') || d.has('Mask'))
      notes.push('its mask was not applied (the JPEG is written as stored)');
    return { bytes, ext: PASS_THROUGH[last], ...(notes.length ? { notes } : {}) };
  }
  const img = raster(file, s, width, height);
  if (typeof img === 'string') return { skip: img };
  if (file.resolve(d.get('ImageMask') ?? d.get('IM')) === true) {
    // A stencil drawn in the fill colour (unknown here): black where it paints, clear elsewhere.
    const alpha = img.pixels.map((v) => 255 - v);
    const out = withAlpha({ ...img, pixels: new Uint8Array(img.pixels.length) }, alpha);
    return { bytes: encodePng(width, height, out.channels, out.pixels), ext: 'png' };
  }
  const bpc = file.num(d.get('BitsPerComponent')) ?? 8;
  const key = numbers(file, d.get('Mask'));
  const rawSamples =
    key && bpc <= 8
      ? unpack(
          imageBytes(file, s, Math.ceil((width * img.channels * bpc) / 8) * height),
          width,
          height,
          img.channels,
          bpc,
        )
      : undefined;
  const alpha = alphaOf(file, s, img, rawSamples, notes);
  const out = alpha ? withAlpha(img, alpha) : { channels: img.channels, pixels: img.pixels };
  return {
    bytes: encodePng(width, height, out.channels, out.pixels),
    ext: 'png',
    ...(notes.length ? { notes } : {}),
  };
}
