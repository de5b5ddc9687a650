import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../packages/core/src/testing/index.js';
import { buildPdf, simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Two robustness leftovers of issue 23, through the built `distill parse`: an image too large
// for OCR to decode is named in the warning (it used to vanish without a word), and a ZIP
// member that declares a size past the limits is refused before it is inflated.

let dir: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-robust-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('robustness through the CLI', { timeout: 300_000 }, () => {
  it('survives the stray rejection pdf.js leaves behind on a broken content stream (pnpm fuzz, seed 23, case 61623)', async () => {
    // continued-table.pdf with a mutated content stream: pdf.js rejected one of its own promises
    // with "FormatError: Invalid number" and no handler, and Node ended the process (exit 1,
    // ERR_UNHANDLED_REJECTION) in fast mode and auto mode alike.
    const file = join(ROOT, 'fixtures/fuzz/pdfjs-stray-rejection.pdf');
    for (const mode of ['fast', 'auto']) {
      const r = await distill(['parse', file, '--pdf-mode', mode]);
      expect(r.stderr).not.toMatch(/ERR_UNHANDLED_REJECTION|UnhandledPromiseRejection/);
      // Output, or a catalogue error: never a crash.
      if (r.status !== 0) expect(r.stderr).toMatch(/error: .*pdfjs-stray-rejection\.pdf: [A-Z_]+: /);
      expect([0, 1]).toContain(r.status);
    }
  });

  it('reads a font whose ToUnicode CMap is image-coded from its encoding, never with pdf.js (pnpm fuzz, seed 23, case 36003)', async () => {
    // continued-table.pdf with /Filter /JBIG2Decode put on a font's ToUnicode CMap, cut down to
    // that font on one page. The fast reader gave the font up, the page fell back to pdf.js,
    // which ran its JBIG2 decoder over the CMap's bytes until a 1 GB heap ran out (in the CLI,
    // the page worker hit its cap and the file ended as FILE_CORRUPT after 7-45 s).
    const file = join(ROOT, 'fixtures/fuzz/jbig2-tounicode.pdf');
    for (const mode of ['fast', 'auto']) {
      const r = await distill(['parse', file, '--pdf-mode', mode]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Hello fuzz');
      expect(r.stderr).toMatch(
        /ToUnicode CMap of font CAAAAA\+DejaVuSerif is encoded with JBIG2Decode, an image codec: it was ignored/,
      );
    }
  });

  it('renders that page for OCR with the image-coded CMap defused in the copy pdf.js gets', async () => {
    // OCR renders with pdf.js, which loads the font's ToUnicode as it draws: the page worker
    // used to die at its memory limit and the file ended as FILE_CORRUPT.
    for (const name of ['jbig2-tounicode.pdf', 'jbig2-tounicode-fallback.pdf']) {
      const r = await distill(['parse', join(ROOT, 'fixtures/fuzz', name), '--pdf-mode', 'ocr']);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/memory limit|heap out of memory|could not be rendered/);
    }
  });

  it('gives a page the fast reader gives up to pdf.js with the image-coded CMap defused', async () => {
    // The same font beside a Type3 font without a FontBBox, which the fast reader leaves to
    // pdf.js; pdf.js gets a copy of the file in which the CMap's JBIG2Decode is renamed to a
    // filter it does not know. (Fuzzed copies of these two files, seed 24 cases 1303 and 9243,
    // reached pdf.js whole when the fast reader could not open them, and ran out of heap.)
    const r = await distill([
      'parse',
      join(ROOT, 'fixtures/fuzz/jbig2-tounicode-fallback.pdf'),
      '--pdf-mode',
      'fast',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Hello fuzz');
    for (const name of ['jbig2-deep-array.pdf', 'jbig2-deep-array-fallback.pdf']) {
      const c = await distill(['parse', join(ROOT, 'fixtures/fuzz', name)]);
      expect(c.status, c.stderr).toBe(0);
      expect(c.stdout).toContain('Hello fuzz');
    }
  });

  it('reports a page the fast reader gives up as unreadable when the file holds a bomb pdf.js would inflate', async () => {
    // A ToUnicode CMap that inflates to 80 MB, past the 64 MB the reader decodes, beside the
    // Type3 font the fast reader leaves to pdf.js: pdf.js would inflate the whole bomb.
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024)).toString('latin1');
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 7 0 R >>',
      '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 0 0] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 8 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [500] /Resources << >> >>',
      { dict: '<< >>', stream: `${textOp(40, 120, 'Hello bomb', 18)}${textOp(40, 60, 'a', 12, 'F2')}` },
      { dict: '<< /Filter /FlateDecode >>', stream: bomb },
      { dict: '<< >>', stream: '500 0 0 0 400 400 d1 0 0 400 400 re f' },
    ]);
    const file = join(dir, 'tounicode-bomb.pdf');
    writeFileSync(file, pdf);
    const r = await distill(['parse', file, '--pdf-mode', 'fast']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /error: .*tounicode-bomb\.pdf: FILE_CORRUPT: .*Type3 font without FontBBox; pdf\.js is not used on this file, as the ToUnicode CMap of font Helvetica decodes past 64 MB/,
    );
  });

  it('says which image OCR read a page without, when it is past the pixels OCR decodes', async () => {
    const pdf = simplePdf([`q 400 0 0 300 100 300 cm /Im1 Do Q ${textOp(72, 720, 'Beside the poster')}`], {
      resources: '/XObject << /Im1 6 0 R >>',
      extra: [
        {
          dict: '<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceGray /BitsPerComponent 8 >>',
          stream: 'xxxxxxxx',
        },
      ],
    });
    const file = join(dir, 'poster.pdf');
    writeFileSync(file, pdf);
    const r = await distill(['parse', file, '--pdf-mode', 'ocr']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /warning: .*poster\.pdf: .*PDF page 1: OCR read the page without an image of 100000 × 100000 pixels, past the 150,000,000 pixels OCR decodes/,
    );
    // In fast mode no image is decoded at all: nothing is missing, nothing to say.
    const fast = await distill(['parse', file]);
    expect(fast.stdout).toContain('Beside the poster');
    expect(fast.stderr).not.toMatch(/100000 × 100000/);
  });

  it('refuses a ZIP member that declares a size past the limit, without inflating it', async () => {
    const docx = makeZip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      // Not deflate data at all: inflated, it would be FILE_CORRUPT, not DECOMPRESSION_LIMIT.
      'word/document.xml': { deflated: new Uint8Array(4096).fill(0xff), size: 0xfffffff0 },
    });
    const file = join(dir, 'bomb.docx');
    writeFileSync(file, docx);
    const r = await distill(['parse', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/DECOMPRESSION_LIMIT/);
    expect(r.stderr).toMatch(/word\/document\.xml declares 4294967280 bytes uncompressed, past the limit/);
  });
});
