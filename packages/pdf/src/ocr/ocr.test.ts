import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { blockText, DistillError, type Doc, type ParseContext } from '@distill/core';
import { closeSharedOcrPool, OcrPool } from '@distill/ocr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf, pdfParser } from '../parser.js';
import { buildPdf } from '../testing/raw-pdf.js';
import { chooseDpi } from './render.js';

const DPBENCH = resolve(
  process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev/pdfs',
);
const TEXT_IDS = ['01030000000044', '01030000000070', '01030000000072', '01030000000076', '01030000000058'];
const SCAN_IDS = ['01030000000046', '01030000000060', '01030000000016', '01030000000056', '01030000000080'];
/** Test scans are made and read at a low resolution, to keep the suite quick. */
const DPI = 150;

let dir: string;
const pool = new OcrPool({ size: 2 });

/** An image-only copy of a corpus page: rendered by poppler, rebuilt by img2pdf (a scan). */
function scan(id: string): string {
  const png = join(dir, `${id}`);
  execFileSync('pdftoppm', [
    '-r',
    String(DPI),
    '-gray',
    '-png',
    '-singlefile',
    join(DPBENCH, `${id}.pdf`),
    png,
  ]);
  const out = join(dir, `${id}-scan.pdf`);
  execFileSync('img2pdf', ['--output', out, `${png}.png`]);
  return out;
}

/** Words (4+ letters, lower case) of a corpus page's own text layer, per poppler. */
function words(id: string): string[] {
  const text = execFileSync('pdftotext', [join(DPBENCH, `${id}.pdf`), '-'], { encoding: 'utf8' });
  return [...new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])];
}

