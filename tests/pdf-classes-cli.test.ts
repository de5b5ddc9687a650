import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf, simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';
import {
  borderlessWrappedTable,
  contactCardsInColumns,
  labelFigureTable,
  paddedGroupHeaderTable,
  ruleBoundWrappedTable,
  tableHeaderAtPageFoot,
  titleOpeningPage,
} from './helpers/synth-class-pdfs.js';

// Issue 20, the classes of page the held-out DP-Bench half lost, each read through the built
// `distill parse`: documents written by LibreOffice (scripts/make-unseen-class-fixtures.sh)
// and pages drawn byte by byte where no office tool sets the class (rules as filled
// rectangles, a title placed one glyph at a time).

const fixture = (name: string) => resolve(ROOT, 'fixtures/pdf-classes', `${name}.pdf`);
/** The first HTML table of the Markdown, up to its closing tag. */
const firstTable = (md: string) => md.slice(md.indexOf('<table>'), md.indexOf('</table>'));
const delimiterRows = (md: string) => md.split('\n').filter((l) => /^\|(?:\s*-{3,}\s*\|)+$/.test(l)).length;

let dir: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-pdf-classes-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PDF page classes through the CLI', { timeout: 300_000 }, () => {
  it('reads a boxed one-column list ruled 2 pt with wrapped items, and a hairline table with an empty column', async () => {
    const r = await distill(['parse', fixture('boxed-variants')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain('| Items carried on a visit |');
    // A wrapped item is one cell.
    expect(r.stdout).toContain(
      '| Moisture meter with spare batteries and the calibration card kept in its case |',
    );
    expect(r.stdout).toContain('| Item signed out | Date returned |');
    expect(r.stdout).toMatch(/^\| Report forms \|\s*\|$/m);
    expect(r.stdout).toMatch(/^The depot keeps a sign-out sheet;/m);
  });

  it('reads tables ruled with thin filled rectangles instead of lines', async () => {
    const h = 20;
    let c = `${textOp(72, 740, 'Documents to bring', 14)}0 g\n`;
    const items = [
      'Documents required',
      'Passport or identity card',
      'Proof of address',
      'Two recent photographs',
    ];
    const rect = (x: number, y: number, w: number, hh: number) => `${x} ${y} ${w} ${hh} re f\n`;
    // A boxed one-column list: the rules are 0.8 pt high rectangles.
    for (let i = 0; i <= items.length; i++) c += rect(72, 700 - i * h - 0.4, 300, 0.8);
    for (const x of [72, 372]) c += rect(x - 0.4, 700 - items.length * h, 0.8, items.length * h);
    items.forEach((t, i) => {
      c += textOp(78, 700 - i * h - 14, t, 10);
    });
    c += textOp(72, 590, 'The clerk ticks each document off on the sheet below.', 10);
    // Two columns, the second empty under its header.
    const rows = ['Document', 'Passport', 'Proof of address', 'Photographs'];
    for (let i = 0; i <= rows.length; i++) c += rect(72, 560 - i * h - 0.4, 300, 0.8);
    for (const x of [72, 252, 372]) c += rect(x - 0.4, 560 - rows.length * h, 0.8, rows.length * h);
    rows.forEach((t, i) => {
      c += textOp(78, 560 - i * h - 14, t, 10);
    });
    c += textOp(258, 546, 'Checked', 10);
    const file = join(dir, 'filled-rects.pdf');
    writeFileSync(file, simplePdf([c]));
    const r = await distill(['parse', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain('| Documents required |\n| --- |\n| Passport or identity card |');
    expect(r.stdout).toContain('| Document | Checked |');
    expect(r.stdout).toMatch(/^\| Photographs \|\s*\|$/m);
  });

  it('reads a header row whose cells wrap over three lines as one row, ruled and borderless, set to its top or its foot', async () => {
    const r = await distill(['parse', fixture('wrapped-header')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(3);
    const header =
      '| Station | Mean annual rainfall over the last thirty years (mm) | Rainfall in the driest month of the year (mm) | Number of days with rain above one millimetre | Change from the previous decade (per cent) |\n| --- | --- | --- | --- | --- |';
    expect(r.stdout.split(header)).toHaveLength(4);
    expect(r.stdout).toContain(`${header}\n| Quarry | 842 | 22 | 118 | -1.2 |`);
    // Cells set to the foot of the header row: "Station" on its last line, the same one row.
    expect(r.stdout).toContain(`${header}\n| Pass | 1,642 | 52 | 181 | 2.1 |`);
    // The lead-in between two borderless tables is a paragraph of its own.
    expect(r.stdout).toMatch(
      /^The mountain stations, their header cells set to the foot of the header row:$/m,
    );
    expect(r.stdout).toContain('| Hilltop | 1,402 | 44 | 170 | 3.0 |');
    // No header line is left as text.
    expect(r.stdout).not.toMatch(/^(Station|cent\)|\(mm\))$/m);
  });

  it('keeps the small notes under a table as text: no heading, no table row', async () => {
    const r = await distill(['parse', fixture('table-notes')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    for (const note of [
      'Source: National Statistics Office',
      'Transport includes the purchase',
      'Note: shares are rounded',
    ]) {
      const line = r.stdout.split('\n').find((l) => l.includes(note));
      expect(line, note).toBeDefined();
      expect(line).not.toMatch(/^#|^\|/);
    }
    expect(r.stdout).toContain('| Recreation | 55.70 | 57.30 |\n\nSource: National Statistics Office');
    expect(r.stdout).toContain('| Families | 3,870 | 29% |\n\nNote: shares are rounded');
  });

  it('reads notes under a table opening with *, a) or a raised 1 as one paragraph each, not a list; a list of asterisks at the body size stays a list', async () => {
    const r = await distill(['parse', fixture('table-marks')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    // The asterisk is kept, escaped so that Markdown shows it and makes no list of it.
    expect(r.stdout).toContain(
      '| West b) | 1,120 | 1,098 | -2.0% |\n\n\\* Provisional figures for the last quarter of 2023.\n\na) Including the islands and the coastal ferry routes.\n\nb) Excluding the capital district, reported on its own.\n\n1 Figures are rounded to the nearest whole casualty.\n\nMost regions',
    );
    expect(r.stdout).toContain(
      '| Weather | 12% |\n\n* Speed counts every collision where a driver was over the limit\n* Distraction counts telephones, passengers and signs\n* Weather counts ice, fog and standing water\n\nThe figures for 2024',
    );
  });

  it('reads a bold line at the body size over a list as the list label, colon or not, and as a title over text or set larger', async () => {
    const r = await distill(['parse', fixture('list-labels')]);
    expect(r.status, r.stderr).toBe(0);
    const headings = r.stdout.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '# Field trip to the coast',
      '## Costs',
      '## Safety',
      '# Activities on the day',
    ]);
    expect(r.stdout).toContain('What to bring:\n\n* A packed lunch and a bottle of water\n');
    expect(r.stdout).toContain('Provided by the school\n\n* Transport there and back by coach\n');
  });

  it('joins tables that run over page breaks with their header repeated (borderless, two header rows, rows broken by the page end) under a running footer', async () => {
    const r = await distill(['parse', fixture('continued-headers')]);
    expect(r.status, r.stderr).toBe(0);
    // Three tables over seven pages, each one table with one header and every row once.
    expect(delimiterRows(r.stdout)).toBe(3);
    const rows = (prefix: string) => r.stdout.split('\n').filter((l) => l.startsWith(`| ${prefix} `));
    expect(rows('Inland')).toHaveLength(62);
    expect(rows('Coast')).toHaveLength(58);
    expect(rows('River')).toHaveLength(16);
    expect(rows('name')).toHaveLength(1);
    expect(r.stdout.split('| Station |')).toHaveLength(4);
    // A remark broken by the page end is one cell of its row.
    for (const row of rows('River'))
      expect(row).toMatch(/\| Sampled at the bridge .* as the procedure for the river stations asks \|$/);
    expect(r.stdout).not.toMatch(/^\|\s*\|/m);
    const separate = await distill(['parse', fixture('continued-headers'), '--continued-tables', 'separate']);
    expect(separate.status, separate.stderr).toBe(0);
    expect(delimiterRows(separate.stdout)).toBeGreaterThan(3);
  });

  it('reads no table from charts with legends, a form of field boxes, or two columns of short lines set on the same baselines', async () => {
    // Copies of four pages of `pnpm bench dev pdf-no-tables` (scripts/no-table-pages.py).
    const expected: Record<string, string[]> = {
      'chart-draw-bars': [
        'Visitors by quarter and site',
        'Castle',
        'Gardens',
        'Q4 2024',
        'Source: ticket sales',
      ],
      'chart-draw-pie': ['How the budget is spent', 'Social care', 'Housing', 'Shares of the spending'],
      'form-boxes': ['Request for a copy of a certificate', 'Surname', 'First names', 'Signature'],
      'two-column-contacts': [
        'Where to find us',
        'North office',
        '14 Harbour Road',
        'Reading room on Wednesdays',
      ],
    };
    for (const [name, texts] of Object.entries(expected)) {
      const r = await distill(['parse', resolve(ROOT, 'fixtures/pdf-no-tables', `${name}.pdf`)]);
      expect(r.status, r.stderr).toBe(0);
      expect(delimiterRows(r.stdout), name).toBe(0);
      expect(r.stdout, name).not.toMatch(/<table>/);
      for (const t of texts) expect(r.stdout, name).toContain(t);
      // The two columns of addresses are read one column after the other, each card whole.
      if (name === 'two-column-contacts')
        expect(r.stdout).toContain(
          '## North office\n\n14 Harbour Road\nRingsted 4100\nOpen Monday to Friday\n\n## South office',
        );
    }
  });

  it('reads titles in letter-spaced capitals as words and as headings', async () => {
    const r = await distill(['parse', fixture('spaced-titles')]);
    expect(r.status, r.stderr).toBe(0);
    const headings = r.stdout.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '# INTRODUCTION',
      '## METHODS',
      '# FINDINGS',
      '## CONCLUSIONS',
      '# ANNUAL REPORT 2024',
      // Typed with single spaces between words too: no trace of the word space is left.
      '## NEXTSTEPS',
    ]);
    expect(r.stdout).not.toMatch(/\b[A-Z] [A-Z] [A-Z]\b/);
  });

  it('reads a title placed one glyph at a time with wide tracking as words', async () => {
    let c = '';
    let x = 72;
    for (const ch of 'ANNUAL REPORT') {
      if (ch === ' ') {
        x += 16;
        continue;
      }
      c += textOp(x, 720, ch, 16);
      x += 20;
    }
    const body = [
      'The board met four times during the year and reviewed the reports of each working group,',
      'with a view to the plan for the coming period and the budget that the plan needs to go ahead.',
    ];
    [...body, ...body].forEach((t, i) => {
      c += textOp(72, 690 - i * 13, t, 10);
    });
    const file = join(dir, 'glyph-title.pdf');
    writeFileSync(file, simplePdf([c]));
    const r = await distill(['parse', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('# ANNUAL REPORT');
  });

  it('reads lists set in two columns one column after the other', async () => {
    const r = await distill(['parse', fixture('two-column-lists')]);
    expect(r.status, r.stderr).toBe(0);
    const items = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('* '))
      .map((l) => l.slice(2));
    expect(items).toEqual([
      'Walking boots that are already',
      'A waterproof jacket and trousers',
      'Warm layers for the evenings by',
      'A water bottle of at least one litre',
      'Sun cream and a hat',
      'Bedding, towels and a locker with',
      'All meals, packed lunches',
      'Maps of the routes and a',
      'First aid kits carried by every',
      'Transport to the start of each',
    ]);
    // Each item's wrapped line stays with it.
    expect(r.stdout).toContain('* Walking boots that are already\n  worn in\n');
  });

  it('reads bullets drawn in ZapfDingbats and Symbol with no ToUnicode as list items, never as letters or private-use characters', async () => {
    // As ReportLab and older Acrobat producers set them: the standard ZapfDingbats, not
    // embedded, in its built-in encoding ("l" draws a71 ●, "n" a73 ■, "4" a20 ✔), or
    // re-encoded by Differences naming the glyphs; Symbol's bullet at \267.
    const items = [
      'Keys collected from the front desk',
      'Meter readings written on the sheet',
      'Photographs of every room taken',
    ];
    let c = textOp(
      72,
      712,
      'Before the visit the inspector confirms each of the points below with the owner.',
      10,
    );
    const list = (y: number, font: string, codes: string[]) => {
      codes.forEach((code, i) => {
        c += `BT /${font} 9 Tf 84 ${y - i * 16} Td (${code}) Tj ET\n${textOp(100, y - i * 16, items[i], 10)}`;
      });
    };
    list(690, 'F2', ['l', 'n', '4']);
    c += textOp(72, 630, 'The owner signs the sheet when every point is done.', 10);
    list(600, 'F3', ['a', 'b', 'c']);
    c += textOp(72, 540, 'The same points with round bullets:', 10);
    list(520, 'F4', ['\\267', '\\267', '\\267']);
    c += textOp(72, 460, 'The sheet is filed with the report.', 10);
    const file = join(dir, 'dingbats.pdf');
    writeFileSync(
      file,
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >> >> /Contents 5 0 R >>',
        { dict: '<< >>', stream: c },
        '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats /Encoding << /Type /Encoding /Differences [97 /a71 /a73 /a20] >> >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>',
      ]),
    );
    const r = await distill(['parse', file]);
    expect(r.status, r.stderr).toBe(0);
    const bullets = r.stdout.split('\n').filter((l) => l.startsWith('* '));
    expect(bullets).toEqual([...items, ...items, ...items].map((t) => `* ${t}`));
    expect(r.stdout).not.toMatch(/^[ln4abc] /m);
    expect(r.stdout).not.toMatch(/[\uE000-\uF8FF\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/u);
  });

  // Classes that `pnpm bench dev pdf-synth` (LibreOffice documents written at run time) found.
  const synthClass = async (name: string, bytes: Uint8Array) => {
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, bytes);
    const r = await distill(['parse', file]);
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  };

  it('reads a table of words between horizontal rules row by row when its header and body cells wrap', async () => {
    const md = await synthClass('rule-bound-wrapped', ruleBoundWrappedTable());
    expect(delimiterRows(md)).toBe(1);
    expect(md).toContain(
      '| Case difference | Price report | Health | Programme fund action | Community current |\n| --- |',
    );
    expect(md).toContain(
      '| Difference | Control review project | Rule plan | Answer programme | Treatment |',
    );
    // The last row wraps in its first column and in another: one row still.
    expect(md).toContain(
      '| Fund process programme | Variety trust | Staff water | Office experience target | Site |',
    );
  });

  it('reads a borderless table whose cells wrap in several columns of every row', async () => {
    const md = await synthClass('borderless-wrapped', borderlessWrappedTable());
    expect(delimiterRows(md)).toBe(1);
    expect(md).toContain('| District | Officer | Council | Work seen | State |\n| --- |');
    expect(md).toContain(
      '| Valley district office | Omar Gill | Valley council | Drainage and road repairs | Late |',
    );
    expect(md.split('\n').filter((l) => l.startsWith('| ')).length).toBe(10);
  });

  it('reads no headings from a bold header row left at the foot of a page by a table that goes on over the page', async () => {
    const md = await synthClass('header-at-foot', tableHeaderAtPageFoot());
    expect(md.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# Site visits', '## Findings']);
    expect(md).toMatch(/^Place$/m);
  });

  it('reads a label column beside figures set flush right as a table, and leaves a contents list as text', async () => {
    const md = await synthClass('label-figure-table', labelFigureTable());
    expect(delimiterRows(md)).toBe(1);
    expect(md).toContain('| Development risk | Decision value |');
    expect(md).toContain('| Term | 27,514 |');
    expect(md).toContain('| Amount movement income | 38 |');
    expect(md).not.toContain('| Introduction');
  });

  it('reads the spans of a header of two rows set as far apart as padded body rows, in a face whose boxes are short', async () => {
    // Baselines 1.8 sizes apart, Helvetica's boxes 0.93 of a size tall: the rows are as close as
    // the table's own rows, whatever the font's ascent and descent make of the white between.
    const md = await synthClass('padded-group-header', paddedGroupHeaderTable());
    expect(md).toContain(
      '<tr><td rowspan="2">Region</td><td colspan="2">Population (thousands)</td><td rowspan="2">Area (ha)</td></tr>\n<tr><td>2022</td><td>2023</td></tr>',
    );
    expect(md).toContain('<tr><td>East</td><td>842</td><td>903</td><td>6,940</td></tr>');
  });

  it('reads a bold title opening a page, in the band of running headers but right over its text, as a heading', async () => {
    const md = await synthClass('title-opening-page', titleOpeningPage());
    expect(md.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# Site visits', '## PROJECT WORK']);
  });

  it('reads contact cards set in two columns as whole cards, not as a table', async () => {
    const md = await synthClass('contact-cards', contactCardsInColumns());
    expect(delimiterRows(md)).toBe(0);
    // Each card whole (a table would put North and West office in one row).
    for (const card of [
      /North office\s+14 Harbour Road\s+Ringsted 4100\s+Open Monday to Friday/,
      /West office\s+5 Church Street\s+Soro 4180\s+Open by appointment only/,
      /Archive\s+1 Castle Hill\s+Holbaek 4300\s+Reading room on Wednesdays/,
    ])
      expect(md).toMatch(card);
    expect(md).not.toContain('North office | West office');
  });

  it('reads a table shaded on every other row, cell by cell as a browser prints it, as one table with its header and a wrapped row', async () => {
    // fixtures/pdf-classes/zebra-rows.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs).
    const r = await distill(['parse', fixture('zebra-rows')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain('| Region | Spring | Autumn | Change |');
    expect(r.stdout).toContain('| Lakes and the western uplands beyond the ridge | 1,862 | 1,799 | -3.4% |');
    expect(r.stdout).toContain('| Islands | 688 | 701 | 1.9% |');
  });

  it('reads a table under a header band whose body rows are parted by rules, none above the first, with its header and first row', async () => {
    // fixtures/pdf-classes/header-band-rules.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs).
    const r = await distill(['parse', fixture('header-band-rules')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      '| Site | Inspector | Finding |\n| --- | --- | --- |\n| Harbour depot | Anna Berg | No defects |',
    );
    expect(r.stdout).toContain('| North quarry | Jon Dahl | Signs renewed |');
    expect(r.stdout.split('\n').filter((l) => l.startsWith('#'))).toEqual(['# Site inspections']);
  });

  it('reads a header band over rows parted by rules as one row per ruled band, its cells wrapped', async () => {
    // fixtures/pdf-classes/header-band-wrapped-rules.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): tight padding, so the wrapped lines of a row
    // stand as close as the rows do and only the rules part them.
    const r = await distill(['parse', fixture('header-band-wrapped-rules')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      '| Works order | Crew on site | Parts replaced in the year | Inspection finding | Cost centre |\n| --- | --- | --- | --- | --- |\n| Harbour depot north | Anna Berg | Valves | No defects | Harbour maintenance budget |\n| River pumping station | Jon Dahl | Pump seals and bearings | Leak found | Water |',
    );
    expect(r.stdout).toContain(
      '| Hill | Lise Holm and Per Vik | Fence | Fence repaired at the east gate | Parks |',
    );
    expect(r.stdout).toContain(
      '| Town workshop | Per Vik | Lathe | No defects | Fleet and workshop budget |\n\nFindings',
    );
  });

  it('reads zebra stripes under a header band as rows, the header cells wrapped over figures', async () => {
    // fixtures/pdf-classes/zebra-header-band.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): the band's wrapped cells set flush right, a
    // caption above, every other body row shaded.
    const r = await distill(['parse', fixture('zebra-header-band')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      'Table 6: Orders by works\n\n| Works named in the return | Orders placed yearly | Share of orders closed |\n| --- | --- | --- |\n| River pumping station | 686 | 68.8% |\n| Harbour depot | 83,765 | 93 |',
    );
    expect(r.stdout).toContain('| South weir | 528 | 13.1% |\n\nOrders still open');
  });

  it('reads a header band painted flush on the first zebra stripe, the last row bare', async () => {
    // fixtures/pdf-classes/zebra-band-flush.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): a bare bold header over stripes from the second
    // body row, set in the body's colour (no band), then odd rows shaded under a band with white
    // text, so the band touches the first stripe and the last row is bare.
    const r = await distill(['parse', fixture('zebra-band-flush')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain(
      '| Lock | Year | Coal boats | Grain flour and malt carried down | Stone |\n| --- | --- | --- | --- | --- |\n| Upper basin | Eastern wharf | Town mills by the weir | Quarry | Timber yard |',
    );
    expect(r.stdout).toContain('| Tail lock | Pier | Hay loft | Flint heap | Forge |\n\nEach lock keeper');
    expect(r.stdout).toContain(
      '| Lock | Keeper named | Gates | Spring survey note |\n| --- | --- | --- | --- |\n| Upper basin | Martha Hale | Oak pair | Sound timber |',
    );
    expect(r.stdout).toContain('| Long pound | Joseph Cole | Elm | New balance beams |\n\nCounts for');
  });

  it('reads a bare header set flush right over zebra stripes as the header row, columns from the stripes', async () => {
    // fixtures/pdf-classes/zebra-bare-head.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): the header cells stand 6 to 8 pt apart, too
    // close for the text reading's columns, over stripes painted cell by cell; odd rows shaded
    // under the first header, even rows under the second (a bare first row between).
    const r = await distill(['parse', fixture('zebra-bare-head')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain(
      'by rail.\n\n| Quay | Landed | Rail share | Change in year |\n| --- | --- | --- | --- |\n| North pier | 9.6% | 390.7 | 774.8 |',
    );
    expect(r.stdout).toContain(
      'served.\n\n| Quay named | Steam | Sail | Coastal trade | Ferries |\n| --- | --- | --- | --- | --- |\n| North pier | 56 | 616.7 | 69,068 | 459.2 |',
    );
    expect(r.stdout).toContain('| South basin | 54.1% | 57,511 | 93,837 | 364 |\n\nCounts for');
  });

  it('reads a borderless table whose first column labels groups of rows as labels spanning their rows', async () => {
    // fixtures/pdf-classes/row-group-labels.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): each label set at the top of its group.
    const r = await distill(['parse', fixture('row-group-labels')]);
    expect(r.status, r.stderr).toBe(0);
    const table = firstTable(r.stdout);
    expect(table).toContain(
      '<tr><td rowspan="3">North coast</td><td>Households</td><td>4,210</td><td>4,385</td></tr>\n<tr><td>Farms</td><td>12,904</td><td>11,870</td></tr>',
    );
    expect(table).toContain('<tr><td rowspan="2">Inland valleys</td><td>Households</td>');
    expect(table).toContain(
      '<tr><td rowspan="3">Southern plain</td><td>Households</td><td>3,402</td><td>3,518</td></tr>',
    );
    expect(table).toContain('<tr><td>Industry</td><td>5,260</td><td>5,014</td></tr>');
    expect(table.split('<tr>')).toHaveLength(10);
  });

  it('reads the figure columns under a year centred over two of them as two columns, the year spanning both', async () => {
    // fixtures/pdf-classes/year-group-header.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): "2022" is wider than the gap it sits over.
    const r = await distill(['parse', fixture('year-group-header')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('<td colspan="2">2022</td><td colspan="2">2023</td>');
    expect(r.stdout).toContain('<td>3,321</td><td>6,238</td><td>669.8</td><td>95.7%</td></tr>');
    expect(r.stdout).toContain('<td>2,072</td><td>69.1%</td><td>12.4%</td><td>54.8%</td></tr>');
  });

  it("reads a header shaded cell by cell over a bare body, padding tight, as one table with the header's spans", async () => {
    // fixtures/pdf-classes/header-fills-body.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): a header of two rows with spans, then one of a
    // single row, both on dark fills over rows with neither lines nor fills.
    const r = await distill(['parse', fixture('header-fills-body')]);
    expect(r.status, r.stderr).toBe(0);
    const table = firstTable(r.stdout);
    expect(table).toContain(
      '<tr><td rowspan="2">District</td><td rowspan="2">Visit</td><td colspan="2">2022</td><td colspan="2">2023</td></tr>\n<tr><td>Adults</td><td>Children</td><td>Adults</td><td>Children</td></tr>\n<tr><td>North coast</td><td>Check-up</td><td>4,210</td>',
    );
    expect(table).toContain(
      '<tr><td>Inland valleys</td><td>Emergency</td><td>433</td><td>127</td><td>451</td><td>140</td></tr>',
    );
    expect(r.stdout.split('<table>')).toHaveLength(2);
    expect(r.stdout).toContain(
      '| Clinic | Opened | Doctors | Nurses |\n| --- | --- | --- | --- |\n| Harbour street | 1998 | 6 | 14 |',
    );
    expect(r.stdout).toContain('| Valley road | 2011 | 4 | 11 |');
    expect(r.stdout).toMatch(/^Emergency visits include/m);
  });

  it('reads borderless tables whose cells sit closer than a font size apart', async () => {
    // fixtures/pdf-classes/tight-cells.html, printed by Chromium: 3 pt of padding each side, so
    // no gap on a row parts its cells; the gaps every row leaves at one x do.
    const r = await distill(['parse', fixture('tight-cells')]);
    expect(r.status, r.stderr).toBe(0);
    const table = firstTable(r.stdout);
    expect(table).toContain('<td colspan="2">2022</td><td colspan="2">2023</td>');
    expect(table).toContain('<td>Spring</td><td>Autumn</td><td>Spring</td><td>Autumn</td></tr>');
    expect(table).toContain(
      '<tr><td rowspan="2">River intake</td><td>Homes</td><td>41,210</td><td>38,385</td><td>44,402</td><td>37,290</td></tr>\n<tr><td>Business parks</td><td>9,120</td>',
    );
    expect(table).toContain(
      '<tr><td>Wells</td><td>Homes</td><td>2,081</td><td>1,954</td><td>2,112</td><td>1,907</td></tr>',
    );
    expect(r.stdout.split('<table>')).toHaveLength(2);
    expect(r.stdout).toContain(
      '| Pump station | Built | Pumps | Staff | Last overhaul |\n| --- | --- | --- | --- | --- |\n| Harbour road | 1998 | 6 | 14 | March 2019 |',
    );
    expect(r.stdout).toContain('| East weir | 2009 | 3 | 7 | April 2023 |');
    expect(r.stdout).toMatch(/^Figures are in thousands/m);
    expect(r.stdout).toMatch(/^Staff are counted/m);
  });

  it('reads the header above and the totals below the only rules of a financial statement', async () => {
    // fixtures/pdf-classes/statement-totals.html, printed by Chromium: a rule under the years
    // and one over the totals row, and a statement ruled only over its groups' totals.
    const r = await distill(['parse', fixture('statement-totals')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '|  | 2024 | 2023 | 2022 |\n| --- | --- | --- | --- |\n| Income |  |  |  |\n| Grants received | 94.7 | 974.7 | 27,816 |',
    );
    expect(r.stdout).toContain(
      '| Trading income | 30,407 | 29 | 59,882 |\n| Total income | 120,388 | 39,357 | 88,695 |\n\nTable 1: Income by source',
    );
    expect(r.stdout).toContain('|  | 2024 | 2023 |\n| --- | --- | --- |\n| Fixed assets |  |  |');
    expect(r.stdout).toContain('| Total current assets | 243.4 | 919.6 |\n| Liabilities |  |  |');
    expect(r.stdout).toContain('| Total liabilities | 481 | (117.3) |\n\nLoans are repaid');
    expect(delimiterRows(r.stdout)).toBe(2);
  });

  it('reads a statement continued over a page break, its header repeated, as one table: indented row labels and bracketed amounts keep its columns', async () => {
    // fixtures/pdf-classes/statement-continued.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): on the second page as many labels are indented
    // under their group's as stand at the left edge, and "(63)" sits beside the next column's
    // "5,116".
    const r = await distill(['parse', fixture('statement-continued')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout.match(/^\| Notes \| 2024 \| 2023 \|$/gm)).toHaveLength(1);
    expect(r.stdout).toContain(
      '| Study | 70.2% | 66.1% |\n| Total case regional support | 94,252 | 22,536 |\n| Growth range staff |  |  |\n| Value | (63) | 5,116 |',
    );
    expect(r.stdout).toContain('| Total growth range staff | 18.8% | 784 |');
  });

  it('reads a boxed one-column list broken by a page break as one list, its repeated title row once', async () => {
    // fixtures/pdf-classes/boxed-list-continued.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): the box's title row and one item end the first
    // page, the title row and two items open the second; neither part is a table alone.
    const r = await distill(['parse', fixture('boxed-list-continued')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      '| Training property |\n| --- |\n| Account result standard office |\n| Weight centre early regional network annual |\n| Evidence |',
    );
    expect(r.stdout.match(/Training property/g)).toHaveLength(1);
  });

  it('reads a header whose centred cells wrap onto two lines as one header row, the captions above left out', async () => {
    // fixtures/pdf-classes/centred-wrapped-header.html, printed by Chromium: the header cells are
    // wider than the figures under them and centred, the first column's label sits half a line
    // lower (centred on the row), so the first header line was left above the table.
    const r = await distill(['parse', fixture('centred-wrapped-header')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain(
      '| Station | Share of days open in the spring with the target reached | Share of days open in the autumn season with the target reached or passed |\n| --- | --- | --- |\n| Harbour | 71% | 64% |',
    );
    expect(r.stdout).toContain(
      '| Warden | Hours logged on weekdays over the whole year | Hours logged at weekends and on public holidays | Days lost to bad weather or closures |\n| --- | --- | --- | --- |\n| Alder | 412 | 96 | 12 |',
    );
    expect(r.stdout).toMatch(/^Table 1\. Stations and their targets$/m);
    expect(r.stdout).toMatch(/^Table 2\. Wardens' hours$/m);
  });

  it('reads a table whose header row alone ends a page as one table under its caption, its header once', async () => {
    // fixtures/pdf-classes/header-at-foot.html, printed by Chromium
    // (scripts/make-chromium-class-fixtures.mjs): the caption and the header row end the first
    // page, the header row repeated over the body opens the second.
    const r = await distill(['parse', fixture('header-at-foot')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      'Table 10: Control subject effect\n\n| Transport | Water standard |\n| --- | --- |\n| Reason community plan | Programme network model |',
    );
    expect(r.stdout.match(/Water standard/g)).toHaveLength(1);
  });

  it("reads a header row wrapped over two lines, alone at a page's foot, as the table's one header row", async () => {
    // fixtures/pdf-classes/header-at-foot-wrapped.html, printed by Chromium: the header's two
    // lines end the first page (read there as two rows), the header opens the second again.
    const r = await distill(['parse', fixture('header-at-foot-wrapped')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      '| Return experience | Court course position | District family | Member account order | Target interest |\n| --- | --- | --- | --- | --- |\n| District supply |',
    );
    expect(r.stdout.match(/Court course/g)).toHaveLength(1);
  });

  it('reads tables ruled only between their rows as one row a band, a blank column kept by its header', async () => {
    // fixtures/pdf-classes/row-ruled-blank.html, printed by Chromium: a register whose cells wrap
    // and whose Date column is blank in every body row (no rule over the header or under the last
    // row), and a checklist whose second column is blank, under a paragraph's one-word last line.
    const r = await distill(['parse', fixture('row-ruled-blank')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain(
      '| Site | Scope of the visit | Date | Findings to check |\n| --- | --- | --- | --- |\n| North depot | Fire doors, exits and the signs over them on both floors |  | Doors held open by wedges in the loading bay and the store |',
    );
    expect(r.stdout).toContain(
      '| Harbour office | Electrical boards, lighting of the car park and the paths round it |  | Cables |\n\n',
    );
    expect(r.stdout).toContain('over and\ndone.\n\n| Item | Checked |\n| --- | --- |\n| Extinguishers |  |');
    expect(r.stdout).toContain('| Alarm test record |  |\n\nResults go');
  });

  it('reads a framed list of three unruled items under a filled title band as a one-column table', async () => {
    // fixtures/pdf-classes/boxed-list-three.html, printed by Chromium: the frame and the band's
    // lower edge draw two rows (title, items); the three items are three rows of the list.
    const r = await distill(['parse', fixture('boxed-list-three')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '| Points for next year |\n| --- |\n| Growth factor action rate |\n| Account output data |\n| Scheme rule share |\n',
    );
  });
  it('reads tables ruled under the header only as one row a label, however many lines its cells wrap to', async () => {
    // fixtures/pdf-classes/header-rule-wrapped.html, printed by Chromium: a captioned table of a
    // label column beside paragraphs that wrap over four lines (no gap or line parts its rows),
    // and a table of three columns whose header cell, a row label and an owner wrap too.
    const r = await distill(['parse', fixture('header-rule-wrapped')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain(
      'Table 3: What each district reported\n\n| District | Report |\n| --- | --- |\n| North | Waiting times for the housing office fell by a third once the second counter opened, and the backlog of repairs was cleared by the autumn |\n',
    );
    expect(r.stdout).toContain(
      '| East | No change |\n| Old town | The library kept its hours, but the reading room closed for the roof works from March until the end of the summer holidays |\n\nMost of the changes',
    );
    expect(r.stdout).toContain(
      '| Service | Action agreed with the operator | Owner |\n| --- | --- | --- |\n| Transport | Ask the operator to restore the evening runs on both routes before the winter timetable | Head of transport and the harbour ward members |\n| Library buildings and reading rooms | Open the reading room again when the roof works are signed off | Facilities |\n| Housing | Keep the second counter open | Housing office |\n\nThe next review',
    );
  });

  it('joins a table whose row a page break cuts, its last lines printed under the header repeated on the next page', async () => {
    // fixtures/pdf-classes/header-rule-cut-row.html, printed by Chromium (pdf-synth-css seed 3,
    // rule-wrapped): the header comes back over "supply cost unit effect" and "research company
    // contract", the cut row's rest, and the header rule there reads as no ruling.
    const r = await distill(['parse', fixture('header-rule-cut-row')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(
      r.stdout.match(
        /^\| Record health structure \| Network \| Industry condition centre \| Data service cost \|$/gm,
      ),
    ).toHaveLength(1);
    expect(r.stdout).toContain(
      '| Practice source | Health measure detail network health example supply cost unit effect | Work public income test design annual | Share level issue company property water office target research company contract |\n| Action |',
    );
  });

  it('joins a table over four pages, the third opening with a "continued" caption, as one table without the caption', async () => {
    // fixtures/pdf-classes/table-continued-caption.html, printed by Chromium (pdf-synth-css
    // seed 2, page-break): the table starts low on page 2, fills page 3 whole, goes on under
    // "Table 1 (continued)" on page 4 and, set as a second table with the header again, on page 5.
    const r = await distill(['parse', fixture('table-continued-caption')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout.match(/^\| Policy standard \| Treatment growth \| Practice advice \|$/gm)).toHaveLength(
      1,
    );
    expect(r.stdout).not.toContain('(continued)');
    expect(r.stdout).toMatch(/\n\| Model \| Transport number industry [^\n]*\|\n\| Result system site \| /);
    expect(r.stdout).toMatch(/\n\| Weight early position \| [^\n]*\|\n\n/);
  });

  it("puts a cut row's last lines, left alone at the next page's top, back on the row, and joins the parts", async () => {
    // fixtures/pdf-classes/table-cut-apart.html, printed by Chromium with page numbers
    // (pdf-synth-css seed 2, page-break): the header is not repeated, and "research energy" /
    // "network", the last column's rest, stand alone over the next row in that column.
    const r = await distill(['parse', fixture('table-cut-apart')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '| Growth agency action member treatment practice demand supply return budget member fund research energy network |\n| Policy national detail |',
    );
    expect(r.stdout).not.toMatch(/^research energy/m);
  });
  it("parts a browser-default table's cells that the reader joined across the 2px cell spacing", async () => {
    // fixtures/pdf-classes/browser-default-table.html, printed by Chromium in the browser's own
    // table style: "Drain clearing (sink/tub)" and "$125–$300" come from the reader as one text
    // item; the next column's left edge, shown by the other rows, cuts it.
    const r = await distill(['parse', fixture('browser-default-table')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('| Drain clearing (sink/tub) | $125–$300 | Length of pipe, blockage |');
    expect(r.stdout).toContain('| Garbage disposal install | $200–$450 | Electrical access, brand |');
    expect(r.stdout).toMatch(/^Call-out fees are charged on top/m);
  });
  it("parts a browser-default table's joined cells where the column's other cells end together too", async () => {
    // fixtures/pdf-classes/browser-default-even-cells.html: the widest cells of the price column
    // come joined to the next cell; the two rows that show the next column's edge hold the same
    // words, ending together as flush-right figures of one width would.
    const r = await distill(['parse', fixture('browser-default-even-cells')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '| Full repipe (whole home) | $4,000–$15,000 | House size, access, materials |',
    );
    expect(r.stdout).toContain(
      '| Commercial plumbing install | $5,000–$50,000 | Scale, complexity, materials |',
    );
  });
  it('reads a column of amounts with a currency sign set flush right as the second column', async () => {
    // fixtures/pdf-classes/currency-flush-right.html: zebra-striped price tables whose amounts
    // ("$4.95", "112,00 €") end at one right edge and start wherever their width puts them, the
    // header's "Charge" the only cell at the column's left.
    const r = await distill(['parse', fixture('currency-flush-right')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(2);
    expect(r.stdout).toContain('| Order value | Charge |\n| --- | --- |\n| Up to $50 | $4.95 |');
    expect(r.stdout).toContain('| Over $10,000 (freight) | $145 |');
    expect(r.stdout).toContain('| Islands and overseas | 112,00 € |');
  });
  it('reads a borderless table whose rows leave cells empty, agreeing with the full rows on the columns they fill', async () => {
    // fixtures/pdf-classes/empty-cells-rows.html: a browser-default comparison of two offers,
    // five rows of its twelve filling every column, the others the first figure column or the
    // last only, their figures starting where the full rows' do.
    const r = await distill(['parse', fixture('empty-cells-rows')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      '|  | Lease 4.9% | Loan 7.9% |\n| --- | --- | --- |\n| Price of the car | 30,000 | 30,000 |',
    );
    expect(r.stdout).toContain('| Residual value | 12,000 |  |');
    expect(r.stdout).toContain('| Total difference (saving with the lease) |  | 72 |');
  });
  it("reads a padded table's rows whose cells wrap, parted by the padding rather than by baselines", async () => {
    // fixtures/pdf-classes/padded-wrapped-rows.html: top-aligned cells padded 4pt, most of them
    // (the first column's too) wrapped over two or three lines; each line under a row's first is
    // set at the text's line spacing, the rows a few points further apart.
    const r = await distill(['parse', fixture('padded-wrapped-rows')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(1);
    expect(r.stdout).toContain(
      '| Keyboard Model | Layout | Switch Type | Connectivity | Case Material | Price (USD) | Key Feature |',
    );
    expect(r.stdout).toContain(
      '| Redragon K530 Draconic | 60% | Outemu Box (3/5- pin) | USB-C, Bluetooth 5.0, 2.4 GHz | ABS plastic | $50 | Tri-mode wireless |',
    );
    expect(r.stdout).toContain(
      '| Asus ROG Azoth | 75% | ROG NX hot- swap | USB-C, Bluetooth, 2.4 GHz | Metal top cover | $229 | OLED display, gasket mount |\n\nPick a keyboard',
    );
  });
  it("reads a browser-default table's rows whose cells are set in the middle beside a wrapped cell", async () => {
    // fixtures/pdf-classes/browser-default-centred.html: every row's first cell wraps over two
    // lines and the cells beside it sit half a line lower, on a baseline of their own; the
    // bold centred header cells were read as headings when no row showed columns.
    const r = await distill(['parse', fixture('browser-default-centred')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('| Single use item | Lasting alternative | Price |');
    expect(r.stdout).toContain('| Plastic wrap or wax paper | Beeswax wraps | $18 |');
    expect(r.stdout).toContain('| Sandwich bags of plastic | Steel lunch boxes | $25 |');
    expect(r.stdout).not.toMatch(/^# /m);
  });
  it('reads borderless and zebra tables whose rows set one long cell beside short ones', async () => {
    // fixtures/pdf-classes/browser-default-long-cells.html: a browser-default table whose last
    // column describes each row in a line wider than a third of the page, and a zebra table of
    // short labels beside long values; only their header rows were all short pieces, so both
    // were read as lines (the zebra table's header as headings).
    const r = await distill(['parse', fixture('browser-default-long-cells')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('| Kind of shop | Best fit | Why it suits them |');
    expect(r.stdout).toContain(
      '| Wholesaler with a sales team | Ledgerly | A pipeline for every account and reminders for each rep |',
    );
    expect(r.stdout).toContain('| Requirement | Cost and details |');
    expect(r.stdout).toContain(
      '| Filing fee | $120 plus $4 for each copy of the filing that is not certified |',
    );
    expect(r.stdout).toContain(
      '| Processing time | Three working days online; two weeks or more for filings sent by post to the office |',
    );
    expect(r.stdout).not.toMatch(/^# /m);
    // The paragraph between the tables stays text.
    expect(r.stdout).toMatch(/^Most owners kept the tool they started with/m);
  });
  it('keeps an article column of prose beside a sidebar of short lines as text, not a table', async () => {
    // fixtures/pdf-classes/twocol-prose-sidebar.html: two columns, the left one prose, the right
    // one opening with a pricing box of three short lines at the line spacing. Read by
    // baselines: "Prices rose. | Starter plan", "Three of the services ... prices | $9 a month",
    // "this spring. | 500 contacts", the rows of a borderless table with a long cell; the long
    // piece follows the line over it at the line spacing, which a long cell, opening a row set
    // apart from the one above, does not (long-cells.ts). Read as a three-row table before.
    const r = await distill(['parse', fixture('twocol-prose-sidebar')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(0);
    expect(r.stdout).not.toMatch(/^\|/m);
    expect(r.stdout).toMatch(/^Three of the services we looked at raised their prices$/m);
    expect(r.stdout).toMatch(/^\$9 a month$/m);
  });
  it('keeps a paragraph opening beside a sidebar of short lines as text, not a table', async () => {
    // fixtures/pdf-classes/twocol-paragraph-sidebar.html: the same two columns with a space
    // between paragraphs. The paragraph's first line ("Three of the services ... | $9 a month")
    // opens a row set a space below "Prices rose. | Starter plan", as a long cell would, but
    // two lines run on under it in its column, a paragraph's, where a long cell wraps to a line
    // or two (long-cells.ts). Without that test it was read as a four-row table.
    const r = await distill(['parse', fixture('twocol-paragraph-sidebar')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(0);
    expect(r.stdout).not.toMatch(/^\|/m);
    expect(r.stdout).toMatch(/^Three of the services we looked at raised their prices$/m);
    expect(r.stdout).toMatch(/^One sender name$/m);
  });
  it('keeps notes in two columns with a long line in each as text, not a table', async () => {
    // fixtures/pdf-classes/twocol-long-both-sides.html: "Opening hours | Contact", "The shop
    // opens from nine ... | Front desk", "Saturdays from ten | Write to us at the address ...",
    // "Closed on Sundays | two days.": rows of one long piece beside short ones, each long piece
    // set a blank line below the row over it, but one in each column, where a table's long cells
    // are one column's (long-cells.ts). Without that test it was read as a four-row table.
    const r = await distill(['parse', fixture('twocol-long-both-sides')]);
    expect(r.status, r.stderr).toBe(0);
    expect(delimiterRows(r.stdout)).toBe(0);
    expect(r.stdout).not.toMatch(/^\|/m);
    expect(r.stdout).toMatch(/^Closed on Sundays$/m);
  });
});
