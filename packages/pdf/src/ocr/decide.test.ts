import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { blockText } from '@distill/core';
import { OcrPool } from '@distill/ocr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from '../parser.js';
import { FastPdf } from '../reader/index.js';
import { buildPdf } from '../testing/raw-pdf.js';
import { inkCheckWanted } from './decide.js';

const DPBENCH = resolve(
  process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev/pdfs',
);
const ID = '01030000000004';
const DPI = 150;

let dir: string;
const pool = new OcrPool({ size: 2 });

/**
 * A scan of a corpus page on a sheet twice its height (the lower half blank paper), the image
 * covering the whole sheet, with ten lines of text in the lower half: invisible (render mode
 * 3, a text layer that does not match the scan) or visible.
 */
function scanWithText(invisible: boolean, imageTopHalf = false): Uint8Array {
  const out = join(dir, ID);
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-singlefile', join(DPBENCH, `${ID}.pdf`), out]);
  const pgm = readFileSync(`${out}.pgm`);
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const [w, h] = [Number(m[1]), Number(m[2])];
  const samples = imageTopHalf
    ? pgm.subarray(m[0].length)
    : Buffer.concat([pgm.subarray(m[0].length), Buffer.alloc(w * h, 255)]);
  const [W, H] = [612, 1584];
  const lines = Array.from(
    { length: 10 },
    (_, i) =>
      `BT /F1 11 Tf ${invisible ? 3 : 0} Tr 72 ${600 - i * 16} Td (Quarterly figures for the northern region line ${i + 1}) Tj ET`,
  ).join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /XObject << /Im1 4 0 R >> /Font << /F1 6 0 R >> >> /Contents 5 0 R >>`,
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${imageTopHalf ? h : 2 * h} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`,
      stream: samples.toString('latin1'),
    },
    {
      dict: '<< >>',
      stream: `q ${W} 0 0 ${imageTopHalf ? H / 2 : H} 0 ${imageTopHalf ? H / 2 : 0} cm /Im1 Do Q\n${lines}`,
    },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

describe('auto mode: text layers checked against the rendered page', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'distill-pdf-decide-'));
  });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('OCRs none of the 100 text pages of dpbench-dev, and gives fast mode output there', async () => {
    const files = readdirSync(DPBENCH).filter((f) => f.endsWith('.pdf'));
    expect(files).toHaveLength(100);
    const ocred: string[] = [];
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(join(DPBENCH, f)));
      const doc = await parsePdf(bytes, { mode: 'auto', worker: false, ocr: { pool, dpi: DPI } });
      if (doc.metadata.ocrPages) ocred.push(f);
      else {
        const fast = await parsePdf(bytes, { mode: 'fast', worker: false });
        expect(doc.blocks, f).toEqual(fast.blocks);
      }
    }
    expect(ocred).toEqual([]);
  }, 600_000);

  it('OCRs a scan whose invisible text layer lies off its print, and keeps visible text', async () => {
    const doc = await parsePdf(scanWithText(true), { mode: 'auto', worker: false, ocr: { pool, dpi: DPI } });
    expect(doc.metadata.ocrPages).toBe('1');
    expect(doc.warnings?.join(' ')).toMatch(/text layer is not what the page shows/);
    const text = doc.blocks.map((b) => blockText(b)).join('\n');
    expect(text).toMatch(/YARROW/);
    expect(text).not.toMatch(/northern region/);

    const visible = await parsePdf(scanWithText(false), {
      mode: 'auto',
      worker: false,
      ocr: { pool, dpi: DPI },
    });
    expect(visible.metadata.ocrPages).toBeUndefined();
    expect(visible.blocks.map((b) => blockText(b)).join('\n')).toMatch(/northern region line 10/);
  }, 180_000);

  it('knows invisible text (render mode 3) from the content stream, so visible text costs no rendering', () => {
    expect(new FastPdf(scanWithText(true)).page(1).invisibleTextShare).toBe(1);
    expect(new FastPdf(scanWithText(false)).page(1).invisibleTextShare).toBe(0);
    // A page covered by an image, with text drawn invisibly, visibly, or unknown to the reader.
    const page = (invisibleTextShare?: number) => ({
      pageNumber: 1,
      width: 1,
      height: 1,
      blocks: [],
      chars: 50,
      imageCover: 1,
      invisibleTextShare,
    });
    expect(inkCheckWanted(page(1))).toBe(true);
    expect(inkCheckWanted(page(0))).toBe(false);
    // pdf.js's text content cannot tell: such a page is checked.
    expect(inkCheckWanted(page(undefined))).toBe(true);
  });

  it('reads a large image inside a text page when asked, after the image, marked as OCR', async () => {
    const bytes = scanWithText(false, true);
    const plain = await parsePdf(bytes, { mode: 'auto', worker: false, ocr: { pool, dpi: DPI } });
    expect(plain.metadata.ocrPages).toBeUndefined();
    expect(plain.blocks.map((b) => blockText(b)).join('\n')).not.toMatch(/YARROW/);

    const doc = await parsePdf(bytes, { mode: 'auto', worker: false, ocr: { pool, dpi: DPI, images: true } });
    const kinds = doc.blocks.map((b) => b.kind);
    const image = kinds.indexOf('image');
    expect(image).toBeGreaterThanOrEqual(0);
    const read = doc.blocks
      .slice(image + 1)
      .filter((b) => b.kind !== 'pageBreak' && b.prov?.confidence?.ocr !== undefined);
    expect(read.map((b) => blockText(b)).join('\n')).toMatch(/YARROW/);
    // The page's own text is still its text layer's, unmarked.
    const own = doc.blocks.filter((b) => /northern region/.test(blockText(b)));
    expect(own.length).toBeGreaterThan(0);
    for (const b of own) expect(b.kind !== 'pageBreak' && b.prov?.confidence).toBeFalsy();
    expect(doc.pages?.[0].status).toBe('ok');
  }, 180_000);
});
