import { parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { CORPORA, hasCorpora, registry, toMarkdown } from '../ooxml/testing/corpus.js';
import { buildZip } from '../ooxml/testing/zip-writer.js';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function workbook(
  sheets: { name: string; xml: string; state?: string; comments?: string }[],
  styles = '',
  date1904 = false,
): Uint8Array {
  const entries = [
    {
      name: '[Content_Types].xml',
      data: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook ${NS}><workbookPr${date1904 ? ' date1904="1"' : ''}/><sheets>${sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="s${i}"${s.state ? ` state="${s.state}"` : ''}/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="s${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}<Relationship Id="st" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/styles.xml', data: `<styleSheet ${NS}>${styles}</styleSheet>` },
    ...sheets.map((s, i) => ({
      name: `xl/worksheets/sheet${i}.xml`,
      data: `<worksheet ${NS}>${s.xml}</worksheet>`,
    })),
    ...sheets.flatMap((s, i) =>
      s.comments
        ? [
            {
              name: `xl/worksheets/_rels/sheet${i}.xml.rels`,
              data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="c" Type="${REL}/comments" Target="../comments${i}.xml"/></Relationships>`,
            },
            { name: `xl/comments${i}.xml`, data: s.comments },
          ]
        : [],
    ),
  ];
  return buildZip(entries);
}

const md = async (bytes: Uint8Array) =>
  (await parse(bytes, {}, { filename: 'w.xlsx', registry })).markdown ?? '';

describe('xlsx', () => {
  it('shows displayed values: number formats, dates, percentages, errors, booleans and cached formula results', async () => {
    const styles =
      '<numFmts><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0.00"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="10"/><xf numFmtId="165"/></cellXfs>';
    const out = await md(
      workbook(
        [
          {
            name: 'Values',
            xml: '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Date</t></is></c><c r="B1" t="inlineStr"><is><t>Share</t></is></c><c r="C1" t="inlineStr"><is><t>Price</t></is></c><c r="D1" t="inlineStr"><is><t>Check</t></is></c><c r="E1" t="inlineStr"><is><t>Formula</t></is></c></row><row r="2"><c r="A2" s="1"><v>45292</v></c><c r="B2" s="2"><v>0.256</v></c><c r="C2" s="3"><v>1234.5</v></c><c r="D2" t="b"><v>1</v></c><c r="E2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row><row r="3"><c r="A3" s="1"><f>A2+1</f><v>45293</v></c></row></sheetData>',
          },
        ],
        styles,
      ),
    );
    expect(out).toContain('## Values');
    expect(out).toContain('| 2024-01-01 | 25.60% | $1,234.50 | TRUE | #DIV/0! |');
    expect(out).toContain('| 2024-01-02 |');
  });

  it('uses the 1904 date system when the workbook says so', async () => {
    const out = await md(
      workbook(
        [{ name: 'S', xml: '<sheetData><row r="1"><c r="A1" s="1"><v>0</v></c></row></sheetData>' }],
        '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
        true,
      ),
    );
    expect(out).toContain('| 1/1/04 |');
  });

  it('splits separated regions into tables, keeps merges, skips hidden rows, columns and sheets with a note', async () => {
    const out = await md(
      workbook([
        {
          name: 'Layout',
          xml: '<cols><col min="3" max="3" hidden="1"/></cols><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Title</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c><c r="B2" t="inlineStr"><is><t>b</t></is></c><c r="C2" t="inlineStr"><is><t>secret</t></is></c></row><row r="3" hidden="1"><c r="A3" t="inlineStr"><is><t>hidden row</t></is></c></row><row r="5"><c r="E5" t="inlineStr"><is><t>far</t></is></c></row></sheetData><mergeCells><mergeCell ref="A1:B1"/></mergeCells>',
        },
        {
          name: 'Secret',
          state: 'hidden',
          xml: '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
        },
      ]),
    );
    // The merged A1:B1 spans the whole region: a banner, shown above the table.
    expect(out).toContain('Title\n\n| a | b |');
    expect(out).not.toContain('secret');
    expect(out).not.toMatch(/[>|] hidden row/);
    expect(out).not.toContain('>hidden row<');
    expect(out).toContain('| far |');
    expect(out).toContain('<!-- 1 hidden row and 1 hidden column skipped -->');
    expect(out).toContain('<!-- Hidden sheet skipped: Secret -->');
    expect(out).not.toContain('## Secret');
  });

  it('lists cell comments after the tables', async () => {
    const out = await md(
      workbook([
        {
          name: 'C',
          xml: '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>',
          comments: `<comments ${NS}><authors><author>Ann</author></authors><commentList><comment ref="A1" authorId="0"><text><r><t>Why one?</t></r></text></comment></commentList></comments>`,
        },
      ]),
    );
    expect(out).toContain('Comment on A1 by Ann: Why one?');
  });

  it.skipIf(!hasCorpora)('places charts among the tables by their anchor cell', async () => {
    // Sheet2: tables at A1, G5 and C14; a line chart anchored at J5, a scatter chart at E22.
    const out = await toMarkdown(`${CORPORA}/office/docling/xlsx/sources/xlsx_01.xlsx`);
    const sheet2 = out.slice(out.indexOf('## Sheet2'), out.indexOf('## Sheet3'));
    const line = sheet2.indexOf("Chart: 'col-3' (Line chart)");
    const scatter = sheet2.indexOf('(Scatter chart)');
    const tables = [...sheet2.matchAll(/^\| col-1 \|/gm)].map((m) => m.index);
    expect(tables).toHaveLength(3);
    expect(tables[1]).toBeLessThan(line);
    expect(line).toBeLessThan(tables[2]);
    expect(tables[2]).toBeLessThan(scatter);
    // A label typed with a trailing space shows without it.
    expect(out).toContain('<th rowspan="2">first</th>');
  });

  it.skipIf(!hasCorpora)('shows a banner merged across a table as a paragraph above it', async () => {
    const out = await toMarkdown(`${CORPORA}/office/docling/xlsx/sources/xlsx_09_section_label_header.xlsx`);
    expect(out).toContain('Reading List\n\n| # | Genre | Sub-Genre | Title | Author | Publisher | Added |');
    expect(out).not.toContain('<table>');
  });

  it('joins a header row set off by one blank row to the table below it', async () => {
    const c = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
    const out = await md(
      workbook([
        {
          name: 'H',
          xml: `<sheetData><row r="1">${c('A1', 'Title')}</row><row r="3">${c('B3', 'Number')}${c('C3', 'Square')}</row><row r="5">${c('B5', '1')}${c('C5', '1')}</row><row r="6">${c('B6', '2')}${c('C6', '4')}</row></sheetData>`,
        },
      ]),
    );
    expect(out).toContain('| Title |\n| --- |\n\n| Number | Square |\n| --- | --- |\n| 1 | 1 |\n| 2 | 4 |');
  });

  it.skipIf(!hasCorpora)('shows pictures drawn over a sheet, embedded on request', async () => {
    const file = `${CORPORA}/office/docling/xlsx/sources/xlsx_08_one_cell_anchor.xlsx`;
    expect(await toMarkdown(file)).toContain('| data3 | data4 |\n\n![Picture](image1.png)');
    expect(await toMarkdown(file, { removeBase64Images: false })).toContain('![Picture](data:image/');
  });
});
