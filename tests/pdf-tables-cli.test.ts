import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Issue 20 through the built `distill parse`: a form laid out in rows is no table (while a real
// table on the same page still is one), and a table that is only an image (a scan) comes out as
// a table in `ocr` and `auto` modes, from the OCR'd words and the rules seen in the pixels.

/** Scanned pages of a ruled and a borderless table (scripts/make-scanned-table-fixture.sh). */
const SCANNED = resolve(ROOT, 'fixtures/scanned-table/scanned-table.pdf');
/** A tight table between a title and justified prose, scanned (scripts/make-gutter-prose-fixture.sh). */
const GUTTER_PROSE = resolve(ROOT, 'fixtures/scanned-table/gutter-prose.pdf');
/** Two ruled tables a paragraph apart (scripts/make-table-class-fixtures.sh, LibreOffice). */
const STACKED = resolve(ROOT, 'fixtures/pdf-tables/stacked-boxed-tables.pdf');
/** A header of two rows, ruled and borderless; long tables over page breaks (scripts/make-table-header-fixtures.sh). */
const MULTI_ROW_HEADER = resolve(ROOT, 'fixtures/pdf-tables/multi-row-header.pdf');
const CONTINUED = resolve(ROOT, 'fixtures/pdf-tables/continued-borderless.pdf');
/** Three rules, a header of two rows, flush-left headers over flush-right figures (scripts/make-rule-header-fixture.sh). */
const RULE_HEADER_FIGURES = resolve(ROOT, 'fixtures/pdf-tables/rule-header-figures.pdf');
const delimiterRows = (md: string) => md.split('\n').filter((l) => /^\|(?:\s*-{3,}\s*\|)+$/.test(l)).length;

let dir: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-pdf-tables-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PDF tables through the CLI', { timeout: 300_000 }, () => {
  it('reads a form of labels and blanks as text, and the table under it as a table', async () => {
    const blank = '_'.repeat(18);
    let content = textOp(72, 740, 'Application for a parking permit', 16);
    const labels = [
      ['Surname:', 'First name:'],
      ['Date of birth:', 'Telephone:'],
      ['Street and number:', 'Postcode:'],
      ['Town:', 'E-mail address:'],
    ];
    labels.forEach(([a, b], i) => {
      const y = 700 - i * 24;
      content +=
        textOp(72, y, a, 10) + textOp(190, y, blank, 10) + textOp(320, y, b, 10) + textOp(420, y, blank, 10);
    });
    content += textOp(72, 560, 'Fees by permit type', 12);
    const fees = [
      ['Permit', 'Annual', 'Monthly'],
      ['Resident', '120', '12'],
      ['Visitor', '240', '25'],
      ['Business', '480', '45'],
    ];
    fees.forEach((r, i) => {
      const y = 530 - i * 20;
      r.forEach((t, j) => {
        content += textOp(72 + j * 120, y, t, 10);
      });
    });
    const file = join(dir, 'permit.pdf');
    writeFileSync(file, simplePdf([content]));
    const r = await distill(['parse', file]);
    expect(r.status, r.stderr).toBe(0);
    // The form's labels and blanks stay text, in reading order.
    expect(r.stdout).not.toMatch(/\|\s*Surname:/);
    expect(r.stdout).toMatch(/Surname:[\s\\_]+First name:/);
    // One table on the page: the fees.
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain('| Permit | Annual | Monthly |');
    expect(r.stdout).toContain('| Business | 480 | 45 |');
  });

  for (const mode of ['ocr', 'auto']) {
    it(`reads a scanned ruled table and a scanned borderless one as tables (--pdf-mode ${mode})`, async () => {
      // The longest timeout: two scanned pages on a loaded machine can pass the default minute.
      const r = await distill(['parse', SCANNED, '--pdf-mode', mode, '--timeout', '300000']);
      expect(r.status, r.stderr).toBe(0);
      expect(delimiterRows(r.stdout)).toBe(2);
      // The ruled table: tesseract reads no cell of a boxed grid; its rules are painted over
      // before reading and still give layout the grid.
      expect(r.stdout).toContain('| Region | First | Second | Third |');
      expect(r.stdout).toContain('| North | 1,204 | 1,318 | 1,402 |');
      expect(r.stdout).toContain('| West | 842 | 903 | 955 |');
      expect(r.stdout).toContain('| Office | 2022 | 2023 | 2024 |');
      expect(r.stdout).toContain('| Espoo | 150 | 158 | 162 |');
      expect(r.stdout).toContain('Figures are in thousands of euros, before tax.');
    });
  }

  it("keeps a scanned tight table whole: page gutters do not part OCR'd cells", async () => {
    // Each OCR'd word is a run boxed to its ink, so the prose's word gaps are uneven and chance
    // channels through it passed for column gutters that cut the table's cells apart (scanned
    // DP-Bench page 130 lost its table this way; packages/pdf/src/layout/tables.ts).
    const r = await distill(['parse', GUTTER_PROSE, '--pdf-mode', 'ocr', '--timeout', '300000']);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    // Its header's centred cells wrap onto two lines, the first column's label between them.
    expect(r.stdout).toMatch(
      /^\| Year ?t \| Observed returns on the firm's portfolio over time \| Observed returns on a potential new holding for the firm's rival \|$/m,
    );
    for (const row of ['| 2012 | 10% | 7% |', '| 2014 | 7% | 5% |', '| 2016 | 5% | 3% |'])
      expect(r.stdout).toContain(row);
    expect(r.stdout).toMatch(/^Another way to represent the two rates of return/m);
  });

  it('reads a boxed one-column list and a table with an empty column as two tables, the paragraph between as text', async () => {
    const r = await distill(['parse', STACKED]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain('| Items to collect |');
    expect(r.stdout).toContain('| Hand-held GPS receiver |');
    expect(r.stdout).toContain('| Item | Returned on |');
    expect(r.stdout).toMatch(/^\| GPS receiver \|\s*\|$/m);
    // Between the tables, a paragraph of its own (no table row).
    expect(r.stdout).toMatch(/^The return sheet below is filled in by the store keeper;/m);
    expect(r.stdout).not.toMatch(/\|[^\n]*The return sheet/);
  });

  it('reads no table from the scan in fast mode: the tables above come from OCR', async () => {
    const r = await distill(['parse', SCANNED, '--pdf-mode', 'fast']);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(0);
    expect(r.stdout).not.toContain('Region');
  });
  it('reads a header of two rows with its spans, drawn with lines or borderless alike', async () => {
    const r = await distill(['parse', MULTI_ROW_HEADER]);
    expect(r.status, r.stderr).toBe(0);
    const tables = r.stdout.match(/<table>[\s\S]*?<\/table>/g) ?? [];
    expect(tables).toHaveLength(2);
    const header =
      '<tr><td rowspan="2">Region</td><td colspan="2">Population (thousands)</td><td rowspan="2">Area (km²)</td></tr>\n<tr><td>2022</td><td>2023</td></tr>';
    for (const t of tables) {
      expect(t).toContain(header);
      expect(t).toContain('<tr><td>West</td><td>1,530</td><td>1,562</td><td>4,310</td></tr>');
    }
  });

  it('reads a table of three rules whose sub-header rule stops short, headers flush left over figures flush right, as one table of seven columns', async () => {
    const r = await distill(['parse', RULE_HEADER_FIGURES]);
    expect(r.status, r.stderr).toBe(0);
    const tables = r.stdout.match(/<table>[\s\S]*?<\/table>/g) ?? [];
    expect(tables).toHaveLength(1);
    const [t] = tables;
    expect(t).toContain(
      '<tr><td rowspan="2">Region of supply</td><td colspan="2">2021</td><td colspan="2">2022</td><td colspan="2">2023</td></tr>\n' +
        '<tr><td>Drawn</td><td>Returned</td><td>Drawn</td><td>Returned</td><td>Drawn</td><td>Returned</td></tr>',
    );
    expect(t).toContain(
      '<tr><td>South and islands</td><td>2,310</td><td>45</td><td>2,295</td><td>51</td><td>2,402</td><td>48</td></tr>',
    );
    expect(t).toContain('<tr><td>Central plain</td><td>1,776</td>');
    expect(r.stdout).toContain('Figures for the islands include');
    expect(t).not.toContain('Figures for the islands');
  });

  it('reads a borderless table and a ruled one that run over page breaks with no header repeated, each as one table', async () => {
    const r = await distill(['parse', CONTINUED]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    const [gauges, register] = r.stdout.split('Readings of the ruled register follow');
    // 70 rows over three pages, then 60 over two, each under its one header, the label and its
    // number in one cell.
    expect(gauges.match(/^\| Gauge \d+ \| [\d.]+ \| \d+ \|$/gm)).toHaveLength(70);
    expect(gauges).toContain('| Gauge | Level (cm) | Flow (m³/s) |');
    expect(register.match(/^\| Gauge \d+ \| [\d.]+ \| \d+ \|$/gm)).toHaveLength(60);
  });
});
