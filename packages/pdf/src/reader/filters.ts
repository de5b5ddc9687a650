import { constants, inflateRawSync, inflateSync, type ZlibOptions } from 'node:zlib';
import {
  type Dict,
  ImageCodec,
  isDict,
  isName,
  Name,
  type PdfObject,
  TooLarge,
  Unsupported,
} from './objects.js';

/** No decoded stream may grow past this (a PDF bomb is cut off, not inflated). */
export const MAX_DECODED = 64 * 1024 * 1024;

/** Deflate's best ratio is about 1032:1: this many input bytes can never inflate past `limit`. */
const safeFlateInput = (limit: number) => Math.max(1, Math.floor(limit / 1100));

/**
 * Decoded bytes, grown by doubling up to a limit. The decoders used to collect into number[]
 * (eight or more bytes of heap per decoded byte, so a 64 MB limit meant over 512 MB of heap).
 */
class Sink {
  private buf = new Uint8Array(4096);
  n = 0;
  constructor(private readonly limit: number) {}
  private room(k: number): void {
    if (this.n + k > this.limit) throw new Full();
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(Math.min(size, Math.max(this.limit, this.n + k)));
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }
  push(b: number): void {
    this.room(1);
    this.buf[this.n++] = b;
  }
  write(bytes: Uint8Array): void {
    const k = Math.min(bytes.length, this.limit - this.n);
    this.room(k);
    this.buf.set(bytes.subarray(0, k), this.n);
    this.n += k;
    if (k < bytes.length) throw new Full();
  }
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.n);
  }
}

/** The sink is full: the stream decodes past its limit. Caught in decodeStream. */
class Full extends Error {}

