/** The tags of the TIFF header below, each a 12-byte entry. */
const ENTRIES = 12;
/** Header, directory (count, entries, next-directory offset), then two resolution rationals. */
const HEADER = 8 + 2 + ENTRIES * 12 + 4 + 16;

/**
 * The header of an uncompressed 8-bit grey TIFF (little-endian, one strip, black is 0, as in a
 * PGM) of `width` × `height` pixels at `dpi`; the rows of pixels follow it unchanged. Native
 * tesseract reads an image named on its command line through leptonica, which reads a TIFF strip
 * in one piece: an image on its stdin is read a byte at a time into memory, and a PGM's pixels
 * one `fread` each, together about 0.06 CPU s of an A4 page at 200 dpi (the same words).
 */
export function greyTiffHeader(width: number, height: number, dpi: number): Uint8Array {
  const out = new Uint8Array(HEADER);
  const v = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]); // "II", 42: little-endian TIFF
  v.setUint32(4, 8, true); // the first directory follows the header
  v.setUint16(8, ENTRIES, true);
  const rationals = 8 + 2 + ENTRIES * 12 + 4;
  const res = Math.max(1, Math.round(dpi));
  // [tag, type (3 short, 4 long, 5 rational), value or offset], in ascending tag order.
  const entries: [number, 3 | 4 | 5, number][] = [
    [256, 3, width], // ImageWidth
    [257, 3, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, HEADER], // StripOffsets: the pixels follow the header
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip: one strip
    [279, 4, width * height], // StripByteCounts
    [282, 5, rationals], // XResolution
    [283, 5, rationals + 8], // YResolution
    [296, 3, 2], // ResolutionUnit: inch
  ];
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, type, true);
    v.setUint32(at + 4, 1, true);
    // A short sits in the first two bytes of the value field; wider sizes need a long.
    if (type === 3 && value < 0x10000) v.setUint16(at + 8, value, true);
    else {
      v.setUint16(at + 2, type === 3 ? 4 : type, true);
      v.setUint32(at + 8, value, true);
    }
  });
  v.setUint32(10 + ENTRIES * 12, 0, true); // no next directory
  v.setUint32(rationals, res, true);
  v.setUint32(rationals + 4, 1, true);
  v.setUint32(rationals + 8, res, true);
  v.setUint32(rationals + 12, 1, true);
  return out;
}
