import { constants, inflateSync } from 'node:zlib';
import { type Dict, isDict, isName, Name, type PdfObject, Unsupported } from './objects.js';

/** No decoded stream may grow past this (a PDF bomb is cut off, not inflated). */
export const MAX_DECODED = 64 * 1024 * 1024;

function flate(data: Uint8Array, limit: number): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: limit });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Unsupported('stream too large');
    // Truncated or slightly broken streams: keep what inflates (sync flush stops at the damage).
    try {
      return inflateSync(data, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      try {
        // Raw deflate without the zlib header.
        return inflateSync(data.subarray(2), {
          maxOutputLength: limit,
          finishFlush: constants.Z_SYNC_FLUSH,
          windowBits: -15,
        } as never);
      } catch {
        throw new Unsupported('broken Flate stream');
      }
    }
  }
}

function lzw(data: Uint8Array, early: number, limit: number): Uint8Array {
  const out: number[] = [];
  let bitBuf = 0;
  let bits = 0;
  let p = 0;
  let codeLen = 9;
  const dictStrings: number[][] = [];
  const reset = () => {
    dictStrings.length = 258;
    for (let i = 0; i < 256; i++) dictStrings[i] = [i];
    codeLen = 9;
  };
  reset();
  let prev: number[] | null = null;
  for (;;) {
    while (bits < codeLen && p < data.length) {
      bitBuf = ((bitBuf << 8) | data[p++]) >>> 0;
      bits += 8;
    }
    if (bits < codeLen) break;
    const code = (bitBuf >>> (bits - codeLen)) & ((1 << codeLen) - 1);
    bits -= codeLen;
    if (code === 256) {
      reset();
      prev = null;
      continue;
    }
    if (code === 257) break;
    let entry: number[];
    if (code < dictStrings.length && dictStrings[code]) entry = dictStrings[code];
    else if (prev) entry = [...prev, prev[0]];
    else break;
    for (const b of entry) out.push(b);
    if (out.length > limit) throw new Unsupported('stream too large');
    if (prev) dictStrings.push([...prev, entry[0]]);
    prev = entry;
    const size = dictStrings.length + early;
    if (size >= 4096) codeLen = 12;
    else if (size >= 2048) codeLen = 12;
    else if (size >= 1024) codeLen = 11;
    else if (size >= 512) codeLen = 10;
  }
  return Uint8Array.from(out);
}

function ascii85(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  const group: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break; // ~>
    if (c <= 0x20) continue;
    if (c === 0x7a && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) {
      let v = 0;
      for (const g of group) v = v * 85 + g;
      out.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
      group.length = 0;
    }
  }
  if (group.length > 1) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const g of group) v = v * 85 + g;
    const bytes = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    out.push(...bytes.slice(0, n - 1));
  }
  return Uint8Array.from(out);
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out: number[] = [];
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
  return Uint8Array.from(out);
}

function runLength(data: Uint8Array, limit: number): Uint8Array {
  const out: number[] = [];
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
    if (out.length > limit) throw new Unsupported('stream too large');
  }
  return Uint8Array.from(out);
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
  let prev = new Uint8Array(rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)];
    const src = data.subarray(r * (rowLen + 1) + 1, (r + 1) * (rowLen + 1));
    const cur = out.subarray(r * rowLen, (r + 1) * rowLen);
    for (let i = 0; i < rowLen; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = src[i];
      switch (type) {
        case 1:
          v += a;
          break;
        case 2:
          v += b;
          break;
        case 3:
          v += (a + b) >> 1;
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
      }
      cur[i] = v & 0xff;
    }
    prev = cur;
  }
  return out;
}

const num = (o: PdfObject | undefined, d: number) => (typeof o === 'number' ? o : d);

/**
 * Decodes a stream's bytes through its filters. Image codecs (DCT, JPX, JBIG2, CCITT) are
 * never needed for text and throw Unsupported, as does any unknown filter.
 */
export function decodeStream(
  raw: Uint8Array,
  dict: Dict,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  limit = MAX_DECODED,
): Uint8Array {
  const f = resolve(dict.get('Filter') ?? dict.get('F'));
  const p = resolve(dict.get('DecodeParms') ?? dict.get('DP'));
  const filters = Array.isArray(f) ? f.map((x) => resolve(x)) : f ? [f] : [];
  const parms = Array.isArray(p) ? p.map((x) => resolve(x)) : [p];
  let data = raw;
  filters.forEach((filter, i) => {
    const parm = parms[i];
    const name = isName(filter) ? filter.name : '';
    switch (name) {
      case 'FlateDecode':
      case 'Fl':
        data = flate(data, limit);
        if (isDict(parm)) data = predict(data, parm);
        break;
      case 'LZWDecode':
      case 'LZW':
        data = lzw(data, isDict(parm) ? num(parm.get('EarlyChange'), 1) : 1, limit);
        if (isDict(parm)) data = predict(data, parm);
        break;
      case 'ASCII85Decode':
      case 'A85':
        data = ascii85(data);
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        data = asciiHex(data);
        break;
      case 'RunLengthDecode':
      case 'RL':
        data = runLength(data, limit);
        break;
      case 'Crypt':
        if (!isDict(parm) || isName(parm.get('Name'), 'Identity') || !parm.has('Name')) break;
        throw new Unsupported('Crypt filter');
      default:
        throw new Unsupported(`filter ${name || String(filter)}`);
    }
  });
  return data;
}

export { Name };
