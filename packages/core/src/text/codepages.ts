import { createRequire } from 'node:module';

type Iconv = typeof import('iconv-lite');
let loaded: Iconv | undefined;
/**
 * iconv-lite, loaded on the first code page that needs it: most documents never do, and
 * importing it (a CommonJS package, scanned for its exports) cost a cold command about 25 ms
 * of CPU, a tenth of converting one PDF.
 */
const iconv = (): Iconv => {
  loaded ??= createRequire(import.meta.url)('iconv-lite') as Iconv;
  return loaded;
};

/**
 * Windows and Mac code pages, decoded by iconv-lite. TextDecoder only knows the WHATWG
 * encodings, which lack the DOS pages (437, 850, …) that old RTF, .doc and .xls files declare;
 * hand-made tables got those wrong (437 decoded as Cyrillic ibm866, 850 as Windows-1252).
 */
export type ByteDecoder = (b: Uint8Array) => string;

/** Code page numbers whose iconv-lite name is not `cp<number>`. */
const NAMED: Record<number, string> = {
  708: 'iso88596', // ASMO-708 Arabic, the ISO 8859-6 repertoire
  1200: 'utf16le',
  1201: 'utf16be',
  1361: 'euckr', // Johab: iconv-lite lacks it; EUC-KR reads its Hangul syllables best of what it has
  10000: 'macintosh',
  10001: 'shiftjis', // Mac Japanese is Shift_JIS with a few Apple extensions
  10007: 'maccyrillic',
  20932: 'eucjp',
  20936: 'gb2312',
  28591: 'iso88591',
  32768: 'macintosh',
  50220: 'shiftjis', // ISO-2022-JP is a 7-bit transport encoding; Word stores it re-encoded as 932
  51932: 'eucjp',
  51949: 'euckr',
  54936: 'gb18030',
  65001: 'utf8',
};

/** The iconv-lite name for a code page number; unknown pages fall back to Windows-1252. */
export function codepageEncoding(cp: number): string {
  const name = NAMED[cp] ?? `cp${cp}`;
  return iconv().encodingExists(name) ? name : 'cp1252';
}

const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** A decoding function for a code page number. */
export function codepageDecoder(cp: number): ByteDecoder {
  const name = codepageEncoding(cp);
  return (b) => iconv().decode(asBuffer(b), name);
}

/** True when iconv-lite can decode a label (`cp437`, `ibm850`, `windows-1250`, `big5`, …). */
export const iconvKnows = (label: string): boolean => iconv().encodingExists(label);

/** Decodes bytes in an encoding iconv-lite knows. */
export const iconvDecode = (b: Uint8Array, label: string): string => iconv().decode(asBuffer(b), label);
