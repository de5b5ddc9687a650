import { decodeBytes } from '@distill/core';

/**
 * Byte decoding for Windows code pages, shared by the RTF and legacy binary readers.
 * Code page 1252 goes through core's decodeBytes, which maps 0x80–0x9F as Windows does
 * (Node 20's TextDecoder treats 'windows-1252' as ISO-8859-1 and loses € “ ” …).
 */
export const decodeCp1252 = (b: Uint8Array): string => decodeBytes(b, 'windows-1252');

/** A TextDecoder label for a Windows/Mac code page number. */
export function codepageLabel(cp: number): string {
  const map: Record<number, string> = {
    437: 'ibm866',
    708: 'iso-8859-6',
    720: 'windows-1256',
    850: 'windows-1252',
    852: 'iso-8859-2',
    866: 'ibm866',
    874: 'windows-874',
    932: 'shift_jis',
    936: 'gbk',
    949: 'euc-kr',
    950: 'big5',
    1200: 'utf-16le',
    1201: 'utf-16be',
    10000: 'macintosh',
    10001: 'shift_jis',
    10007: 'x-mac-cyrillic',
    20932: 'euc-jp',
    20936: 'gbk',
    28591: 'iso-8859-1',
    28592: 'iso-8859-2',
    28595: 'iso-8859-5',
    50220: 'iso-2022-jp',
    51932: 'euc-jp',
    51949: 'euc-kr',
    54936: 'gb18030',
    65001: 'utf-8',
    32768: 'macintosh',
  };
  if (map[cp]) return map[cp];
  if (cp >= 1250 && cp <= 1258) return `windows-${cp}`;
  return 'windows-1252';
}

export type ByteDecoder = (b: Uint8Array) => string;

/** A decoding function for a code page; unknown pages fall back to 1252. */
export function codepageDecoder(cp: number): ByteDecoder {
  const label = codepageLabel(cp);
  if (label === 'windows-1252' || label === 'iso-8859-1') return decodeCp1252;
  try {
    const d = new TextDecoder(label);
    return (b) => d.decode(b);
  } catch {
    return decodeCp1252;
  }
}

/** The code page of an RTF/Word character set number (\fcharset). */
export function charsetCodepage(charset: number): number | undefined {
  const map: Record<number, number> = {
    0: 1252,
    1: 1252,
    77: 10000,
    78: 10001,
    128: 932,
    129: 949,
    130: 1361,
    134: 936,
    136: 950,
    161: 1253,
    162: 1254,
    163: 1258,
    177: 1255,
    178: 1256,
    186: 1257,
    204: 1251,
    222: 874,
    238: 1250,
    254: 437,
  };
  return map[charset];
}
