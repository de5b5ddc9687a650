import type { ZipMemberContent } from '@distill/core/testing';
import {
  deflateBomb,
  flate,
  type Kind,
  LAUGHS_DTD,
  mainXml,
  opf,
  packageWith,
  pdfFrom,
  pdfPage,
  pptxSlides,
  TEXT,
  XXE_DTD,
  zlibBomb,
} from './builders.js';

/**
 * The hostile classics of issue 23, each a generated input with what must come of it: output
 * or a catalogue error (never a crash, a hang or an unbounded allocation), truncation said in a
 * warning, no entity expanded or file read. `hostile.test.ts` runs every case through the
 * public parse(); `pnpm bench hostile` runs each in a child process and records its peak RSS.
 */
export interface HostileCase {
  name: string;
  /** The extension parse() is told (the file name). */
  ext: string;
  build(): Uint8Array;
  /** parse() options beyond the defaults (OCR mode). */
  options?: Record<string, unknown>;
  /** `output`: Markdown must come; `error`: a catalogue error with one of `codes`; `either`. */
  expect: 'output' | 'error' | 'either';
  codes?: string[];
  /** The warning that must say what was cut or ignored. */
  warns?: RegExp;
  /** Text the output must hold (what was readable). */
  contains?: string[];
  /** Text that must never appear (an expanded entity, a read file). */
  absent?: string[];
  /** Cases that take seconds: the test gives them more time. */
  slow?: boolean;
}

const ZIP_KINDS = ['docx', 'xlsx', 'pptx', 'odt', 'epub'] as const;
const XML_KINDS: Kind[] = [
  'docx',
  'docm',
  'xlsx',
  'xlsm',
  'pptx',
  'pptm',
  'odt',
  'ods',
  'odp',
  'epub',
  'xhtml',
];

/** A package of `kind` whose main part is `xml`; xhtml is the bare document. */
function withMain(kind: Kind, xml: string): Uint8Array {
  return kind === 'xhtml' ? new Uint8Array(Buffer.from(xml)) : packageWith(kind, xml);
}

const zipBombs: HostileCase[] = ZIP_KINDS.flatMap((kind): HostileCase[] => [
  {
    name: `${kind}: zip bomb, main part inflating to 4 GiB`,
    ext: kind,
    build: () => packageWith(kind, deflateBomb(4096, ' ')),
    expect: 'error',
    codes: ['DECOMPRESSION_LIMIT'],
  },
  {
    // The same bomb whose directory entry says it is small: it is stopped where it said it
    // ends (1 MiB at most), not at the member cap.
    name: `${kind}: zip bomb declaring a small size, inflating to 4 GiB`,
    ext: kind,
    build: () => packageWith(kind, { ...deflateBomb(4096, ' '), size: 1000 }),
    expect: 'error',
    codes: ['DECOMPRESSION_LIMIT'],
  },
  {
    // A bomb inside the package (an embedded archive, as OLE packages and EPUB fonts are):
    // the reader never opens it, or opens it within the same limits.
    name: `${kind}: nested zip bomb (a bomb archive as a member)`,
    ext: kind,
    build: () =>
      packageWith(kind, mainXml(kind, 'outer text'), [
        [
          kind === 'epub'
            ? 'OPS/inner.zip'
            : kind.startsWith('od')
              ? 'Objects/inner.zip'
              : 'embeddings/inner.zip',
          packageWith(kind, deflateBomb(1024, ' ')) as ZipMemberContent,
        ],
      ]),
    expect: 'output',
    contains: ['outer text'],
  },
]);

const entityCases: HostileCase[] = XML_KINDS.flatMap((kind): HostileCase[] => [
  {
    name: `${kind}: billion laughs`,
    ext: kind,
    build: () => withMain(kind, mainXml(kind, 'before &lol9; after', LAUGHS_DTD)),
    expect: 'either',
    absent: ['lollol'],
  },
  {
    name: `${kind}: external entities (file:///etc/passwd)`,
    ext: kind,
    build: () => withMain(kind, mainXml(kind, 'before &xxe; after', XXE_DTD)),
    expect: 'either',
    absent: ['root:'],
  },
]);

