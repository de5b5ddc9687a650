import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStream } from './filters.js';
import { Dict, ImageCodec, Name, type PdfObject, TooLarge, Unsupported } from './objects.js';

const dict = (filter: string | string[]) => {
  const d = new Dict();
  d.set('Filter', Array.isArray(filter) ? filter.map((f) => Name.get(f)) : Name.get(filter));
  return d;
};
const id = (o: PdfObject | undefined) => o;

describe('stream filters within their limits (issue 23)', () => {
  it('LZW decodes the PDF reference example', () => {
    const enc = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    const out = decodeStream(enc, dict('LZWDecode'), id);
    expect([...out]).toEqual([0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x41, 0x2d, 0x2d, 0x2d, 0x42]);
  });

  it('RunLength past the limit is TooLarge, or its prefix with onCut', () => {
    // 200 runs of 128 copies: 25,600 bytes from 400.
    const enc = Uint8Array.from(Array.from({ length: 400 }, (_, i) => (i % 2 ? 0x41 : 129)));
    expect(() => decodeStream(enc, dict('RunLengthDecode'), id, 1000)).toThrow(TooLarge);
    let cut = 0;
    const out = decodeStream(enc, dict('RunLengthDecode'), id, 1000, (l) => {
      cut = l;
    });
    expect(out.length).toBe(1000);
    expect(cut).toBe(1000);
  });

  it('a Flate bomb gives its first bytes with onCut, never more than the limit', () => {
    const enc = deflateSync(Buffer.alloc(4 * 1024 * 1024, 'BT (x) Tj ET\n'));
    expect(() => decodeStream(enc, dict('FlateDecode'), id, 1024 * 1024)).toThrow(TooLarge);
    let cut = false;
    const out = decodeStream(enc, dict('FlateDecode'), id, 1024 * 1024, () => {
      cut = true;
    });
    expect(cut).toBe(true);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.from(out.subarray(0, 13)).toString('latin1')).toBe('BT (x) Tj ET\n');
  });

  it('Flate reads raw deflate, and zlib data behind a wrong header check or before a wrong checksum', () => {
    const text = Buffer.from('BT /F1 12 Tf 72 700 Td (Raw deflate) Tj ET\n'.repeat(50));
    const read = (enc: Uint8Array) =>
      Buffer.from(decodeStream(enc, dict('FlateDecode'), id)).toString('latin1');
    // No zlib header at all: Node's inflate refused it, and the raw retry never ran.
    expect(read(deflateRawSync(text))).toBe(text.toString('latin1'));
    const zlib = Uint8Array.from(deflateSync(text));
    const badSum = Uint8Array.from(zlib);
    badSum[badSum.length - 1] ^= 0xff;
    expect(read(badSum)).toBe(text.toString('latin1'));
    const badHeader = Uint8Array.from(zlib);
    badHeader[1] ^= 0x01;
    expect(read(badHeader)).toBe(text.toString('latin1'));
    expect(() => read(Buffer.from('not a deflate stream at all'))).toThrow(Unsupported);
  });

  it('a raw deflate bomb gives its first bytes with onCut, as a zlib one does', () => {
    const enc = deflateRawSync(Buffer.alloc(4 * 1024 * 1024, 'BT (x) Tj ET\n'));
    expect(() => decodeStream(enc, dict('FlateDecode'), id, 1024 * 1024)).toThrow(TooLarge);
    let cut = false;
    const out = decodeStream(enc, dict('FlateDecode'), id, 1024 * 1024, () => {
      cut = true;
    });
    expect(cut).toBe(true);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.from(out.subarray(0, 13)).toString('latin1')).toBe('BT (x) Tj ET\n');
  });

  it('image codecs on any stream are ImageCodec, never run', () => {
    for (const f of ['JBIG2Decode', 'DCTDecode', 'JPXDecode', 'CCITTFaxDecode'])
      expect(() => decodeStream(Uint8Array.from([1, 2, 3]), dict(f), id)).toThrow(ImageCodec);
  });
});
