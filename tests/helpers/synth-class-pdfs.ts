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

/** Helvetica's advance widths (per 1,000) of the characters a figure holds. */
const figureWidth = (s: string, size: number) =>
  ([...s].reduce((w, ch) => w + (ch === ',' || ch === '.' ? 278 : ch === '%' ? 889 : 556), 0) * size) / 1000;

/**
 * A borderless table of figures with a header of two rows: group labels ("Year 2019") centred over pairs of
 * columns ("Year 2019" over "Cases Rate"), the sub-headers and stub set left, the figures set right.
 */
export function groupedHeaderFigures(): Uint8Array {
  const rights = [215, 275, 355, 415, 495, 555];
  const lefts = [165, 235, 305, 375, 445, 515];
  const right = (x: number, y: number, s: string) => text(x - figureWidth(s, 9), y, s, 9);
  let c = text(57, 780, 'Cases by region', 16, true) + prose(750);
  ['Year 2019', 'Year 2020', 'Year 2021'].forEach((year, g) => {
    const centre = (lefts[2 * g] + rights[2 * g + 1]) / 2;
    c += text(centre - figureWidth(year, 9) / 2, 690, year, 9, true);
  });
  // The stub's label spans both header rows, set on the first line.
  c += text(59, 690, 'Region', 9, true);
  ['Cases', 'Rate', 'Cases', 'Rate', 'Cases', 'Rate'].forEach((h, i) => {
    c += text(lefts[i], 676, h, 9, true);
  });
  const data = [
    ['North', '91.5%', '19,474', '81.6%', '7,820', '52.4%', '587'],
    ['East', '70.2%', '5,653', '9.7%', '52,003', '69.3%', '13,915'],
    ['South', '66.7%', '541', '16.8%', '81,483', '67.5%', '5,285'],
    ['West', '8.4%', '2,760', '45.0%', '1,904', '7.1%', '38,012'],
  ];
  data.forEach((r, k) => {
    const y = 660 - 15 * k;
    c += text(59, y, r[0], 9);
    r.slice(1).forEach((v, i) => {
      c += right(rights[i], y, v);
    });
  });
  c += prose(580);
  return twoFontPdf([c]);
}

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
