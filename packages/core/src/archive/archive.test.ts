import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeZip } from '../testing/zip-writer.js';
import { CfbFile } from './cfb.js';
import { resolveArchivePath, ZipArchive } from './zip.js';

describe('ZipArchive', () => {
  it('reads stored and deflated members', () => {
    for (const deflate of [true, false]) {
      const zip = new ZipArchive(makeZip({ 'a.txt': 'hello', 'dir/b.xml': '<b>ü</b>' }, deflate));
      expect(zip.names()).toEqual(['a.txt', 'dir/b.xml']);
      expect(zip.readText('a.txt')).toBe('hello');
      expect(zip.readText('DIR/B.XML')).toBe('<b>ü</b>');
    }
  });

  it('refuses a zip bomb with DECOMPRESSION_LIMIT instead of allocating it', () => {
    const zeros = new Uint8Array(64 * 1024 * 1024); // 64 MiB of zeros deflate to ~64 KiB
    const zip = new ZipArchive(makeZip({ 'word/document.xml': zeros }), {
      maxEntries: 100,
      maxTotalBytes: 16 * 1024 * 1024,
      maxEntryBytes: 8 * 1024 * 1024,
      maxRatio: 100,
    });
    expect(() => zip.read('word/document.xml')).toThrowError(
      expect.objectContaining({ code: 'DECOMPRESSION_LIMIT' }),
    );
  });

  it('refuses a member that declares a size past a limit without inflating it', () => {
    // Not deflate data at all: were it inflated, the error would be FILE_CORRUPT.
    const garbage = { deflated: new Uint8Array(4096).fill(0xff), size: 0xfffffffe };
    const zip = new ZipArchive(makeZip({ 'word/document.xml': garbage, 'b.xml': '<b/>' }));
    expect(() => zip.read('word/document.xml')).toThrowError(
      expect.objectContaining({ code: 'DECOMPRESSION_LIMIT', message: expect.stringMatching(/declares/) }),
    );
    // Against what is left of the archive's budget too: the second member, under the member
    // cap but over what the first left, is refused from its declaration alone.
    const five = new Uint8Array(5 * 1024 * 1024);
    const two = new ZipArchive(
      makeZip({
        a: { deflated: deflateRawSync(five), size: five.length },
        b: { deflated: new Uint8Array(64).fill(0xff), size: five.length },
      }),
      { maxEntries: 10, maxTotalBytes: 8 * 1024 * 1024, maxEntryBytes: 6 * 1024 * 1024, maxRatio: 1000 },
    );
    expect(two.read('a').length).toBe(five.length);
    expect(() => two.read('b')).toThrowError(
      expect.objectContaining({ code: 'DECOMPRESSION_LIMIT', message: expect.stringMatching(/declares/) }),
    );
  });

  it('stops a member that declares less than it holds where its declaration ends', () => {
    const zeros = new Uint8Array(64 * 1024 * 1024);
    const liar = { deflated: deflateRawSync(zeros), size: 100 };
    const small = { deflated: deflateRawSync(Buffer.from('tiny')), size: 0 };
    const zip = new ZipArchive(makeZip({ 'word/document.xml': liar, small }));
    expect(() => zip.read('word/document.xml')).toThrowError(
      expect.objectContaining({ code: 'DECOMPRESSION_LIMIT' }),
    );
    // A small member that declares nothing (some writers do) is still read.
    expect(zip.readText('small')).toBe('tiny');
  });

  it('counts the budget over all members', () => {
    const part = new Uint8Array(3 * 1024 * 1024);
    const zip = new ZipArchive(makeZip({ a: part, b: part, c: part }), {
      maxEntries: 10,
      maxTotalBytes: 7 * 1024 * 1024,
      maxEntryBytes: 4 * 1024 * 1024,
      maxRatio: 10_000,
    });
    zip.read('a');
    zip.read('b');
    expect(() => zip.read('c')).toThrowError(expect.objectContaining({ code: 'DECOMPRESSION_LIMIT' }));
  });

  it('gives FILE_CORRUPT for truncation and a missing member', () => {
    const bytes = makeZip({ 'a.txt': 'hello world' });
    expect(() => new ZipArchive(bytes.subarray(0, 20))).toThrowError(
      expect.objectContaining({ code: 'FILE_CORRUPT' }),
    );
    expect(() => new ZipArchive(bytes).read('nope')).toThrowError(
      expect.objectContaining({ code: 'FILE_CORRUPT' }),
    );
  });

  it('refuses paths that leave the archive', () => {
    expect(resolveArchivePath('OEBPS/text/ch1.xhtml', '../images/a.png')).toBe('OEBPS/images/a.png');
    expect(resolveArchivePath('OEBPS/ch1.xhtml', '../../etc/passwd')).toBeUndefined();
    expect(resolveArchivePath('a.xhtml', 'http://x/y.png')).toBeUndefined();
  });
});

