import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../packages/core/src/testing/index.js';
import { simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
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

  it('renders that page for OCR without the image-coded CMap (the file pdf.js gets redefines it as empty)', async () => {
    // OCR renders with pdf.js, which loads the font's ToUnicode as it draws: the page worker
    // used to die at its memory limit and the file ended as FILE_CORRUPT.
    for (const name of ['jbig2-tounicode.pdf', 'jbig2-tounicode-fallback.pdf']) {
      const r = await distill(['parse', join(ROOT, 'fixtures/fuzz', name), '--pdf-mode', 'ocr']);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/memory limit|heap out of memory|could not be rendered/);
    }
  });

  it('reports a page the fast reader gives up as unreadable when the file holds a stream pdf.js must not decode', async () => {
    // The same font beside a Type3 font without a FontBBox, which the fast reader leaves to
    // pdf.js: handing the page over would decode the JBIG2 CMap, so the page is reported.
    const file = join(ROOT, 'fixtures/fuzz/jbig2-tounicode-fallback.pdf');
    const r = await distill(['parse', file, '--pdf-mode', 'fast']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /error: .*jbig2-tounicode-fallback\.pdf: FILE_CORRUPT: .*Type3 font without FontBBox; pdf\.js is not used on this file, as the ToUnicode CMap of font CAAAAA\+DejaVuSerif is encoded with JBIG2Decode/,
    );
    expect(r.stderr).not.toMatch(/memory limit|heap out of memory/);
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
