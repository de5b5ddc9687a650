import { buildPdf } from '../../packages/pdf/src/testing/raw-pdf.js';

// Pages drawn byte by byte in Helvetica (/F1) and Helvetica-Bold (/F2) for the classes that
// `pnpm bench dev pdf-synth` found (tests/pdf-classes-cli.test.ts reads them through the CLI).

/** A line of text at (x, y) from the bottom-left, in the regular or the bold face. */
const text = (x: number, y: number, s: string, size: number, bold = false) =>
  `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${s.replace(/([()\\])/g, '\\$1')}) Tj ET\n`;

/** A document of pages (content streams) on A4 with both faces. */
function twoFontPdf(pages: string[]): Uint8Array {
  const objects: (string | { dict: string; stream: string })[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
  ];
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
    );
    objects.push({ dict: '<< >>', stream: content });
  });
  return buildPdf(objects);
}

const PROSE = [
  'The survey covers every district of the region and was carried out over the spring months',
  'by the regional office with the help of local councils and their staff on each site visit.',
  'Each entry below gives the place, the people in charge and the state of the work when seen.',
];

/** Body lines of PROSE from `y` down, 10 pt, 13 pt apart. */
const prose = (y: number) => PROSE.map((l, i) => text(57, y - 13 * i, l, 10)).join('');

/**
 * A cell's lines at column x from baseline y down (12.7 pt leading): "Fund process|programme"
 * is a cell wrapped over two lines.
 */
const cell = (x: number, y: number, s: string, bold: boolean, size: number) =>
  s
    .split('|')
    .map((l, i) => text(x, y - 12.7 * i, l, size, bold))
    .join('');

const COLS = [59, 155, 252, 348, 445];

/** Rows of cells at COLS, each row `step` below the last, the first in bold. */
const rows = (y: number, step: number, data: string[][], size = 9) =>
  data.map((r, k) => r.map((s, c) => cell(COLS[c], y - step * k, s, k === 0, size)).join('')).join('');

const hrule = (y: number) => `0.5 w 57 ${y} m 539 ${y} l S\n`;

/**
 * A table of words only between three horizontal rules (over the header, under it, under the
 * last row), its header and body cells wrapping onto second lines in several columns.
 */
export function ruleBoundWrappedTable(): Uint8Array {
  const data = [
    ['Case difference', 'Price report', 'Health', 'Programme fund|action', 'Community|current'],
    ['Difference', 'Control review|project', 'Rule plan', 'Answer|programme', 'Treatment'],
    ['Plan effect local', 'Target court', 'Unit', 'Position research|rule', 'Effect office'],
    ['Fund process|programme', 'Variety trust', 'Staff water', 'Office experience|target', 'Site'],
  ];
  let c = text(57, 780, 'Site visits', 16, true) + prose(750);
  c += hrule(700) + rows(688, 30, data) + hrule(667) + hrule(570);
  c += prose(545);
  return twoFontPdf([c]);
}

/** A borderless table of words only, eight rows, cells wrapping in two columns of each row. */
export function borderlessWrappedTable(): Uint8Array {
  const data = [
    ['District', 'Officer', 'Council', 'Work seen', 'State'],
    ...['North', 'East', 'South', 'West', 'Central', 'Coast', 'Upland', 'Valley'].map((d, i) => [
      `${d} district|office`,
      ['Anna Berg', 'Paul Dorn', 'Ines Falk', 'Omar Gill'][i % 4],
      `${d} council`,
      `Drainage and road|repairs`,
      ['Done', 'Under way', 'Planned', 'Late'][i % 4],
    ]),
  ];
  let c = text(57, 780, 'Work by district', 16, true) + prose(750);
  c += rows(700, 26, data);
  c += prose(440);
  return twoFontPdf([c]);
}

/**
 * A page whose last lines are a table's bold header row and its first row, cut off by the
 * page end, the rest of the table on the next page under its header repeated.
 */
export function tableHeaderAtPageFoot(): Uint8Array {
  const header = ['Place', 'Officer', 'Council', 'Work seen', 'State'];
  const body = [
    ['Harbour road', 'Anna Berg', 'Coast', 'Drainage', 'Done'],
    ['Mill lane', 'Paul Dorn', 'Valley', 'Paving', 'Planned'],
    ['Church square', 'Ines Falk', 'Central', 'Lighting', 'Late'],
    ['Station yard', 'Omar Gill', 'North', 'Fencing', 'Done'],
  ];
  let one = text(57, 780, 'Site visits', 16, true);
  for (let k = 0; k < 7; k++) one += prose(750 - 45 * k);
  one += text(57, 400, 'Findings', 13, true) + prose(380);
  for (let k = 0; k < 4; k++) one += prose(330 - 45 * k);
  // Set at the body size, as the tables of many reports are.
  one += rows(140, 16, [header, body[0]], 10);
  const two = rows(790, 16, [header, ...body.slice(1)], 10) + prose(700);
  return twoFontPdf([one, two]);
}