const DEEP = 100_000;
const nesting: HostileCase[] = [
  {
    name: 'html: 100,000 nested <div>',
    ext: 'html',
    build: () =>
      Buffer.from(`<html><body>${'<div>'.repeat(DEEP)}deep text${'</div>'.repeat(DEEP)}</body></html>`),
    expect: 'output',
    contains: ['deep text'],
  },
  {
    name: 'xhtml: 100,000 nested elements',
    ext: 'xhtml',
    build: () => Buffer.from(mainXml('xhtml', `${'<span>'.repeat(DEEP)}deep text${'</span>'.repeat(DEEP)}`)),
    expect: 'either',
  },
  {
    name: 'docx: 100,000 nested XML elements in a paragraph',
    ext: 'docx',
    build: () =>
      packageWith(
        'docx',
        `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${'<w:sdt><w:sdtContent>'.repeat(DEEP)}<w:r><w:t>deep text</w:t></w:r>${'</w:sdtContent></w:sdt>'.repeat(DEEP)}</w:p></w:body></w:document>`,
      ),
    expect: 'either',
  },
  {
    name: 'odt: 100,000 nested spans',
    ext: 'odt',
    build: () =>
      packageWith(
        'odt',
        mainXml('odt', `${'<text:span>'.repeat(DEEP)}deep text${'</text:span>'.repeat(DEEP)}`),
      ),
    expect: 'either',
  },
  {
    name: 'pdf: 100,000-deep array in the page dictionary',
    ext: 'pdf',
    build: () => pdfPage(TEXT('page text'), { pageExtra: `/Deep ${'['.repeat(DEEP)}1${']'.repeat(DEEP)}` }),
    expect: 'output',
    contains: ['page text'],
  },
  {
    name: 'pdf: 100,000-deep dictionary in the page dictionary',
    ext: 'pdf',
    build: () =>
      pdfPage(TEXT('page text'), { pageExtra: `/Deep ${'<< /A '.repeat(DEEP)}1${' >>'.repeat(DEEP)}` }),
    expect: 'output',
    contains: ['page text'],
  },
  {
    name: 'pdf: 100,000-deep array in the content stream',
    ext: 'pdf',
    build: () => pdfPage(`${'['.repeat(DEEP)}${']'.repeat(DEEP)} ${TEXT('page text')}`),
    expect: 'output',
    contains: ['page text'],
  },
];

const pdfStructure: HostileCase[] = [
  {
    name: 'pdf: xref /Prev pointing at itself',
    ext: 'pdf',
    build: () => pdfPage(TEXT('prev loop'), { trailer: '/Prev $XREF' }),
    expect: 'output',
    contains: ['prev loop'],
  },
  {
    name: 'pdf: two xref sections whose /Prev point at each other',
    ext: 'pdf',
    build: () => {
      const one = Buffer.from(pdfPage(TEXT('prev pair')));
      const first = Number(/startxref\s+(\d+)/.exec(one.toString('latin1'))![1]);
      // An update section whose /Prev is the first, and the first's /Prev made the update.
      const second = one.length;
      const tail = `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 6 /Root 1 0 R /Prev ${first} >>\nstartxref\n${second}\n%%EOF\n`;
      const patched = one.toString('latin1').replace('/Root 1 0 R  >>', `/Root 1 0 R /Prev ${second} >>`);
      return new Uint8Array(Buffer.from(patched + tail, 'latin1'));
    },
    expect: 'either',
  },
  {
    name: 'pdf: page tree whose Kids include itself',
    ext: 'pdf',
    build: () =>
      pdfFrom([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [2 0 R 3 0 R 2 0 R] /Count 3 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
        { dict: '<< >>', stream: TEXT('tree cycle') },
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ]),
    expect: 'either',
  },
  {
    name: 'pdf: two page-tree nodes, each the other’s kid',
    ext: 'pdf',
    build: () =>
      pdfFrom([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [6 0 R 3 0 R] /Count 2 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
        { dict: '<< >>', stream: TEXT('tree pair') },
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
      ]),
    expect: 'either',
  },
];

/** An image XObject that claims 100,000 x 100,000 8-bit grey pixels and holds a few bytes. */
const hugeImage = () =>
  pdfPage(`q 500 0 0 500 50 150 cm /Im1 Do Q ${TEXT('beside the image', 720)}`, {
    resources: '/Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >>',
    extra: [
      {
        dict: '<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>',
        stream: flate(Buffer.alloc(1000, 0x80)),
      },
    ],
  });

/** A content stream of text operators inflating to 4 GiB. */
const contentBomb = () =>
  pdfPage({
    dict: '<< /Filter /FlateDecode >>',
    stream: zlibBomb(4096, `${TEXT('bomb line')}`),
  });

/** A Type0 font whose ToUnicode is `cmap` (text shown as two-byte codes 0x0041 0x0042). */
const brokenCMap = (cmap: string | Uint8Array, filter = '') =>
  pdfPage('BT /F2 12 Tf 72 700 Td <00410042> Tj ET BT /F1 12 Tf 72 650 Td (plain line) Tj ET', {
    resources: '/Font << /F1 5 0 R /F2 6 0 R >>',
    extra: [
      '<< /Type /Font /Subtype /Type0 /BaseFont /Broken /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 8 0 R >>',
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Broken /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 9 0 R /DW 500 >>',
      { dict: `<< ${filter} >>`, stream: cmap },
      '<< /Type /FontDescriptor /FontName /Broken /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>',
    ],
  });

