/**
 * PDF object model of the fast reader: names are interned (compare with ===), strings are
 * byte arrays, dictionaries are maps, indirect references are Ref objects, and a stream is
 * its dictionary plus the raw (still encoded) bytes.
 */

export class Name {
  private static readonly table = new Map<string, Name>();
  private constructor(readonly name: string) {}
  static get(name: string): Name {
    let n = Name.table.get(name);
    if (!n) {
      n = new Name(name);
      Name.table.set(name, n);
    }
    return n;
  }
}

export class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return `${this.num}R${this.gen}`;
  }
}

export type PdfObject =
  | number
  | boolean
  | null
  | Name
  | Uint8Array
  | PdfObject[]
  | Dict
  | Ref
  | Stream
  /** An operator keyword (content streams) or an unknown keyword. */
  | string;

export class Dict {
  readonly map = new Map<string, PdfObject>();
  get(key: string): PdfObject | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  set(key: string, value: PdfObject): void {
    this.map.set(key, value);
  }
}

export class Stream {
  constructor(
    readonly dict: Dict,
    /** The encoded bytes between `stream` and `endstream`. */
    readonly raw: Uint8Array,
    /** The object this stream was read from, for caches keyed by object. */
    readonly ref?: Ref,
  ) {}
}

/** Thrown when the reader meets something it does not do right: the caller falls back to pdf.js. */
export class Unsupported extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Unsupported';
  }
}

/**
 * A stream encoded with an image codec (DCT, JPX, JBIG2, CCITT). The fast reader never decodes
 * images; on a content, font or CMap stream such a filter is a broken file, and pdf.js would
 * run the codec over bytes that are no image (a JBIG2 decoder fed a font program allocated
 * gigabytes): callers that read text treat it as an unreadable stream, not as a fallback.
 */
export class ImageCodec extends Unsupported {
  constructor(readonly filter: string) {
    super(`filter ${filter}`);
    this.name = 'ImageCodec';
  }
}

/**
 * A stream that decodes past its limit (a bomb). pdf.js has no such limit, so callers that read
 * text keep the prefix (or drop the stream) and say so, instead of falling back.
 */
export class TooLarge extends Unsupported {
  constructor(readonly limit: number) {
    super('stream too large');
    this.name = 'TooLarge';
  }
}

export const isName = (o: unknown, name?: string): o is Name =>
  o instanceof Name && (name === undefined || o.name === name);
export const isDict = (o: unknown): o is Dict => o instanceof Dict;
export const isNum = (o: unknown): o is number => typeof o === 'number' && Number.isFinite(o);

/** A PDF text string: UTF-16BE with a BOM, UTF-8 with a BOM, or PDFDocEncoding. */
export function decodeTextString(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return s;
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    let s = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
    return s;
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder().decode(bytes.subarray(3));
  }
  let s = '';
  for (const b of bytes) s += String.fromCharCode(PDF_DOC[b] ?? b);
  return s;
}

/** PDFDocEncoding differs from Latin-1 in 0x18..0x1f and 0x80..0x9f. */
const PDF_DOC: Record<number, number> = {
  24: 0x2d8,
  25: 0x2c7,
  26: 0x2c6,
  27: 0x2d9,
  28: 0x2dd,
  29: 0x2db,
  30: 0x2da,
  31: 0x2dc,
  128: 0x2022,
  129: 0x2020,
  130: 0x2021,
  131: 0x2026,
  132: 0x2014,
  133: 0x2013,
  134: 0x192,
  135: 0x2044,
  136: 0x2039,
  137: 0x203a,
  138: 0x2212,
  139: 0x2030,
  140: 0x201e,
  141: 0x201c,
  142: 0x201d,
  143: 0x2018,
  144: 0x2019,
  145: 0x201a,
  146: 0x2122,
  147: 0xfb01,
  148: 0xfb02,
  149: 0x141,
  150: 0x152,
  151: 0x160,
  152: 0x178,
  153: 0x17d,
  154: 0x131,
  155: 0x142,
  156: 0x153,
  157: 0x161,
  158: 0x17e,
  160: 0x20ac,
};
