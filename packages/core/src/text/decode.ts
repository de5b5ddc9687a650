import { iconvDecode, iconvKnows } from './codepages.js';

/**
 * Text decoding for formats that arrive as bytes without a reliable label (CSV, HTML, RTF
 * fallbacks). The order is: BOM, a declared charset, valid UTF-8, then a guess between
 * Shift_JIS and Windows-1252 from the byte patterns.
 */
export interface Decoded {
  text: string;
  encoding: string;
  /** True when the encoding came from a BOM or a declaration rather than a guess. */
  declared: boolean;
}

export function bomEncoding(b: Uint8Array): { encoding: string; length: number } | undefined {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
    return { encoding: 'utf-8', length: 3 };
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/**
 * Maps a charset label to one `decodeBytes` knows (TextDecoder's, else iconv-lite's, which adds
 * the DOS and Mac code pages), or undefined when neither does.
 */
export function normalizeCharset(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const l = label
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  const alias: Record<string, string> = {
    'x-sjis': 'shift_jis',
    sjis: 'shift_jis',
    ms932: 'shift_jis',
    cp932: 'shift_jis',
    'windows-31j': 'shift_jis',
    cp1252: 'windows-1252',
    latin1: 'windows-1252',
    'iso-8859-1': 'windows-1252',
    ascii: 'windows-1252',
    'us-ascii': 'windows-1252',
    utf8: 'utf-8',
    gb2312: 'gb18030',
    gbk: 'gb18030',
  };
  const name = alias[l] ?? l;
  try {
    new TextDecoder(name);
    return name;
  } catch {
    return iconvKnows(name) ? name : undefined;
  }
}

/** Windows-1252's 0x80–0x9F (WHATWG); Node's TextDecoder wrongly decodes them as C1 controls. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(b: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < b.length; i += CHUNK) {
    const part = b.subarray(i, i + CHUNK);
    const codes = new Array<number>(part.length);
    for (let k = 0; k < part.length; k++) {
      const c = part[k];
      codes[k] = c >= 0x80 && c <= 0x9f ? CP1252_HIGH[c - 0x80] : c;
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** Decodes bytes in a named encoding (a TextDecoder label), fixing Node's Windows-1252. */
export function decodeBytes(b: Uint8Array, encoding: string): string {
  const name = normalizeCharset(encoding) ?? 'utf-8';
  if (name === 'windows-1252') return decodeWindows1252(b);
  try {
    return new TextDecoder(name).decode(b);
  } catch {
    return iconvDecode(b, name);
  }
}

/** The bytes as UTF-8 text, or undefined when they are not valid UTF-8. */
function strictUtf8(b: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return undefined;
  }
}

export function isValidUtf8(b: Uint8Array): boolean {
  return strictUtf8(b) !== undefined;
}

/** Share of bytes that form valid Shift_JIS double-byte pairs, among the high bytes. */
function shiftJisScore(b: Uint8Array): number {
  let pairs = 0;
  let high = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c < 0x80) continue;
    high++;
    if (((c >= 0x81 && c <= 0x9f) || (c >= 0xe0 && c <= 0xfc)) && i + 1 < b.length) {
      const t = b[i + 1];
      if (t >= 0x40 && t <= 0xfc && t !== 0x7f) {
        pairs++;
        high++;
        i++;
      }
    } else if (c >= 0xa1 && c <= 0xdf) {
      pairs += 0.5; // half-width katakana
    }
  }
  return high === 0 ? 0 : (2 * pairs) / high;
}

export function decodeText(b: Uint8Array, declared?: string): Decoded {
  const bom = bomEncoding(b);
  if (bom)
    return {
      text: new TextDecoder(bom.encoding).decode(b.subarray(bom.length)),
      encoding: bom.encoding,
      declared: true,
    };
  const label = normalizeCharset(declared);
  if (label && label !== 'utf-8') return { text: decodeBytes(b, label), encoding: label, declared: true };
  // One strict decode both tests and reads valid UTF-8 (testing first, then decoding, read
  // every undeclared page twice).
  const utf8 = strictUtf8(b);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8', declared: label === 'utf-8' };
  const sample = b.subarray(0, 64 * 1024);
  if (shiftJisScore(sample) > 0.9) {
    try {
      return {
        text: new TextDecoder('shift_jis', { fatal: true }).decode(b),
        encoding: 'shift_jis',
        declared: false,
      };
    } catch {
      // not Shift_JIS after all
    }
  }
  return { text: decodeWindows1252(b), encoding: 'windows-1252', declared: false };
}

/** True when bytes look like text: no NULs outside UTF-16, few control characters. */
export function looksLikeText(b: Uint8Array): boolean {
  const bom = bomEncoding(b);
  if (bom?.encoding.startsWith('utf-16')) return true;
  const n = Math.min(b.length, 8192);
  if (n === 0) return false;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c === 0) return false;
    if (c < 9 || (c > 13 && c < 32 && c !== 27)) bad++;
  }
  return bad / n < 0.01;
}
