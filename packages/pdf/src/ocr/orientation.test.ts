import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { blockText, type Doc } from '@distill/core';
import { OcrPool } from '@distill/ocr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from '../parser.js';
import { buildPdf } from '../testing/raw-pdf.js';

const DPBENCH = resolve(
  process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev/pdfs',
);
/** A page of plain running text. */
const ID = '01030000000004';
const DPI = 150;

let dir: string;
const pool = new OcrPool({ size: 2 });

/** The page rendered by poppler as 8-bit grey samples. */
function grey(id: string): { w: number; h: number; samples: Buffer } {
  const out = join(dir, id);
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-singlefile', join(DPBENCH, `${id}.pdf`), out]);
  const pgm = readFileSync(`${out}.pgm`);
  // P5\n<w> <h>\n255\n<samples>
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  return { w: Number(m[1]), h: Number(m[2]), samples: pgm.subarray(m[0].length) };
}

/**
 * A scan of the page: its image on a letter page, drawn turned by `skew` degrees about the
 * page's centre (a sheet fed crooked), on a page displayed turned by `rotate` degrees.
 */
function scanPdf(skew: number, rotate: 0 | 90 | 180 | 270): Uint8Array {
  const { w, h, samples } = grey(ID);
  const [W, H] = [612, 792];
  const t = (skew * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  const cm = [
    W * c,
    W * s,
    -H * s,
    H * c,
    W / 2 - (c * W) / 2 + (s * H) / 2,
    H / 2 - (s * W) / 2 - (c * H) / 2,
  ]
    .map((v) => v.toFixed(4))
    .join(' ');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Rotate ${rotate} /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`,
      stream: samples.toString('latin1'),
    },
    { dict: '<< >>', stream: `q 1 g 0 0 ${W} ${H} re f ${cm} cm /Im1 Do Q` },
  ]);
}

function words(id: string): string[] {
  const text = execFileSync('pdftotext', [join(DPBENCH, `${id}.pdf`), '-'], { encoding: 'utf8' });
  return [...new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])];
}

function recall(doc: Doc): number {
  const got = doc.blocks.map((b) => blockText(b)).join('\n');
  const have = new Set(got.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  const expected = words(ID);
  return expected.filter((w) => have.has(w)).length / expected.length;
}

describe('PDF OCR: turned and crooked scans', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'distill-pdf-orient-'));
  });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a scan fed 3 degrees crooked (deskew)', async () => {
    const doc = await parsePdf(scanPdf(3, 0), { mode: 'auto', worker: false, ocr: { pool, dpi: 200 } });
    expect(doc.metadata.ocrPages).toBe('1');
    expect(recall(doc)).toBeGreaterThan(0.85);
  }, 180_000);

  it.each([90, 180, 270] as const)('reads a scan turned by %i degrees (orientation)', async (rotate) => {
    const doc = await parsePdf(scanPdf(0, rotate), { mode: 'auto', worker: false, ocr: { pool, dpi: 200 } });
    expect(doc.metadata.ocrPages).toBe('1');
    expect(recall(doc)).toBeGreaterThan(0.85);
    // Read upright: paragraphs of several lines, not a word a line.
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph');
    expect(paragraphs.some((p) => blockText(p).split('\n').length >= 5)).toBe(true);
  }, 300_000);
});
