import { decodeBytes } from '@distill/core';

export { type ByteDecoder, codepageDecoder } from '@distill/core';

/**
 * Byte decoding for Windows code pages, shared by the RTF and legacy binary readers.
 * Code page 1252 goes through core's decodeBytes, which maps 0x80–0x9F as Windows does
 * (Node 20's TextDecoder treats 'windows-1252' as ISO-8859-1 and loses € “ ” …).
 */
export const decodeCp1252 = (b: Uint8Array): string => decodeBytes(b, 'windows-1252');

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