const pdfContent: HostileCase[] = [
  {
    name: 'pdf: image XObject claiming 100,000 x 100,000 pixels',
    ext: 'pdf',
    build: hugeImage,
    expect: 'output',
    contains: ['beside the image'],
  },
  {
    name: 'pdf: image XObject claiming 100,000 x 100,000 pixels, OCR mode',
    ext: 'pdf',
    build: hugeImage,
    options: { parsers: [{ type: 'pdf', mode: 'ocr' }] },
    expect: 'either',
    // The renderer does not decode it: the page is read without it, and the warning says so.
    warns: /page 1: OCR read the page without an image of 100000 × 100000 pixels/,
    slow: true,
  },
  {
    name: 'pdf: content stream inflating to 4 GiB',
    ext: 'pdf',
    build: contentBomb,
    expect: 'output',
    contains: ['bomb line'],
    warns: /was read in part: .*cut/,
    slow: true,
  },
  {
    name: 'pdf: ToUnicode CMap of garbage',
    ext: 'pdf',
    build: () =>
      brokenCMap(Buffer.from('begincmap <<<< >>>> beginbfrange <00> [ ( endbfchar ] %%%% \x00\xff')),
    expect: 'output',
    contains: ['plain line'],
  },
  {
    name: 'pdf: ToUnicode CMap with a 4-billion-code bfrange',
    ext: 'pdf',
    build: () =>
      brokenCMap(
        '/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange 2 beginbfrange <00000000> <FFFFFFFF> <0041> <0000> <FFFF> [<0041> <0042>] endbfrange endcmap end end',
      ),
    expect: 'output',
    contains: ['plain line'],
  },
  {
    name: 'pdf: ToUnicode CMap encoded with JBIG2Decode',
    ext: 'pdf',
    build: () => brokenCMap(flate('beginbfchar <0041> <0058> endbfchar'), '/Filter /JBIG2Decode'),
    expect: 'output',
    contains: ['plain line'],
    warns: /image codec/,
  },
  {
    name: 'pdf: ToUnicode CMap inflating to 4 GiB',
    ext: 'pdf',
    build: () => brokenCMap(zlibBomb(4096, '<0041> <0058>\n'), '/Filter /FlateDecode'),
    expect: 'output',
    contains: ['plain line'],
    warns: /ignored/,
    slow: true,
  },
];

/** A CSV of one 20 MB line: 10 million one-letter cells. */
const csvLine = () => Buffer.from('a,'.repeat(10_000_000));
/** A CSV of 12 million rows. */
const csvRows = () => Buffer.alloc(12_000_000 * 2, '1\n');

const sheets: HostileCase[] = [
  {
    name: 'csv: one line of 20 MB',
    ext: 'csv',
    build: csvLine,
    expect: 'output',
    warns: /fields|cells/,
    slow: true,
  },
  {
    name: 'csv: 12,000,000 rows',
    ext: 'csv',
    build: csvRows,
    expect: 'output',
    warns: /cells|rows/,
    slow: true,
  },
  {
    name: 'xlsx: sheet dimension A1:XFD1048576 with sparse cells',
    ext: 'xlsx',
    build: () =>
      packageWith(
        'xlsx',
        `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>top left</t></is></c></row><row r="500000"><c r="KZZ500000" t="inlineStr"><is><t>middle</t></is></c></row><row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>bottom right</t></is></c></row></sheetData></worksheet>`,
      ),
    expect: 'either',
    slow: true,
  },
  {
    name: 'pptx: 10,000 slides',
    ext: 'pptx',
    build: () =>
      pptxSlides(
        Array.from({ length: 10_000 }, (_, i) =>
          mainXml('pptx', `slide ${i + 1}`).replace(/^<\?xml[^>]*>/, '<?xml version="1.0"?>'),
        ),
      ),
    expect: 'either',
    contains: ['slide 1'],
    slow: true,
  },
  {
    name: 'epub: spine looping over two chapters 50,000 times',
    ext: 'epub',
    build: epubLoop,
    expect: 'output',
    contains: ['chapter one', 'chapter two'],
  },
];

/** An EPUB whose spine lists its two chapters 50,000 times each, alternating. */
function epubLoop(): Uint8Array {
  const spine = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 'c2' : 'c1'));
  return packageWith('epub', mainXml('epub', 'chapter one'), [
    ['OPS/book.opf', opf(['c1', 'c2'], spine)],
    ['OPS/c2.xhtml', mainXml('epub', 'chapter two')],
  ]);
}

export const HOSTILE_CASES: HostileCase[] = [
  ...zipBombs,
  ...entityCases,
  ...nesting,
  ...pdfStructure,
  ...pdfContent,
  ...sheets,
];
