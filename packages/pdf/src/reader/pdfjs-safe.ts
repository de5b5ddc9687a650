import type { FastPdf } from './index.js';
import { Ref } from './objects.js';

/** The image codecs' filter names as they appear in a file (`/DCT` also finds `/DCTDecode`). */
const CODEC_NAMES = ['/JBIG2Decode', '/DCT', '/JPXDecode', '/CCITTFaxDecode', '/CCF'];

/**
 * The bytes pdf.js is given to render a page (OCR): the file itself, or, when some stream that
 * is no image is encoded with an image codec, the file with an incremental update (§7.5.6)
 * that redefines each such stream as empty. pdf.js would run the codec over bytes that are no
 * image without a bound (a JBIG2 decoder fed a ToUnicode CMap filled a 1 GB heap); the fast
 * reader reads such a stream as absent and says so, and pdf.js now sees the same.
 *
 * pdf.js reads the newest cross-reference section first and keeps the first entry for each
 * object; when it has to rebuild the table by scanning, the last definition wins: either way
 * the empty stream is the one it reads.
 */
export function pdfjsSafeBytes(fast: FastPdf, bytes: Uint8Array): Uint8Array {
  // Most files name no image codec at all: no object is read for them.
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!CODEC_NAMES.some((name) => buf.includes(name))) return bytes;
  const refs = fast.file.codecMisuse();
  if (refs.length === 0) return bytes;
  const root = fast.file.trailer.get('Root');
  const size = Math.max(fast.file.maxObjectNumber(), ...refs.map((r) => r.num)) + 1;
  const parts: string[] = ['\n'];
  let at = bytes.length + 1;
  const offsets: [number, number, number][] = [];
  for (const r of refs.sort((a, b) => a.num - b.num)) {
    const obj = `${r.num} ${r.gen} obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj\n`;
    offsets.push([r.num, r.gen, at]);
    parts.push(obj);
    at += obj.length;
  }
  const xrefAt = at;
  let xref = 'xref\n';
  for (const [num, gen, off] of offsets)
    xref += `${num} 1\n${String(off).padStart(10, '0')} ${String(gen).padStart(5, '0')} n \n`;
  const rootRef = root instanceof Ref ? `${root.num} ${root.gen} R` : undefined;
  const prev = fast.file.startXref();
  xref += `trailer\n<< /Size ${size}${rootRef ? ` /Root ${rootRef}` : ''}${prev !== undefined ? ` /Prev ${prev}` : ''} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  parts.push(xref);
  const tail = Buffer.from(parts.join(''), 'latin1');
  const out = new Uint8Array(bytes.length + tail.length);
  out.set(bytes, 0);
  out.set(tail, bytes.length);
  return out;
}
