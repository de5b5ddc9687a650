import { IMAGE_CODECS } from './reader/filters.js';

const enc = (s: string) => Buffer.from(s, 'latin1');
const CODECS = [...IMAGE_CODECS].map((name) => enc(`/${name}`));
const OBJ = enc('obj');
const STREAM = enc('stream');
/** Bytes that end a PDF name: white space and delimiters (§7.2.2, §7.3.5). */
const NAME_END = new Set([0, 9, 10, 12, 13, 32, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const IS_IMAGE = /\/Subtype\s*\/Image(?![A-Za-z0-9])/;

/**
 * Renames, in place, every image codec (DCT, JPX, JBIG2, CCITT) named in the dictionary of a
 * stream object that is no image (a font program, a CMap, a content stream so encoded) to a
 * filter pdf.js does not know, which it passes over and reads the bytes as they are. pdf.js
 * would run the codec over bytes that are no image without a bound: a JBIG2 decoder fed a
 * ToUnicode CMap filled a 1 GB heap (pnpm fuzz seed 23 case 36003). The fast reader treats
 * such a stream as unreadable and says so; pdf.js now sees it as unreadable too. Lengths do
 * not change, so every offset in the file stays right. Returns how many were renamed.
 */
export function defuseImageCodecs(data: Uint8Array): number {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let renamed = 0;
  for (const codec of CODECS) {
    for (let at = buf.indexOf(codec); at >= 0; at = buf.indexOf(codec, at + codec.length)) {
      const end = at + codec.length;
      if (end < buf.length && !NAME_END.has(buf[end])) continue; // a longer name (/DCTDecode for /DCT)
      // The object this name is in: its `obj` keyword before, with no `stream` keyword between
      // (a name after `stream` is inside the data, such as an inline image's filter).
      const objAt = buf.lastIndexOf(OBJ, at);
      if (objAt < 0) continue;
      const streamAt = buf.indexOf(STREAM, objAt);
      if (streamAt >= 0 && streamAt < at) continue;
      if (streamAt < 0) continue; // not a stream's dictionary
      const dict = buf.toString('latin1', objAt, streamAt);
      // `obj <<` opens an object's dictionary; anything else is bytes that happen to read "obj".
      if (!/^obj\s*<</.test(dict) || IS_IMAGE.test(dict)) continue;
      buf[end - 1] = 0x5f; // '/JBIG2Decode' -> '/JBIG2Decod_', a filter pdf.js does not have
      renamed++;
    }
  }
  return renamed;
}