const tooLarge = (e: unknown) => (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';

type Inflate = (data: Uint8Array, opts: ZlibOptions) => Buffer;

// Called through at each use, never held: the cold CLI's zlib answers each function without
// loading Node's zlib module, resolved when first called (cli/src/cold/lazy-builtin.ts).
const zlibInflate: Inflate = (data, opts) => inflateSync(data, opts);
const rawInflate: Inflate = (data, opts) => inflateRawSync(data, opts);

/**
 * The readings of a Flate stream, in order, until one gives bytes. Zlib data, whole; zlib data up
 * to its damage (sync flush keeps what inflates before a cut or a broken block); then raw
 * deflate, as some writers leave the zlib header out (pdf.js refuses such a stream, so its page
 * came out blank); last raw deflate past the 2 header bytes, for whole deflate data behind a
 * wrong header check or before a wrong Adler-32 checksum (pdf.js refuses the first and reads the
 * second: it never checks the sum).
 */
const READINGS: { inflate: Inflate; skip: number; sync: boolean }[] = [
  { inflate: zlibInflate, skip: 0, sync: false },
  { inflate: zlibInflate, skip: 0, sync: true },
  { inflate: rawInflate, skip: 0, sync: true },
  { inflate: rawInflate, skip: 2, sync: true },
];

/** Inflates within `limit`; past it, TooLarge or (with `partial`) the prefix that fits, marked cut. */
function flate(data: Uint8Array, limit: number, partial: boolean): { data: Uint8Array; cut: boolean } {
  for (const { inflate, skip, sync } of READINGS) {
    const input = data.subarray(skip);
    try {
      const opts = sync
        ? { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH }
        : { maxOutputLength: limit };
      return { data: inflate(input, opts), cut: false };
    } catch (e) {
      if (!tooLarge(e)) continue;
      if (!partial) throw new TooLarge(limit);
      return { data: flatePrefix(input, limit, inflate), cut: true };
    }
  }
  throw new Unsupported('broken Flate stream');
}

/**
 * The start of a stream that inflates past `limit`. inflateSync gives nothing back past its
 * maxOutputLength, so growing prefixes of the input are inflated (doubling from a size that
 * cannot pass the limit) and the last that fits is kept: at most ~11 tries, each bounded.
 */
function flatePrefix(data: Uint8Array, limit: number, inflate: Inflate): Uint8Array {
  let best: Uint8Array = new Uint8Array(0);
  for (let n = Math.min(data.length, safeFlateInput(limit)); ; n = Math.min(data.length, n * 2)) {
    try {
      best = inflate(data.subarray(0, n), {
        maxOutputLength: limit,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch {
      break;
    }
    if (n >= data.length) break;
  }
  return best;
}

/**
 * LZW with the dictionary as prefix links (code -> earlier code + one byte), at most 4096
 * entries as 12-bit codes allow: the array-of-arrays dictionary it replaces grew without a cap
 * and copied every entry, quadratic in the input.
 */
function lzw(data: Uint8Array, early: number, out: Sink): void {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  const first = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
    first[i] = i;
  }
  const tmp = new Uint8Array(4097);
  let next = 258;
  let codeLen = 9;
  let prev = -1;
  let bitBuf = 0;
  let bits = 0;
  let p = 0;
  const emit = (code: number, extra: number): void => {
    let k = length[code];
    let c = code;
    for (let i = k - 1; i >= 0; i--) {
      tmp[i] = suffix[c];
      c = prefix[c];
    }
    if (extra >= 0) tmp[k++] = extra;
    out.write(tmp.subarray(0, k));
  };
  for (;;) {
    while (bits < codeLen && p < data.length) {
      bitBuf = ((bitBuf << 8) | data[p++]) >>> 0;
      bits += 8;
    }
    if (bits < codeLen) break;
    const code = (bitBuf >>> (bits - codeLen)) & ((1 << codeLen) - 1);
    bits -= codeLen;
    if (code === 256) {
      next = 258;
      codeLen = 9;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    let head: number;
    if (code < next) {
      emit(code, -1);
      head = first[code];
    } else if (code === next && prev >= 0) {
      head = first[prev];
      emit(prev, head);
    } else break;
    if (prev >= 0 && next < 4096) {
      prefix[next] = prev;
      // The new entry: the previous one and the first byte of this one.
      suffix[next] = head;
      length[next] = length[prev] + 1;
      first[next] = first[prev];
      next++;
    }
    prev = code;
    const size = next + early;
    if (size >= 2048) codeLen = 12;
    else if (size >= 1024) codeLen = 11;
    else if (size >= 512) codeLen = 10;
  }
}

function ascii85(data: Uint8Array, out: Sink): void {
  const group: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break; // ~>
    if (c <= 0x20) continue;
    if (c === 0x7a && group.length === 0) {
      for (let k = 0; k < 4; k++) out.push(0);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) {
      let v = 0;
      for (const g of group) v = v * 85 + g;
      out.push((v >>> 24) & 0xff);
      out.push((v >>> 16) & 0xff);
      out.push((v >>> 8) & 0xff);
      out.push(v & 0xff);
      group.length = 0;
    }
  }
  if (group.length > 1) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const g of group) v = v * 85 + g;
    const bytes = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    for (const b of bytes.slice(0, n - 1)) out.push(b);
  }
}

function asciiHex(data: Uint8Array, out: Sink): void {
  let hi = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    let v = -1;
    if (c >= 0x30 && c <= 0x39) v = c - 0x30;
    else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
    else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
    if (v < 0) continue;
    if (hi < 0) hi = v;
    else {
      out.push((hi << 4) | v);
      hi = -1;
    }
  }
  if (hi >= 0) out.push(hi << 4);
}

function runLength(data: Uint8Array, out: Sink): void {
  let i = 0;
  while (i < data.length) {
    const n = data[i++];
    if (n === 128) break;
    if (n < 128) {
      for (let k = 0; k <= n && i < data.length; k++) out.push(data[i++]);
    } else {
      const b = data[i++];
      for (let k = 0; k < 257 - n; k++) out.push(b);
    }
  }
}

