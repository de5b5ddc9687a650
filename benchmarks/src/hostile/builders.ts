import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { makeZip, type ZipMemberContent } from '@distill/core/testing';

/**
 * Minimal containers for the hostile classics (issue 23): each format's smallest valid package
 * with one part given, so a test can put a bomb, a DTD or deep nesting exactly there.
 */

const CT = (override: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${override}</Types>`;
const RELS = (type: string, target: string, id = 'rId1') =>
  `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
const relsPart = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${inner}</Relationships>`;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const P =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

export type Kind =
  | 'docx'
  | 'docm'
  | 'xlsx'
  | 'xlsm'
  | 'pptx'
  | 'pptm'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'epub'
  | 'xhtml';

/** The main part's name per kind: where bombs, DTDs and nesting go. */
export const MAIN_PART: Record<Exclude<Kind, 'xhtml'>, string> = {
  docx: 'word/document.xml',
  docm: 'word/document.xml',
  xlsx: 'xl/worksheets/sheet1.xml',
  xlsm: 'xl/worksheets/sheet1.xml',
  pptx: 'ppt/slides/slide1.xml',
  pptm: 'ppt/slides/slide1.xml',
  odt: 'content.xml',
  ods: 'content.xml',
  odp: 'content.xml',
  epub: 'OPS/c1.xhtml',
};

/**
 * The main part's XML around `inner` (text or markup at the place text goes), after `head`
 * (a DOCTYPE). Plain-text `inner` is placed where each format keeps a paragraph's text.
 */
export function mainXml(kind: Kind, inner: string, head = ''): string {
  switch (kind) {
    case 'docx':
    case 'docm':
      return `${XML}${head}<w:document ${W}><w:body><w:p><w:r><w:t>${inner}</w:t></w:r></w:p></w:body></w:document>`;
    case 'xlsx':
    case 'xlsm':
      return `${XML}${head}<worksheet ${S}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${inner}</t></is></c></row></sheetData></worksheet>`;
    case 'pptx':
    case 'pptm':
      return `${XML}${head}<p:sld ${P}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="T"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>${inner}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    case 'odt':
      return `${XML}${head}<office:document-content ${ODF_NS}><office:body><office:text><text:p>${inner}</text:p></office:text></office:body></office:document-content>`;
    case 'ods':
      return `${XML}${head}<office:document-content ${ODF_NS}><office:body><office:spreadsheet><table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>${inner}</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>`;
    case 'odp':
      return `${XML}${head}<office:document-content ${ODF_NS}><office:body><office:presentation><draw:page draw:name="p1"><draw:frame><draw:text-box><text:p>${inner}</text:p></draw:text-box></draw:frame></draw:page></office:presentation></office:body></office:document-content>`;
    case 'epub':
    case 'xhtml':
      return `${XML}${head}<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>${inner}</p></body></html>`;
  }
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" office:version="1.2"';

const ODF_MIME = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

const MAIN_TYPE: Record<'docx' | 'docm' | 'xlsx' | 'xlsm' | 'pptx' | 'pptm', string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  docm: 'application/vnd.ms-word.document.macroEnabled.main+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml',
};

/**
 * A package of `kind` whose main part is `main` (XML text, or pre-deflated bytes for a bomb),
 * with `extra` members added (a nested archive, more slides).
 */
