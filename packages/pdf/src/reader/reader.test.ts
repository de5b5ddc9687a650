import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../extract/page.js';
import { parsePdf, pdfReaderStats, resetPdfReaderStats } from '../index.js';
import { openPdf } from '../pdfjs.js';
import { buildPdf, simplePdf, textOp } from '../testing/raw-pdf.js';
import type { PageInput } from '../types.js';
import { FastPdf } from './index.js';

const corpus = path.resolve(
  process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev/pdfs',
);
const hasCorpus = existsSync(corpus);
const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

const fastText = (bytes: Uint8Array, page = 1) =>
  new FastPdf(bytes)
    .page(page)
    .runs.map((r) => r.text)
    .join(' ');

async function viaPdfjs(bytes: Uint8Array, n = 1): Promise<PageInput> {
  const doc = await openPdf(bytes);
  try {
    return await extractPage(await doc.getPage(n), n);
  } finally {
    await doc.destroy();
  }
}

/** Character agreement of two texts (multiset overlap, whitespace ignored). */
function agreement(a: string, b: string): number {
  const x = a.replace(/\s+/g, '');
  const y = b.replace(/\s+/g, '');
  if (!x.length && !y.length) return 1;
  const count = new Map<string, number>();
  for (const c of x) count.set(c, (count.get(c) ?? 0) + 1);
  let common = 0;
  for (const c of y) {
    const n = count.get(c) ?? 0;
    if (n > 0) {
      common++;
      count.set(c, n - 1);
    }
  }
  return (2 * common) / ([...x].length + [...y].length);
}

/** The same page from both readers: runs, boxes and drawing agree (pdf.js paths are Float32). */
function expectSamePage(fast: PageInput, slow: PageInput): void {
  expect(fast.runs.map((r) => r.text)).toEqual(slow.runs.map((r) => r.text));
  fast.runs.forEach((r, i) => {
    const s = slow.runs[i];
    for (const k of ['x0', 'x1', 'y0', 'y1', 'size'] as const) expect(r[k]).toBeCloseTo(s[k], 2);
    expect([r.bold, r.italic]).toEqual([s.bold, s.italic]);
  });
  expect([fast.width, fast.height]).toEqual([slow.width, slow.height]);
  expect(fast.rules.length).toBe(slow.rules.length);
  expect(fast.rects.length).toBe(slow.rects.length);
  expect(fast.images.length).toBe(slow.images.length);
  expect(fast.links).toEqual(slow.links);
}