/**
 * A section title in bold capitals at the body size opening the second page, set inside the
 * top band where running headers sit, right over its text; no running header on either page.
 */
export function titleOpeningPage(): Uint8Array {
  let one = text(57, 780, 'Site visits', 16, true);
  for (let k = 0; k < 14; k++) one += prose(750 - 45 * k);
  let two = text(57, 785, 'PROJECT WORK', 10, true);
  for (let k = 0; k < 4; k++) two += prose(772 - 45 * k);
  return twoFontPdf([one, two]);
}

/**
 * Contact cards in two columns under a one-column opening: each card a bold title over three
 * plain lines, the cards of both columns on the same baselines (a two-column section).
 */
export function contactCardsInColumns(): Uint8Array {
  const cards = [
    ['North office', '14 Harbour Road', 'Ringsted 4100', 'Open Monday to Friday'],
    ['South office', '2 Station Square', 'Koge 4600', 'Open Tuesday and Thursday'],
    ['East office', '88 Mill Lane', 'Slagelse 4200', 'Open every weekday morning'],
    ['West office', '5 Church Street', 'Soro 4180', 'Open by appointment only'],
    ['Depot', 'Industrial Estate 7', 'Ringsted 4100', 'Deliveries before noon'],
    ['Archive', '1 Castle Hill', 'Holbaek 4300', 'Reading room on Wednesdays'],
  ];
  let page = text(57, 780, 'Where to find us', 16, true) + prose(750);
  cards.forEach((card, n) => {
    const x = n < 3 ? 57 : 305;
    const top = 700 - (n % 3) * 64;
    card.forEach((line, i) => {
      page += text(x, top - 14 * i, line, 10.5, i === 0);
    });
  });
  return twoFontPdf([page + prose(480)]);
}

/** Helvetica's advance widths (per 1,000) of the characters a figure holds. */
const figureWidth = (s: string, size: number) =>
  ([...s].reduce((w, ch) => w + (ch === ',' || ch === '.' ? 278 : ch === '%' ? 889 : 556), 0) * size) / 1000;

/**
 * A borderless table of two columns, a label and one figure set flush right, so the figures
 * of different widths ("27,514", "316") share no left edge; the header's second cell is set
 * left, far from the figures. Under it, a contents list of the same shape (page numbers that
 * never go down), which stays text.
 */
export function labelFigureTable(): Uint8Array {
  const right = (y: number, s: string) => text(536 - figureWidth(s, 9), y, s, 9);
  let c = text(57, 780, 'Figures by item', 16, true) + prose(750);
  c += text(59, 700, 'Development risk', 9, true) + text(300, 700, 'Decision value', 9, true);
  const data = [
    ['Term', '27,514'],
    ['Area product energy', '316'],
    ['Number', '71.3%'],
    ['Standard service', '18.5%'],
    ['Member annual', '36,645'],
    ['Amount movement income', '38'],
  ];
  data.forEach(([label, figure], k) => {
    const y = 686 - 14 * k;
    c += text(59, y, label, 9) + right(y, figure);
  });
  c += prose(580);
  c += text(57, 520, 'Contents', 13, true);
  ['Introduction', 'Methods of the survey', 'Results by district', 'Discussion', 'Annexes'].forEach(
    (t, k) => {
      const y = 500 - 14 * k;
      c += text(59, y, t, 9) + right(y, String([3, 8, 15, 112, 140][k]));
    },
  );
  return twoFontPdf([c]);
}

/**
 * A borderless table whose rows are padded (baselines 1.8 sizes apart, header rows as body
 * rows) under a header of two rows: "Population (thousands)" over "2022" and "2023", "Region"
 * and "Area (ha)" beside it over both. In Helvetica, whose boxes are 0.93 of a size tall where
 * a TrueType face's hhea gives about 1.15, the white between rows is wider than a box-edge rule
 * takes for rows of one header.
 */
export function paddedGroupHeaderTable(): Uint8Array {
  const right = (x: number, y: number, s: string, bold = false) =>
    text(x - figureWidth(s, 10), y, s, 10, bold);
  let c = text(57, 780, 'Population of the regions', 16, true) + prose(750);
  c += text(59, 690, 'Region', 10, true) + text(180, 690, 'Population (thousands)', 10, true);
  c += text(421, 690, 'Area (ha)', 10, true);
  c += right(295, 672, '2022', true) + right(415, 672, '2023', true);
  const data = [
    ['North', '1,204', '1,318', '5,120'],
    ['South', '2,410', '2,455', '3,870'],
    ['East', '842', '903', '6,940'],
    ['West', '1,530', '1,562', '4,310'],
  ];
  data.forEach(([region, a, b, area], k) => {
    const y = 654 - 18 * k;
    c += text(59, y, region, 10) + right(295, y, a) + right(415, y, b) + right(536, y, area);
  });
  c += prose(560);
  return twoFontPdf([c]);
}
