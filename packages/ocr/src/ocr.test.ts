import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { languageData, OcrPool, tesseractCode } from './index.js';
import { trainedDataDir } from './languages.js';

const CORPORA = process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora');

/** A white greyscale PNG, made here so the test needs no image tool. */
function blankPng(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc((w + 1) * h, 255);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('OCR pool (tesseract.js, language data from npm, offline)', () => {
  const pool = new OcrPool({ size: 1 });
  afterAll(() => pool.close());

  it('reads a rendered page into words with boxes and confidence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'distill-ocr-'));
    const pdf = join(CORPORA, 'pdf/dpbench-dev/pdfs/01030000000002.pdf');
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', pdf, join(dir, 'page')]);
    const page = await pool.recognize(new Uint8Array(readFileSync(join(dir, 'page.png'))));
    expect(page.text).toContain('Choosing between Observer Models');
    expect(page.words.length).toBeGreaterThan(200);
    expect(page.confidence).toBeGreaterThan(0.8);
    const w = page.words.find((x) => x.text === 'YARROW')!;
    expect(w.bbox[0]).toBeGreaterThan(500); // right-hand running header
    expect(w.bbox[3]).toBeGreaterThan(w.bbox[1]);
    expect(pool.startupMs).toBeGreaterThan(0);
  });

  it('gives no words for a blank page rather than failing', async () => {
    const page = await pool.recognize(blankPng(400, 300));
    expect(page.words).toEqual([]);
    expect(page.confidence).toBe(0);
  });

  it('names the npm package to install for a missing language', () => {
    expect(tesseractCode('de-DE')).toBe('deu');
    expect(() => languageData('de')).toThrowError(/@tesseract\.js-data\/deu/);
    expect(() => new OcrPool({ languages: ['fr'] })).toThrowError(
      expect.objectContaining({ code: 'MISSING_DEPENDENCY' }),
    );
    expect(languageData('en').code).toBe('eng');
  });

  it('reads English with the fast network this package ships, unless told otherwise', () => {
    const eng = languageData('eng');
    expect(eng.fastPath).toBeDefined();
    // The tessdata_fast file, 4,113,088 bytes unpacked (packages/ocr/data/README.md).
    const data = readFileSync(join(eng.fastPath!, 'eng.traineddata.gz'));
    expect(gunzipSync(data).length).toBe(4_113_088);
    expect(trainedDataDir(eng, 'fast')).toBe(eng.fastPath);
    expect(trainedDataDir(eng, 'lstm')).toBe(eng.lstmPath);
    expect(trainedDataDir(eng, 'full')).toBe(eng.langPath);
  });
});