export function packageWith(
  kind: Exclude<Kind, 'xhtml'>,
  main: ZipMemberContent,
  extra: [string, ZipMemberContent][] = [],
): Uint8Array {
  const m: [string, ZipMemberContent][] = [];
  switch (kind) {
    case 'docx':
    case 'docm':
      m.push(
        [
          '[Content_Types].xml',
          CT(`<Override PartName="/word/document.xml" ContentType="${MAIN_TYPE[kind]}"/>`),
        ],
        ['_rels/.rels', relsPart(RELS('officeDocument', 'word/document.xml'))],
        ['word/document.xml', main],
      );
      break;
    case 'xlsx':
    case 'xlsm':
      m.push(
        [
          '[Content_Types].xml',
          CT(
            `<Override PartName="/xl/workbook.xml" ContentType="${MAIN_TYPE[kind]}"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          ),
        ],
        ['_rels/.rels', relsPart(RELS('officeDocument', 'xl/workbook.xml'))],
        [
          'xl/workbook.xml',
          `${XML}<workbook ${S} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ],
        ['xl/_rels/workbook.xml.rels', relsPart(RELS('worksheet', 'worksheets/sheet1.xml'))],
        ['xl/worksheets/sheet1.xml', main],
      );
      break;
    case 'pptx':
    case 'pptm':
      return pptxSlides([main], kind, extra);
    case 'odt':
    case 'ods':
    case 'odp':
      m.push(
        ['mimetype', ODF_MIME[kind]],
        [
          'META-INF/manifest.xml',
          `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODF_MIME[kind]}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
        ],
        ['content.xml', main],
      );
      break;
    case 'epub':
      m.push(
        ['mimetype', 'application/epub+zip'],
        [
          'META-INF/container.xml',
          `${XML}<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
        ],
        // A package document among `extra` replaces the default one (a looping spine).
        ['OPS/book.opf', extra.find(([n]) => n === 'OPS/book.opf')?.[1] ?? opf(['c1'])],
        ['OPS/c1.xhtml', main],
      );
      return makeZip([...m, ...extra.filter(([n]) => n !== 'OPS/book.opf')]);
  }
  return makeZip([...m, ...extra]);
}

/** An EPUB package document over chapters `ids` (each `<id>.xhtml`), the spine as given. */
export function opf(manifest: string[], spine: string[] = manifest): string {
  return `${XML}<package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Hostile</dc:title></metadata><manifest>${manifest.map((id) => `<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`).join('')}</manifest><spine>${spine.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`;
}

/** A presentation of the given slides (each a whole slide part, or bytes for a bomb). */
export function pptxSlides(
  slides: ZipMemberContent[],
  kind: 'pptx' | 'pptm' = 'pptx',
  extra: [string, ZipMemberContent][] = [],
): Uint8Array {
  const ids = slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="s${i}"/>`).join('');
  const rels = slides.map((_, i) => RELS('slide', `slides/slide${i + 1}.xml`, `s${i}`)).join('');
  return makeZip([
    [
      '[Content_Types].xml',
      CT(`<Override PartName="/ppt/presentation.xml" ContentType="${MAIN_TYPE[kind]}"/>`),
    ],
    ['_rels/.rels', relsPart(RELS('officeDocument', 'ppt/presentation.xml'))],
    ['ppt/presentation.xml', `${XML}<p:presentation ${P}><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`],
    ['ppt/_rels/presentation.xml.rels', relsPart(rels)],
    ...slides.map((s, i): [string, ZipMemberContent] => [`ppt/slides/slide${i + 1}.xml`, s]),
    ...extra,
  ]);
}

/**
 * Raw deflate data inflating to `mib` MiB of `unit` repeated, built without ever holding that
 * much: one 1 MiB block compressed with a full flush (no back-reference crosses it) repeated,
 * then an empty final block.
 */
export function deflateBomb(mib: number, unit = '\0'): { deflated: Uint8Array; size: number } {
  const mibBuf = Buffer.alloc(1 << 20, unit);
  const block = deflateRawSync(mibBuf, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  for (let i = 0; i < mib; i++) parts.push(block);
  parts.push(Buffer.from([0x03, 0x00]));
  return { deflated: new Uint8Array(Buffer.concat(parts)), size: Math.min(0xffffffff, mib * 1024 * 1024) };
}

/** A zlib stream (PDF FlateDecode) inflating to `mib` MiB of `unit`: header, bomb, adler32. */
export function zlibBomb(mib: number, unit: string): Buffer {
  const raw = deflateBomb(mib, unit).deflated;
  // The checksum of the full output is never reached (decoding stops at its limit): any will do.
  return Buffer.concat([Buffer.from([0x78, 0xda]), raw, Buffer.alloc(4)]);
}

/** Billion laughs: ten levels of ten references, 10^9 "lol" if ever expanded. */
export const LAUGHS_DTD = `<!DOCTYPE r [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
).join('')}]>`;
/** External entities: a general one and a parameter one, both naming /etc/passwd. */
export const XXE_DTD =
  '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>';

/** A PDF from objects (object 1 the catalog), streams given as bytes; xref and trailer computed. */
export function pdfFrom(
  objects: (string | { dict: string; stream: Uint8Array | string })[],
  trailerExtra = '',
): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    let chunk: Buffer;
    if (typeof o === 'string') chunk = Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1');
    else {
      const data = typeof o.stream === 'string' ? Buffer.from(o.stream, 'latin1') : Buffer.from(o.stream);
      chunk = Buffer.concat([
        Buffer.from(
          `${i + 1} 0 obj\n${o.dict.replace(/>>\s*$/, '')} /Length ${data.length} >>\nstream\n`,
          'latin1',
        ),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);
    }
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  for (const off of offsets) xref.push(`${String(off).padStart(10, '0')} 00000 n \n`);
  parts.push(
    Buffer.from(
      `${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra.replace('$XREF', String(length))} >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** One page with Helvetica as /F1 and the given content stream; more objects from 5 on. */
export function pdfPage(
  content: string | { dict: string; stream: Uint8Array | string },
  opts: {
    /** The page's whole Resources dictionary body (default: Helvetica as /F1). */
    resources?: string;
    extra?: (string | { dict: string; stream: Uint8Array | string })[];
    pageExtra?: string;
    trailer?: string;
  } = {},
): Uint8Array {
  return pdfFrom(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${opts.resources ?? '/Font << /F1 5 0 R >>'} >> /Contents 4 0 R ${opts.pageExtra ?? ''} >>`,
      typeof content === 'string' ? { dict: '<< >>', stream: content } : content,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...(opts.extra ?? []),
    ],
    opts.trailer,
  );
}

export const TEXT = (s: string, y = 700) => `BT /F1 12 Tf 72 ${y} Td (${s}) Tj ET\n`;
export const flate = (s: string | Uint8Array) =>
  deflateSync(typeof s === 'string' ? Buffer.from(s, 'latin1') : s);
