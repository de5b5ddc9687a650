import { constants, deflateRawSync } from 'node:zlib';
import { makeZip, type ZipMemberContent } from '@distill/core/testing';

/** Test support: a minimal ZIP writer for generated fixtures (no CRCs; our reader does not need them). */
export interface ZipInput {
  name: string;
  /** Uncompressed content, deflated here. */
  data?: Uint8Array | string;
  /** Already-deflated content with its declared uncompressed size (for bombs). */
  raw?: { deflated: Uint8Array; size: number };
}

export function buildZip(entries: ZipInput[]): Uint8Array {
  return makeZip(
    entries.map((e): [string, ZipMemberContent] => [e.name, e.raw ?? e.data ?? new Uint8Array()]),
  );
}

const CT = (overrides: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`;

const rootRels = (target: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`;

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';

/** A minimal docx around a body's XML, with optional extra parts and document relationships. */
export function docxWith(body: string, extra: ZipInput[] = [], docRels = '', head = ''): Uint8Array {
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: CT(
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
      ),
    },
    { name: '_rels/.rels', data: rootRels('word/document.xml') },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?>${head}<w:document ${W}><w:body>${body}</w:body></w:document>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${docRels}</Relationships>`,
    },
    ...extra,
  ]);
}

/** A minimal xlsx with one sheet whose sheetData XML is given (inline values only). */
export function xlsxWith(sheetData: string | Uint8Array, sheetName = 'Data'): Uint8Array {
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: CT(
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      ),
    },
    { name: '_rels/.rels', data: rootRels('xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data:
        typeof sheetData === 'string'
          ? `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sheetData}</worksheet>`
          : sheetData,
    },
  ]);
}

/**
 * A deflate stream that inflates to `mib` MiB of zeros, made without compressing them: one
 * flushed (non-final) block of 1 MiB repeated, then an empty final block.
 */
export function zeroBomb(mib: number): { deflated: Uint8Array; size: number } {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  for (let i = 0; i < mib; i++) parts.push(block);
  parts.push(Buffer.from([0x03, 0x00]));
  return { deflated: new Uint8Array(Buffer.concat(parts)), size: mib * 1024 * 1024 };
}

const P =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const RELNS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal pptx: each slide is its spTree XML, optionally hidden, optionally with notes text. */
export function pptxWith(slides: { tree: string; hidden?: boolean; notes?: string }[]): Uint8Array {
  const entries: ZipInput[] = [
    {
      name: '[Content_Types].xml',
      data: CT(
        '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>',
      ),
    },
    { name: '_rels/.rels', data: rootRels('ppt/presentation.xml') },
    {
      name: 'ppt/presentation.xml',
      data: `<p:presentation ${P}><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="s${i}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides.map((_, i) => `<Relationship Id="s${i}" Type="${RELNS}/slide" Target="slides/slide${i + 1}.xml"/>`).join('')}</Relationships>`,
    },
  ];
  slides.forEach((s, i) => {
    entries.push({
      name: `ppt/slides/slide${i + 1}.xml`,
      data: `<p:sld ${P}${s.hidden ? ' show="0"' : ''}><p:cSld><p:spTree>${s.tree}</p:spTree></p:cSld></p:sld>`,
    });
    if (s.notes) {
      entries.push({
        name: `ppt/slides/_rels/slide${i + 1}.xml.rels`,
        data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="n" Type="${RELNS}/notesSlide" Target="../notesSlides/notesSlide${i + 1}.xml"/></Relationships>`,
      });
      entries.push({
        name: `ppt/notesSlides/notesSlide${i + 1}.xml`,
        data: `<p:notes ${P}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Notes"/><p:cNvSpPr/><p:nvPr><p:ph type="body" idx="1"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>${s.notes}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>`,
      });
    }
  });
  return buildZip(entries);
}