function recall(expected: string[], got: string): number {
  const have = new Set(got.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  return expected.filter((w) => have.has(w)).length / Math.max(1, expected.length);
}

function pageText(doc: Doc, page: number): string {
  return doc.blocks
    .filter((b) => b.kind !== 'pageBreak' && b.prov?.page === page)
    .map((b) => blockText(b))
    .join('\n');
}

/** A one-page PDF whose page is a grey image (raw 8-bit samples) filling the page. */
function imagePagePdf(w: number, h: number, pixel: (x: number, y: number) => number): Uint8Array {
  const bytes = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) bytes[y * w + x] = pixel(x, y);
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceGray /BitsPerComponent 8 >>`,
      stream: bytes.toString('latin1'),
    },
    { dict: '<< >>', stream: 'q 612 0 0 792 0 0 cm /Im1 Do Q' },
  ]);
}

function ctx(mode: 'fast' | 'auto' | 'ocr'): ParseContext {
  return {
    format: 'pdf',
    options: {} as ParseContext['options'],
    pdf: {
      type: 'pdf',
      mode,
      pages: false,
      blocks: false,
      pageMarkers: false,
      continuedTables: 'join',
      furniture: 'drop',
      lines: false,
    },
    signal: new AbortController().signal,
    warn: () => {},
    checkpoint: () => {},
  };
}

describe('PDF OCR (real tesseract.js, language data from npm)', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'distill-pdf-ocr-'));
  });
  afterAll(async () => {
    await pool.close();
    await closeSharedOcrPool();
    rmSync(dir, { recursive: true, force: true });
  });

  it('auto OCRs exactly the 5 scanned pages of a mixed document and reads them', async () => {
    // Text and scanned pages alternate: text on odd pages, scans on even pages.
    const parts: string[] = [];
    TEXT_IDS.forEach((id, i) => {
      parts.push(join(DPBENCH, `${id}.pdf`), scan(SCAN_IDS[i]));
    });
    const mixed = join(dir, 'mixed.pdf');
    execFileSync('qpdf', ['--empty', '--pages', ...parts, '--', mixed]);
    const bytes = new Uint8Array(readFileSync(mixed));
    const doc = await parsePdf(bytes, { mode: 'auto', worker: false, ocr: { pool, dpi: DPI } });
    expect(doc.metadata.ocrPages, JSON.stringify([doc.pages, doc.warnings])).toBe('2,4,6,8,10');
    expect(
      doc.pages?.filter((p) => p.status !== 'ocr' && p.status !== 'ok'),
      JSON.stringify([doc.pages, doc.warnings]),
    ).toEqual([]);
    expect(doc.pages?.filter((p) => p.ocr).map((p) => p.pageNumber)).toEqual([2, 4, 6, 8, 10]);
    expect(doc.pages?.filter((p) => p.status === 'ocr')).toHaveLength(5);
    SCAN_IDS.forEach((id, i) => {
      expect(recall(words(id), pageText(doc, 2 * i + 2))).toBeGreaterThan(0.85);
    });
    // Blocks of OCR'd pages carry the OCR confidence; text pages' blocks do not.
    for (const b of doc.blocks) {
      if (b.kind === 'pageBreak' || !b.prov) continue;
      if (b.prov.page % 2 === 0) {
        expect(b.prov.confidence?.ocr).toBeGreaterThan(0);
        expect(b.prov.confidence?.ocr).toBeLessThanOrEqual(1);
      } else expect(b.prov.confidence).toBeUndefined();
    }
    // The text pages keep fast mode's text. Heading tiers are document-wide (the body size is
    // the document's most common size, OCR'd pages included), so in this document made of ten
    // others a title may change tier or fall back to a paragraph, whose lines then join with
    // newlines instead of spaces: the words and their order are compared.
    const fast = await parsePdf(bytes, { mode: 'fast', worker: false });
    const spaced = (t: string) => t.replace(/\s+/g, ' ').trim();
    for (const p of [1, 3, 5, 7, 9]) expect(spaced(pageText(doc, p))).toBe(spaced(pageText(fast, p)));
    expect(fast.metadata.ocrPages).toBeUndefined();
  }, 300_000);

  it('ocr mode through the registered parser reads a scanned page into blocks', async () => {
    const bytes = new Uint8Array(readFileSync(scan(SCAN_IDS[0])));
    const fast = await pdfParser.parse(bytes, ctx('fast'));
    expect(fast.blocks.filter((b) => b.kind !== 'image')).toHaveLength(0);
    const doc = await pdfParser.parse(bytes, ctx('ocr'));
    expect(doc.metadata.ocrPages).toBe('1');
    expect(recall(words(SCAN_IDS[0]), doc.blocks.map((b) => blockText(b)).join('\n'))).toBeGreaterThan(0.85);
    expect(doc.blocks.every((b) => b.kind === 'pageBreak' || (b.prov?.confidence?.ocr ?? 0) > 0.5)).toBe(
      true,
    );
  }, 120_000);

  it.sequential('names the npm package to install for a missing OCR language', async () => {
    const bytes = new Uint8Array(readFileSync(join(DPBENCH, `${TEXT_IDS[0]}.pdf`)));
    const err = await parsePdf(bytes, { mode: 'ocr', worker: false, ocr: { languages: ['fr'] } }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(DistillError);
    expect(err.code).toBe('MISSING_DEPENDENCY');
    expect(err.message).toMatch(/@tesseract\.js-data\/fra/);
  });

  it('gives empty text and a warning for a page OCR cannot read, not a failed document', async () => {
    let seed = 7;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    };
    for (const bytes of [imagePagePdf(64, 64, () => 255), imagePagePdf(400, 500, noise)]) {
      const doc = await parsePdf(bytes, {
        mode: 'auto',
        worker: false,
        ocr: { pool, dpi: DPI, pageTimeoutMs: 20_000 },
      });
      expect(doc.metadata.ocrPages).toBe('1');
      expect(doc.blocks).toEqual([]);
      expect(doc.warnings?.join(' ')).toMatch(/PDF page 1: OCR/);
      expect(doc.pages?.[0]).toMatchObject({ ocr: true, status: 'empty' });
    }
  }, 120_000);

  it('renders pages on a worker thread with the same result as in this thread', async () => {
    const bytes = new Uint8Array(readFileSync(scan(SCAN_IDS[1])));
    const worker = {
      url: new URL('./render-worker.ts', import.meta.url),
      execArgv: ['--conditions=distill-source'],
    };
    const threaded = await parsePdf(bytes, {
      mode: 'ocr',
      worker: false,
      ocr: { pool, dpi: DPI, renderWorker: worker },
    });
    const inline = await parsePdf(bytes, {
      mode: 'ocr',
      worker: false,
      ocr: { pool, dpi: DPI, renderWorker: false },
    });
    expect(threaded.warnings).toBeUndefined();
    expect(threaded.blocks.length).toBeGreaterThan(3);
    expect(threaded.blocks).toEqual(inline.blocks);
  }, 180_000);

  it('chooses about 300 dpi for text pages and caps huge pages', () => {
    expect(chooseDpi(612, 792)).toBe(300);
    expect(chooseDpi(2384, 3370)).toBeLessThan(110); // A0
    expect(chooseDpi(2384, 3370)).toBeGreaterThanOrEqual(72);
  });
});
