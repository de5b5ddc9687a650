import path from 'node:path';
import { parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { CORPORA, hasCorpora, registry, toMarkdown } from '../ooxml/testing/corpus.js';
import { buildZip } from '../ooxml/testing/zip-writer.js';

/** BIFF12 writer for fixtures: 7-bit varint type and size, then the payload. */
function rec(type: number, payload: number[] = []): number[] {
  const out: number[] = [];
  let t = type;
  do {
    let b = t & 0x7f;
    t >>= 7;
    if (t) b |= 0x80;
    out.push(b);
  } while (t);
  let n = payload.length;
  do {
    let b = n & 0x7f;
    n >>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return [...out, ...payload];
}
const u32 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];
const u16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
const wide = (s: string) => [...u32(s.length), ...Buffer.from(s, 'utf16le')];
const f64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(v);
  return [...b];
};
const cell = (col: number, style: number) => [...u32(col), ...u32(style)];

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (items: string) =>
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;

function fixture(): Uint8Array {
  const workbook = [
    ...rec(0x99, u32(0)),
    ...rec(0x9c, [...u32(0), ...u32(1), ...wide('rId1'), ...wide('Data')]),
    ...rec(0x9c, [...u32(1), ...u32(2), ...wide('rId2'), ...wide('Hidden')]),
  ];
  const sst = [...rec(0x13, [0, ...wide('Name')]), ...rec(0x13, [0, ...wide('Total')])];
  const styles = [
    ...rec(0x2c, [...u16(164), ...wide('0.0%')]),
    ...rec(0x269),
    ...rec(0x2f, [...u16(0xffff), ...u16(0), ...new Array(12).fill(0)]),
    ...rec(0x2f, [...u16(0), ...u16(164), ...new Array(12).fill(0)]),
    ...rec(0x2f, [...u16(0), ...u16(14), ...new Array(12).fill(0)]),
    ...rec(0x26a),
  ];
  const row = (r: number, hidden = false) =>
    rec(0x00, [...u32(r), ...u32(0), ...u16(300), 0, hidden ? 0x10 : 0, 0, ...u32(0)]);
  const sheet = [
    ...rec(0x3c, [...u32(3), ...u32(3), ...u32(0), ...u32(0), ...u16(1)]),
    ...row(0),
    ...rec(0x07, [...cell(0, 0), ...u32(0)]),
    ...rec(0x07, [...cell(1, 0), ...u32(1)]),
    ...rec(0x06, [...cell(3, 0), ...wide('hidden column')]),
    ...row(1),
    ...rec(0x06, [...cell(0, 0), ...wide('alpha')]),
    ...rec(0x05, [...cell(1, 1), ...f64(0.1234)]),
    ...rec(0x0d, [...u32(2), ...u32((45292 << 2) | 2)]),
    ...row(2, true),
    ...rec(0x06, [...cell(0, 0), ...wide('hidden row')]),
    ...row(3),
    ...rec(0x06, [...cell(0, 0), ...wide('merged')]),
    ...rec(0x03, [...cell(2, 0), 0x07]),
    ...rec(0x0a, [...cell(3, 0), 1, ...u16(0)]),
    ...rec(0xb0, [...u32(3), ...u32(3), ...u32(0), ...u32(1)]),
  ];
  const comments = [
    ...rec(0x278, wide('Ann')),
    ...rec(0x27b, [...u32(0), ...u32(1), ...u32(1), ...u32(1), ...u32(1), ...new Array(16).fill(0)]),
    ...rec(0x27d, [1, ...wide('Check the share'), ...u32(0)]),
  ];
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.bin" ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: rels(`<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.bin"/>`),
    },
    { name: 'xl/workbook.bin', data: new Uint8Array(workbook) },
    {
      name: 'xl/_rels/workbook.bin.rels',
      data: rels(
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.bin"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.bin"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.bin"/><Relationship Id="rId4" Type="${REL}/styles" Target="styles.bin"/>`,
      ),
    },
    { name: 'xl/sharedStrings.bin', data: new Uint8Array(sst) },
    { name: 'xl/styles.bin', data: new Uint8Array(styles) },
    { name: 'xl/worksheets/sheet1.bin', data: new Uint8Array(sheet) },
    {
      name: 'xl/worksheets/sheet2.bin',
      data: new Uint8Array(rec(0x00, [...u32(0), ...u32(0), ...u16(0), 0, 0])),
    },
    {
      name: 'xl/worksheets/_rels/sheet1.bin.rels',
      data: rels(`<Relationship Id="c" Type="${REL}/comments" Target="../comments1.bin"/>`),
    },
    { name: 'xl/comments1.bin', data: new Uint8Array(comments) },
  ]);
}

describe('xlsb', () => {
  it('reads cells with their formats, merges, hidden rows, columns and sheets, and comments', async () => {
    const md = (await parse(fixture(), {}, { filename: 'book.xlsb', registry })).markdown!;
    expect(md).toContain('## Data');
    expect(md).toContain('<tr><td>alpha</td><td>12.3%</td><td>1/1/24</td></tr>');
    expect(md).toContain('<td colspan="2">merged</td><td>#DIV/0!</td>');
    expect(md).not.toContain('hidden row<');
    expect(md).not.toContain('hidden column<');
    expect(md).toContain('<!-- 1 hidden row and 1 hidden column skipped -->');
    expect(md).toContain('<!-- Hidden sheet skipped: Hidden -->');
    expect(md).toContain('Comment on B2 by Ann: Check the share');
  });

  it.skipIf(!hasCorpora)('reads an Excel 2007 workbook with a padded sheet list (tika)', async () => {
    const md = await toMarkdown(path.join(CORPORA, 'office/tika/testEXCEL.xlsb'));
    expect(md).toContain('This is an example spreadsheet created with Microsoft Excel 2007 Beta 2.');
  });
});