/** PNG (10..15) and TIFF (2) predictors, as used on xref and object streams. */
function predict(data: Uint8Array, parms: Dict): Uint8Array {
  const predictor = num(parms.get('Predictor'), 1);
  if (predictor <= 1) return data;
  const colors = num(parms.get('Colors'), 1);
  const bpc = num(parms.get('BitsPerComponent'), 8);
  const columns = num(parms.get('Columns'), 1);
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (predictor === 2) {
    if (bpc !== 8) throw new Unsupported('TIFF predictor with bpc != 8');
    const out = Uint8Array.from(data);
    for (let r = 0; r < out.length; r += rowLen)
      for (let i = r + bpp; i < Math.min(r + rowLen, out.length); i++)
        out[i] = (out[i] + out[i - bpp]) & 0xff;
    return out;
  }
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  // One loop per filter type, not a switch per byte: a scanned page is millions of bytes.
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)];
    const s = r * (rowLen + 1) + 1;
    const o = r * rowLen;
    // The row above (o - rowLen); the first row's is zeros.
    const up = r > 0;
    if (type === 1) {
      for (let i = 0; i < rowLen; i++) out[o + i] = data[s + i] + (i >= bpp ? out[o + i - bpp] : 0);
    } else if (type === 2) {
      if (up) for (let i = 0; i < rowLen; i++) out[o + i] = data[s + i] + out[o - rowLen + i];
      else out.set(data.subarray(s, s + rowLen), o);
    } else if (type === 3) {
      for (let i = 0; i < rowLen; i++) {
        const a = i >= bpp ? out[o + i - bpp] : 0;
        const b = up ? out[o - rowLen + i] : 0;
        out[o + i] = data[s + i] + ((a + b) >> 1);
      }
    } else if (type === 4) {
      for (let i = 0; i < rowLen; i++) {
        const a = i >= bpp ? out[o + i - bpp] : 0;
        const b = up ? out[o - rowLen + i] : 0;
        const c = up && i >= bpp ? out[o - rowLen + i - bpp] : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        out[o + i] = data[s + i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
    } else out.set(data.subarray(s, s + rowLen), o);
  }
  return out;
}

const num = (o: PdfObject | undefined, d: number) => (typeof o === 'number' ? o : d);

/** The image codecs: never decoded by the fast reader (it reads text). */
export const IMAGE_CODECS: ReadonlySet<string> = new Set([
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'JBIG2Decode',
  'CCITTFaxDecode',
  'CCF',
]);

/**
 * Decodes a stream's bytes through its filters, each step within `limit` bytes. Image codecs
 * (DCT, JPX, JBIG2, CCITT) are never needed for text and throw ImageCodec; an unknown filter
 * throws Unsupported. Past the limit the stream throws TooLarge, or with `onCut` keeps the
 * bytes decoded up to the limit and reports it (text streams: what fits is still read).
 */
export function decodeStream(
  raw: Uint8Array,
  dict: Dict,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  limit = MAX_DECODED,
  onCut?: (limit: number) => void,
): Uint8Array {
  const f = resolve(dict.get('Filter') ?? dict.get('F'));
  const p = resolve(dict.get('DecodeParms') ?? dict.get('DP'));
  const filters = Array.isArray(f) ? f.map((x) => resolve(x)) : f ? [f] : [];
  const parms = Array.isArray(p) ? p.map((x) => resolve(x)) : [p];
  let data = raw;
  let cut = false;
  // A sink-based decoder: its output, or on overflow its prefix (onCut) or TooLarge.
  const through = (run: (out: Sink) => void): Uint8Array => {
    const out = new Sink(limit);
    try {
      run(out);
    } catch (e) {
      if (!(e instanceof Full)) throw e;
      if (!onCut) throw new TooLarge(limit);
      cut = true;
    }
    return out.bytes();
  };
  filters.forEach((filter, i) => {
    const parm = parms[i];
    const name = isName(filter) ? filter.name : '';
    switch (name) {
      case 'FlateDecode':
      case 'Fl': {
        const r = flate(data, limit, !!onCut);
        data = r.data;
        if (r.cut) cut = true;
        if (isDict(parm)) data = predict(data, parm);
        break;
      }
      case 'LZWDecode':
      case 'LZW': {
        const input = data;
        data = through((out) => lzw(input, isDict(parm) ? num(parm.get('EarlyChange'), 1) : 1, out));
        if (isDict(parm)) data = predict(data, parm);
        break;
      }
      case 'ASCII85Decode':
      case 'A85': {
        const input = data;
        data = through((out) => ascii85(input, out));
        break;
      }
      case 'ASCIIHexDecode':
      case 'AHx': {
        const input = data;
        data = through((out) => asciiHex(input, out));
        break;
      }
      case 'RunLengthDecode':
      case 'RL': {
        const input = data;
        data = through((out) => runLength(input, out));
        break;
      }
      case 'Crypt':
        if (!isDict(parm) || isName(parm.get('Name'), 'Identity') || !parm.has('Name')) break;
        throw new Unsupported('Crypt filter');
      default:
        if (IMAGE_CODECS.has(name)) throw new ImageCodec(name);
        throw new Unsupported(`filter ${name || String(filter)}`);
    }
  });
  if (cut) onCut?.(limit);
  return data;
}

export { Name };