describe('fast reader: crafted files', () => {
  it('reads text, spacing and kerning like pdf.js (standard font without widths)', async () => {
    const content =
      textOp(72, 720, 'Hello world, plain text.', 14) +
      'BT /F1 10 Tf 72 700 Td [(Ke) 120 (rned) -400 (gap) 40 (s)] TJ ET\n' +
      'BT /F1 10 Tf 2 Tc 72 680 Td (spaced out) Tj 0 Tc 5 Tw T* (word spacing here) Tj ET\n' +
      "BT /F1 8 Tf 12 TL 72 660 Td (first) Tj T* (second) Tj (third) ' ET\n" +
      'BT /F1 10 Tf 0.5 0 0 2 72 600 Tm 150 Tz 3 Ts (scaled) Tj ET\n' +
      'q 0 1 -1 0 300 300 cm BT /F1 12 Tf 0 0 Td (rotated) Tj ET Q\n';
    const bytes = simplePdf([content]);
    expectSamePage(new FastPdf(bytes).page(1), await viaPdfjs(bytes));
  });

  it('reads rules, filled boxes, images and links like pdf.js', async () => {
    const content =
      '0 0 1 rg 72 500 300 0.5 re f\n' +
      '72 400 m 372 400 l S 72 380 m 72 480 l h S\n' +
      '100 200 120 80 re f 100 100 120 80 re B\n' +
      '72 300 m 100 350 150 350 200 300 c S\n' +
      'q 200 0 0 150 300 100 cm /Im1 Do Q\n' +
      'BI /W 10 /H 10 /BPC 8 /CS /G ID \u0001\u0002\u0003EI Q EI\n' +
      textOp(72, 750, 'Visit us');
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R /Annots [7 0 R 8 0 R] >>',
      { dict: '<< >>', stream: content },
      {
        dict: '<< /Type /XObject /Subtype /Image /Width 40 /Height 30 /BitsPerComponent 8 /ColorSpace /DeviceGray >>',
        stream: 'x'.repeat(1200),
      },
      '<< /Type /Annot /Subtype /Link /Rect [72 745 120 765] /A << /S /URI /URI (http://example.com) >> >>',
      '<< /Type /Annot /Subtype /Link /Rect [72 700 120 720] /A << /S /URI /URI (www.example.org/a b) >> >>',
    ]);
    const fast = new FastPdf(bytes).page(1);
    expectSamePage(fast, await viaPdfjs(bytes));
    expect(fast.runs[0].bold).toBe(true);
    expect(fast.links.map((l) => l.url)).toEqual(['http://example.com/', 'http://www.example.org/a%20b']);
  });

  it('honours CropBox, Rotate and inherited resources', async () => {
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 /Resources << /Font << /F1 3 0 R >> >> /MediaBox [0 0 600 800] /Rotate 90 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
      '<< /Type /Page /Parent 2 0 R /CropBox [50 50 550 750] /Contents 5 0 R >>',
      { dict: '<< >>', stream: textOp(100, 600, 'Turned page text') },
    ]);
    const fast = new FastPdf(bytes).page(1);
    expect([fast.width, fast.height]).toEqual([700, 500]);
    expectSamePage(fast, await viaPdfjs(bytes));
  });

  it('maps Differences glyph names, WinAnsi codes and ToUnicode ranges (array form too)', async () => {
    const toUnicode = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '1 begincodespacerange <00> <FF> endcodespacerange',
      '2 beginbfrange <41> <43> <0061> <44> <45> [<0078> <00660069>] endbfrange',
      '1 beginbfchar <46> <D835DC00> endbfchar',
      'endcmap end end',
    ].join('\n');
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /uni20AC /fi /Omega] >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 6 0 R >> >> /Contents 5 0 R >>',
      {
        dict: '<< >>',
        stream: `${textOp(72, 700, 'ABC \u0080 \u0093q\u0094')}BT /F2 12 Tf 72 650 Td (ABCDEF) Tj ET\n`,
      },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 7 0 R >>',
      { dict: '<< >>', stream: toUnicode },
    ]);
    // pdf.js normalises ligatures (ﬁ to fi), not mathematical letters.
    expect(fastText(bytes)).toBe('€fiΩ € “q” abcxfi𝐀');
    expectSamePage(new FastPdf(bytes).page(1), await viaPdfjs(bytes));
  });

  it('reads a code its ToUnicode lacks through the encoding (the fallback is built on that first miss)', async () => {
    // F1's ToUnicode maps A only: B and C come from Differences, D from WinAnsi. F2 shows only
    // codes its ToUnicode maps, so its fallback is never needed.
    const toUnicode = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '1 begincodespacerange <00> <FF> endcodespacerange',
      '1 beginbfchar <41> <0061> endbfchar',
      '1 beginbfrange <42> <43> [<0078> <0079>] endbfrange',
      'endcmap end end',
    ].join('\n');
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [66 /Omega /uni20AC] >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 7 0 R >> >> /Contents 5 0 R >>',
      {
        dict: '<< >>',
        stream: `${textOp(72, 700, 'ABDC')}BT /F2 12 Tf 72 650 Td (ABC) Tj ET\n`,
      },
      {
        dict: '<< >>',
        stream: toUnicode.replace('1 beginbfrange <42> <43> [<0078> <0079>] endbfrange\n', ''),
      },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 8 0 R /Encoding << /Differences [66 /Omega] >> >>',
      { dict: '<< >>', stream: toUnicode },
    ]);
    expect(fastText(bytes)).toBe('aΩD€ axy');
    expectSamePage(new FastPdf(bytes).page(1), await viaPdfjs(bytes));
  });

  it('reads a glyph through its encoded name where ToUnicode gives U+FFFD or a control character, and never emits control characters', async () => {
    // As a DP-Bench page's Brill-Roman: ToUnicode <13> is U+FFFD where Differences name the
    // glyph /one.SP, so pdftotext reads "316" and we read "3\uFFFD6" before.
    const toUnicode = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '1 begincodespacerange <00> <FF> endcodespacerange',
      '5 beginbfchar <13> <FFFD> <14> <0001> <15> <FFFD> <33> <0033> <36> <0036> endbfchar',
      'endcmap end end',
    ].join('\n');
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [19 /one.SP /f_f /zero.ST] >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 7 0 R >> >> /Contents 5 0 R >>',
      {
        dict: '<< >>',
        stream: `${textOp(72, 700, '3\u00136 \u0014 \u0015')}BT /F2 12 Tf 72 650 Td (a\u0002b) Tj ET\n`,
      },
      { dict: '<< >>', stream: toUnicode },
      // No ToUnicode, no encoding for the control code: it is dropped, not shown.
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]);
    const text = fastText(bytes);
    // (the dropped glyph may end a run: "a" and "b" can come as two)
    expect(text).toMatch(/^316 ff 0 a ?b$/);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/);
    // Through pdf.js too, no control characters reach the runs.
    const viaJs = (await viaPdfjs(bytes)).runs.map((r) => r.text).join(' ');
    expect(viaJs).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
  });

  it('reads ZapfDingbats glyphs by their names (a71 ●, a73 ■, a20 ✔) and Symbol bullets, without a ToUnicode', () => {
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >> >> /Contents 5 0 R >>',
      {
        dict: '<< >>',
        // The built-in encoding (l n 4 are a71 a73 a20), Differences naming them, Symbol's bullet.
        stream: `${textOp(72, 700, 'ln4')}${textOp(72, 650, 'abc', 12, 'F2')}${textOp(72, 600, '\u00b7', 12, 'F3')}${textOp(72, 550, 'a1', 12, 'F4')}`,
      },
      '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats /Encoding << /Differences [97 /a71 /a73 /a20] >> >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>',
      // Another font's "a1" is only a subset name: the Dingbats table is not read for it.
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [97 /a1] >> >>',
    ]);
    expect(fastText(bytes)).toBe('●■✔ ●■✔ • a1');
  });

  it('reads Type0 Identity-H fonts with W widths and a ToUnicode', async () => {
    const toUnicode = [
      'begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange',
      '1 beginbfrange <0001> <0003> <0048> endbfrange 1 beginbfchar <0004> <0020> endbfchar endcmap',
    ].join('\n');
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type0 /BaseFont /Demo-Bold /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
      { dict: '<< >>', stream: 'BT /F1 20 Tf 72 700 Td <0001000200030004000100020003> Tj ET\n' },
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Demo-Bold /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R /DW 500 /W [1 [600 700] 3 4 250] >>',
      { dict: '<< >>', stream: toUnicode },
      '<< /Type /FontDescriptor /FontName /Demo-Bold /Flags 32 /FontBBox [0 -200 1000 900] /Ascent 900 /Descent -200 /ItalicAngle 0 /StemV 80 >>',
    ]);
    const fast = new FastPdf(bytes).page(1);
    expect(fast.runs.map((r) => r.text).join('')).toBe('HIJ HIJ');
    expect(fast.runs[0].bold).toBe(true);
    expectSamePage(fast, await viaPdfjs(bytes));
  });

  it('decodes ASCIIHex, ASCII85, RunLength and Flate content streams', () => {
    const text = textOp(72, 700, 'Filtered text');
    const hex = `${Buffer.from(text, 'latin1').toString('hex')}>`;
    const a85 = `${ascii85(Buffer.from(text, 'latin1'))}~>`;
    const rl = runLength(Buffer.from(text, 'latin1'));
    const flate = deflateSync(Buffer.from(text, 'latin1')).toString('latin1');
    for (const [filter, stream] of [
      ['/ASCIIHexDecode', hex],
      ['/ASCII85Decode', a85],
      ['/RunLengthDecode', rl],
      ['/FlateDecode', flate],
      ['[/ASCIIHexDecode /FlateDecode]', `${Buffer.from(flate, 'latin1').toString('hex')}>`],
    ]) {
      const bytes = simplePdf([text]);
      const pdf = buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
        { dict: `<< /Filter ${filter} >>`, stream },
      ]);
      expect(bytes.length).toBeGreaterThan(0);
      expect(fastText(pdf), filter).toBe('Filtered text');
    }
  });

  it('repairs a broken cross-reference table by scanning for objects', () => {
    const good = simplePdf([textOp(72, 700, 'Still readable')]);
    const text = Buffer.from(good).toString('latin1');
    // Every offset off by a few bytes, and startxref pointing nowhere.
    const broken = text
      .replace(/(\d{10}) 00000 n/g, (_, o: string) => `${String(Number(o) + 7).padStart(10, '0')} 00000 n`)
      .replace(/startxref\n\d+/, 'startxref\n999999');
    expect(fastText(new Uint8Array(Buffer.from(broken, 'latin1')))).toBe('Still readable');
    // No xref at all.
    const noXref = text.slice(0, text.indexOf('xref\n'));
    expect(fastText(new Uint8Array(Buffer.from(`${noXref}trailer << /Root 1 0 R >>\n`, 'latin1')))).toBe(
      'Still readable',
    );
  });

  it('follows incremental updates (the newest object wins)', () => {
    const base = simplePdf([textOp(72, 700, 'Old text')]);
    const text = Buffer.from(base).toString('latin1');
    const prev = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    const stream = textOp(72, 700, 'New text');
    const obj = `5 0 obj\n<< /Length ${stream.length} >>\nstream\n${stream}\nendstream\nendobj\n`;
    const at = text.length;
    const xrefAt = at + obj.length;
    const update = `${obj}xref\n5 1\n${String(at).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 6 /Root 1 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    expect(fastText(new Uint8Array(Buffer.from(text + update, 'latin1')))).toBe('New text');
  });

  it.skipIf(!hasQpdf)('reads cross-reference streams and object streams (qpdf)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'distill-reader-'));
    const src = path.join(dir, 'in.pdf');
    const out = path.join(dir, 'out.pdf');
    writeFileSync(src, simplePdf([textOp(72, 700, 'Packed page one'), textOp(72, 700, 'Packed page two')]));
    spawnSync('qpdf', ['--object-streams=generate', '--compress-streams=y', src, out]);
    const bytes = new Uint8Array(readFileSync(out));
    expect(Buffer.from(bytes).toString('latin1')).toContain('/ObjStm');
    expect(fastText(bytes, 2)).toBe('Packed page two');
  });

  const type3 = (bbox: string, content: string) =>
    buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      `<< /Type /Font /Subtype /Type3 /FontBBox [${bbox}] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << /a 6 0 R /b 6 0 R >> /Encoding << /Differences [97 /a /b] >> /FirstChar 97 /LastChar 98 /Widths [50 60] /Resources << >> >>`,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
      { dict: '<< >>', stream: content },
      { dict: '<< >>', stream: '50 0 d0 0 0 50 50 re f' },
    ]);

  it('reads Type3 fonts (FontMatrix widths, tiny sizes stretched as pdf.js does)', async () => {
    const content = `${textOp(72, 700, 'abba ab', 12)}BT /F1 1 Tf 20 0 0 20 72 600 Tm (ab ba) Tj ET\n`;
    const bytes = type3('0 0 80 90', content);
    const fast = new FastPdf(bytes).page(1);
    expect(fast.runs.map((r) => r.text)).toEqual(['abba ab', 'ab ba']);
    expectSamePage(fast, await viaPdfjs(bytes));
  });

  it("takes a TrueType font's ascent and descent from its descriptor, without inflating the program", () => {
    // The program is not deflate data: reading its hhea would throw, so the page would go to pdf.js.
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      `<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Demo /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(500).join(' ')}] /Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>`,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
      { dict: '<< >>', stream: textOp(72, 700, 'Descriptor metrics', 10) },
      '<< /Type /FontDescriptor /FontName /ABCDEF+Demo /Flags 32 /FontBBox [0 -300 1000 900] /Ascent 700 /Descent -300 /ItalicAngle 0 /StemV 80 /CapHeight 650 /FontFile2 7 0 R >>',
      { dict: '<< /Filter /FlateDecode /Length1 40000 >>', stream: 'not a deflate stream at all' },
    ]);
    const page = new FastPdf(bytes).page(1);
    expect(page.runs.map((r) => r.text)).toEqual(['Descriptor metrics']);
    // Ascent 0.7 and descent -0.3 of a 10-point font around the baseline at 700.
    expect(page.runs[0].y1 - page.runs[0].y0).toBeCloseTo(10, 1);
  });

  it('leaves encrypted files and fonts it cannot read to pdf.js, and counts it', async () => {
    resetPdfReaderStats();
    // A Type3 font without a FontBBox: pdf.js measures its glyph procedures, this reader does not.
    const doc = await parsePdf(type3('0 0 0 0', textOp(72, 700, 'aaa', 12)), { worker: false });
    expect(toMarkdown(doc.blocks).markdown).toContain('aaa');
    const stats = pdfReaderStats();
    expect(stats).toMatchObject({ documents: 1, pages: 1, pageFallbacks: 1 });
    expect(Object.keys(stats.reasons)).toEqual(['Type3 font without FontBBox']);
  });
});

describe.skipIf(!hasCorpus)('fast reader: dpbench-dev against pdf.js', () => {
  const files = hasCorpus ? readdirSync(corpus).filter((f) => f.endsWith('.pdf')) : [];

  it('reads every page itself (no fallback to pdf.js)', () => {
    const fallbacks: string[] = [];
    for (const f of files) {
      try {
        new FastPdf(new Uint8Array(readFileSync(path.join(corpus, f)))).page(1);
      } catch (e) {
        fallbacks.push(`${f}: ${(e as Error).message}`);
      }
    }
    expect(fallbacks).toEqual([]);
  });

  it('agrees with pdf.js on >= 99% of the characters of every page (a sample of 25 pages)', async () => {
    for (const f of files.filter((_, i) => i % 4 === 0)) {
      const bytes = new Uint8Array(readFileSync(path.join(corpus, f)));
      const fast = new FastPdf(bytes).page(1);
      const slow = await viaPdfjs(bytes);
      const join = (p: PageInput) => p.runs.map((r) => r.text).join('');
      expect(agreement(join(fast), join(slow)), f).toBeGreaterThanOrEqual(0.99);
      expect(fast.runs.length, f).toBe(slow.runs.length);
    }
  }, 120_000);
});

function ascii85(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = [0, 1, 2, 3].map((k) => data[i + k] ?? 0);
    const n = Math.min(4, data.length - i);
    let v = ((chunk[0] << 24) | (chunk[1] << 16) | (chunk[2] << 8) | chunk[3]) >>> 0;
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return out;
}

function runLength(data: Buffer): string {
  // Literal runs of up to 128 bytes, then end of data.
  let out = '';
  for (let i = 0; i < data.length; i += 128) {
    const part = data.subarray(i, i + 128);
    out += String.fromCharCode(part.length - 1) + part.toString('latin1');
  }
  return `${out}\u0080`;
}