/** A minimal version-3 compound file with one small stream in the mini stream. */
function makeCfb(streamName: string, data: Uint8Array, loopFat = false): Uint8Array {
  const S = 512;
  // sectors: 0 = FAT, 1 = directory, 2 = mini FAT, 3 = mini stream
  const buf = new Uint8Array(S * 5);
  const dv = new DataView(buf.buffer);
  buf.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  dv.setUint16(0x18, 0x3e, true);
  dv.setUint16(0x1a, 3, true);
  dv.setUint16(0x1c, 0xfffe, true);
  dv.setUint16(0x1e, 9, true);
  dv.setUint16(0x20, 6, true);
  dv.setUint32(0x2c, 1, true); // one FAT sector
  dv.setUint32(0x30, 1, true); // directory at sector 1
  dv.setUint32(0x38, 4096, true);
  dv.setUint32(0x3c, 2, true); // mini FAT at sector 2
  dv.setUint32(0x40, 1, true);
  dv.setUint32(0x44, 0xfffffffe, true);
  for (let i = 0; i < 109; i++) dv.setUint32(0x4c + i * 4, i === 0 ? 0 : 0xffffffff, true);
  const fat = S * 1;
  dv.setUint32(fat + 0, 0xfffffffd, true);
  dv.setUint32(fat + 4, loopFat ? 1 : 0xfffffffe, true);
  dv.setUint32(fat + 8, 0xfffffffe, true);
  dv.setUint32(fat + 12, 0xfffffffe, true);
  for (let i = 4; i < 128; i++) dv.setUint32(fat + i * 4, 0xffffffff, true);
  const dir = S * 2;
  const entry = (i: number, name: string, type: number, child: number, start: number, size: number) => {
    const o = dir + i * 128;
    for (let k = 0; k < name.length; k++) dv.setUint16(o + k * 2, name.charCodeAt(k), true);
    dv.setUint16(o + 64, (name.length + 1) * 2, true);
    buf[o + 66] = type;
    dv.setUint32(o + 68, 0xffffffff, true);
    dv.setUint32(o + 72, 0xffffffff, true);
    dv.setUint32(o + 76, child, true);
    dv.setUint32(o + 116, start, true);
    dv.setUint32(o + 120, size, true);
  };
  entry(0, 'Root Entry', 5, 1, 3, 64);
  entry(1, streamName, 2, 0xffffffff, 0, data.length);
  const miniFat = S * 3;
  dv.setUint32(miniFat, 0xfffffffe, true);
  for (let i = 1; i < 128; i++) dv.setUint32(miniFat + i * 4, 0xffffffff, true);
  buf.set(data.subarray(0, 64), S * 4);
  return buf;
}

describe('CfbFile', () => {
  it('lists streams and reads a mini-stream stream', () => {
    const cfb = new CfbFile(makeCfb('WordDocument', new TextEncoder().encode('hello cfb')));
    expect(cfb.streamNames()).toEqual(['WordDocument']);
    expect(new TextDecoder().decode(cfb.read('worddocument'))).toBe('hello cfb');
  });

  it('ends a FAT loop in FILE_CORRUPT, not a hang', () => {
    expect(() => new CfbFile(makeCfb('WordDocument', new Uint8Array(8), true))).toThrowError(
      expect.objectContaining({ code: 'FILE_CORRUPT' }),
    );
  });

  it('ends truncation in FILE_CORRUPT', () => {
    expect(() => new CfbFile(makeCfb('WordDocument', new Uint8Array(8)).subarray(0, 700))).toThrowError(
      expect.objectContaining({ code: 'FILE_CORRUPT' }),
    );
  });
});
