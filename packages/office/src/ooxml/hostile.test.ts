import { DistillError, parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { registry } from './testing/corpus.js';
import { buildZip, docxWith, xlsxWith, zeroBomb } from './testing/zip-writer.js';

/** Parses bytes under a name; returns the Markdown or the catalogue error code. */
async function outcome(bytes: Uint8Array, filename: string): Promise<{ markdown?: string; code?: string }> {
  try {
    const r = await parse(bytes, {}, { filename, registry });
    return { markdown: r.markdown };
  } catch (e) {
    if (e instanceof DistillError) return { code: e.code };
    throw e;
  }
}

describe('hostile OOXML input ends in output or a catalogue error', () => {
  it('a 1 GiB-uncompressed zip bomb named .docx is refused with DECOMPRESSION_LIMIT', async () => {
    const zip = docxWith('', [], '');
    // Replace the document part by the bomb: same package, one member inflating to 1 GiB.
    const bomb = buildZip([
      {
        name: '[Content_Types].xml',
        data: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      },
      {
        name: '_rels/.rels',
        data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      },
      { name: 'word/document.xml', raw: zeroBomb(1024) },
    ]);
    expect(zip.length).toBeGreaterThan(0);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await outcome(bomb, 'bomb.docx')).toEqual({ code: 'DECOMPRESSION_LIMIT' });
  }, 60_000);

  it('a billion-laughs document part is read without expanding entities', async () => {
    const dtd = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>`;
    const bytes = docxWith('<w:p><w:r><w:t>before &lol9; after</w:t></w:r></w:p>', [], '', dtd);
    const r = await outcome(bytes, 'laughs.docx');
    expect(r.code).toBeUndefined();
    expect(r.markdown).toContain('before');
    expect(r.markdown).not.toContain('lollol');
    expect(r.markdown!.length).toBeLessThan(200);
  });

  it('a docx without word/document.xml is FILE_CORRUPT', async () => {
    const bytes = buildZip([
      {
        name: '[Content_Types].xml',
        data: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      },
      {
        name: '_rels/.rels',
        data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      },
      {
        name: 'word/styles.xml',
        data: '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
      },
    ]);
    expect(await outcome(bytes, 'empty.docx')).toEqual({ code: 'FILE_CORRUPT' });
  });

  it('a plain ZIP renamed .docx is UNSUPPORTED_FILE_TYPE', async () => {
    const bytes = buildZip([{ name: 'notes.txt', data: 'just a text file in a zip' }]);
    expect(await outcome(bytes, 'renamed.docx')).toEqual({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(await outcome(bytes, 'renamed.xlsx')).toEqual({ code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('truncated and garbled packages give FILE_CORRUPT', async () => {
    const good = docxWith('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>');
    expect(await outcome(good.subarray(0, good.length - 30), 'cut.docx')).toEqual({ code: 'FILE_CORRUPT' });
  });

  it('a 200,000-row sheet streams into one table', async () => {
    const rows: string[] = [];
    for (let r = 1; r <= 200_000; r++)
      rows.push(
        `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>row ${r}</t></is></c><c r="C${r}"><v>${r / 4}</v></c></row>`,
      );
    const bytes = xlsxWith(`<sheetData>${rows.join('')}</sheetData>`);
    const before = process.memoryUsage().rss;
    const r = await outcome(bytes, 'big.xlsx');
    const grown = process.memoryUsage().rss - before;
    expect(r.code).toBeUndefined();
    const md = r.markdown!;
    expect(md).toContain('| 200000 | row 200000 | 50000 |');
    expect(md.split('\n').filter((l) => /^\| \d/.test(l)).length).toBe(200_000);
    // Bounded: the sheet is streamed, so memory grows with the output, not with an XML tree.
    expect(grown).toBeLessThan(1.5 * 1024 * 1024 * 1024);
  }, 120_000);
});
