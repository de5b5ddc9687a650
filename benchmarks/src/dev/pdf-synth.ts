/**
 * A second check of generality, apart from the dev sets: documents written at run time with
 * known headings and tables, saved as PDF by LibreOffice, read by distill (the public `parse`)
 * and liteparse, and scored with the dpbench scorers (NID, TEDS, MHS) against the known truth.
 * Every document crosses one table class with one heading style, so a rule that holds for one
 * class of page only shows as a class, and the scores are printed per class.
 *   table classes: ruled, unruled, horizontal rules only, a header of two rows (spans), an empty
 *     column, a boxed one-column list, numeric columns, a table running over a page break
 *   heading styles: size tiers with decimal numbers, size tiers without, bold lines at the body
 *     size under a larger title, sans-serif capitals over a serif body
 * Sizes, fonts, words, columns and rows come from a seeded generator (deterministic).
 *   pnpm bench dev pdf-synth [--seed N] [--docs-per-cell N] [--keep DIR] [--no-peers]
 * Needs `soffice` (apt-get install -y --no-install-recommends libreoffice-writer).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32, seedOf } from '../seeded.js';
import { printScores, type SynthDoc, scoreDocs } from '../synth/score.js';
import {
  type Cell,
  cap,
  cellWords,
  esc,
  figure,
  Pick,
  paragraph,
  title,
  truthTable,
  WORDS,
} from '../synth/text.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SEED = seedOf(opt('--seed'));
const PER_CELL = Number(opt('--docs-per-cell') ?? 1);
const KEEP = opt('--keep');
const PEERS = !args.includes('--no-peers');

// ---------- the document model: blocks with their truth ----------

type Borders = 'all' | 'none' | 'hrules' | 'box' | 'under-header';
interface TableSpec {
  rows: Cell[][];
  headerRows: number;
  borders: Borders;
  /** Columns right-aligned (figures). */
  numeric: Set<number>;
  /** The header rows repeat on each page (a table over a page break). */
  repeatHeader?: boolean;
}
type Block =
  | { kind: 'h'; level: 1 | 2 | 3; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'table'; table: TableSpec };

const TABLE_CLASSES = [
  'ruled',
  'unruled',
  'hrules',
  'header-2-rows',
  'empty-column',
  'boxed-list',
  'numeric',
  'page-break',
] as const;
type TableClass = (typeof TABLE_CLASSES)[number];
const HEADING_STYLES = ['sized-numbered', 'sized-plain', 'bold-body', 'caps-serif'] as const;
type HeadingStyle = (typeof HEADING_STYLES)[number];

function makeTable(p: Pick, cls: TableClass): TableSpec {
  const cols = p.int(2, 5);
  const body = p.int(3, 8);
  const textRow = (n: number) => Array.from({ length: n }, () => ({ text: cellWords(p) }));
  const header = textRow(cols);
  switch (cls) {
    case 'ruled':
    case 'unruled':
    case 'hrules': {
      const rows = [header, ...Array.from({ length: body }, () => textRow(cols))];
      const borders: Borders = cls === 'ruled' ? 'all' : cls === 'unruled' ? 'none' : 'hrules';
      return { rows, headerRows: 1, borders, numeric: new Set() };
    }
    case 'numeric': {
      const rows = [header];
      for (let i = 0; i < body + 2; i++)
        rows.push([{ text: cellWords(p) }, ...Array.from({ length: cols - 1 }, () => ({ text: figure(p) }))]);
      const numeric = new Set(Array.from({ length: cols - 1 }, (_, i) => i + 1));
      return { rows, headerRows: 1, borders: p.one(['under-header', 'none', 'hrules'] as const), numeric };
    }
    case 'header-2-rows': {
      // A label column spanning both header rows, then groups of two columns under a span.
      const groups = p.int(2, 3);
      const top: Cell[] = [{ text: cellWords(p), rowspan: 2 }];
      const sub: Cell[] = [{ text: '', covered: true }];
      for (let g = 0; g < groups; g++) {
        top.push({ text: String(2019 + g), colspan: 2 }, { text: '', covered: true });
        sub.push({ text: cap(p.one(WORDS)) }, { text: cap(p.one(WORDS)) });
      }
      const rows = [top, sub];
      for (let i = 0; i < body; i++)
        rows.push([
          { text: cellWords(p) },
          ...Array.from({ length: groups * 2 }, () => ({ text: figure(p) })),
        ]);
      const numeric = new Set(Array.from({ length: groups * 2 }, (_, i) => i + 1));
      return { rows, headerRows: 2, borders: p.one(['all', 'hrules'] as const), numeric };
    }
    case 'empty-column': {
      const n = p.int(2, 3);
      const rows = [textRow(n)];
      for (let i = 0; i < body + 1; i++)
        rows.push([{ text: cellWords(p) }, ...Array.from({ length: n - 1 }, () => ({ text: '' }))]);
      return { rows, headerRows: 1, borders: 'all', numeric: new Set() };
    }
    case 'boxed-list': {
      const rows = [[{ text: title(p, p.int(2, 4)) }]];
      for (let i = 0; i < body + 1; i++) rows.push([{ text: title(p, p.int(2, p.chance(0.3) ? 14 : 6)) }]);
      return { rows, headerRows: 1, borders: 'box', numeric: new Set() };
    }
    case 'page-break': {
      const rows = [header, ...Array.from({ length: p.int(45, 60) }, () => textRow(cols))];
      return {
        rows,
        headerRows: 1,
        borders: p.one(['all', 'none', 'hrules'] as const),
        numeric: new Set(),
        repeatHeader: true,
      };
    }
  }
}

function makeDoc(p: Pick, cls: TableClass, style: HeadingStyle): Block[] {
  const numbered = style === 'sized-numbered';
  const out: Block[] = [
    { kind: 'h', level: 1, text: title(p, p.int(2, 5)) },
    { kind: 'p', text: paragraph(p) },
  ];
  const sections = p.int(2, 3);
  const tableIn = p.int(1, sections);
  for (let s = 1; s <= sections; s++) {
    out.push({ kind: 'h', level: 2, text: `${numbered ? `${s} ` : ''}${title(p)}` });
    out.push({ kind: 'p', text: paragraph(p) });
    const subs = style === 'bold-body' ? p.int(0, 1) : p.int(1, 2);
    for (let k = 1; k <= subs; k++) {
      out.push({ kind: 'h', level: 3, text: `${numbered ? `${s}.${k} ` : ''}${title(p)}` });
      out.push({ kind: 'p', text: paragraph(p) });
    }
    if (s === tableIn) {
      if (cls === 'page-break') for (let i = 0; i < 3; i++) out.push({ kind: 'p', text: paragraph(p, 5) });
      out.push({ kind: 'table', table: makeTable(p, cls) });
      out.push({ kind: 'p', text: paragraph(p) });
    }
  }
  return out;
}

// ---------- truth Markdown ----------

function truth(blocks: Block[], style: HeadingStyle): string {
  return blocks
    .map((b) => {
      if (b.kind === 'h')
        return `${'#'.repeat(b.level)} ${style === 'caps-serif' && b.level > 1 ? b.text.toUpperCase() : b.text}`;
      if (b.kind === 'p') return b.text;
      return truthTable(b.table.rows);
    })
    .join('\n\n');
}

// ---------- flat ODT ----------

interface Look {
  bodyFont: string;
  headFont: string;
  body: number;
  sizes: [number, number, number];
  bold: [boolean, boolean, boolean];
  caps: boolean;
  above: number;
}

function lookOf(p: Pick, style: HeadingStyle): Look {
  const body = p.one([9.5, 10, 10.5, 11, 12]);
  const serif = p.one(['Liberation Serif', 'DejaVu Serif']);
  const sans = p.one(['Liberation Sans', 'DejaVu Sans']);
  const bodyFont = style === 'caps-serif' ? serif : p.one([serif, sans]);
  const r = (x: number) => Math.round(x * 2) / 2;
  switch (style) {
    case 'sized-numbered':
    case 'sized-plain':
      return {
        bodyFont,
        headFont: p.one([bodyFont, sans]),
        body,
        sizes: [
          r(body * p.one([1.8, 2, 2.2])),
          r(body * p.one([1.4, 1.5])),
          r(body * p.one([1.15, 1.2, 1.25])),
        ],
        bold: [true, p.chance(0.7), p.chance(0.7)],
        caps: false,
        above: p.one([0.2, 0.35, 0.5]),
      };
    case 'bold-body':
      return {
        bodyFont,
        headFont: bodyFont,
        body,
        sizes: [r(body * p.one([1.6, 1.8])), r(body * p.one([1.25, 1.3])), body],
        bold: [true, true, true],
        caps: false,
        above: p.one([0.2, 0.35]),
      };
    case 'caps-serif':
      return {
        bodyFont,
        headFont: sans,
        body,
        sizes: [r(body * 1.8), r(body * p.one([1.1, 1.2])), body],
        bold: [true, true, true],
        caps: true,
        above: p.one([0.3, 0.5]),
      };
  }
}

const BORDER = '0.5pt solid #000000';

function cellStyle(b: Borders, row: number, rows: number, headerRows: number): string {
  switch (b) {
    case 'all':
    case 'box':
      return `fo:border="${BORDER}"`;
    case 'none':
      return 'fo:border="none"';
    case 'hrules': {
      const top = row === 0 ? BORDER : 'none';
      const bottom = row === headerRows - 1 || row === rows - 1 ? BORDER : 'none';
      return `fo:border-top="${top}" fo:border-bottom="${bottom}" fo:border-left="none" fo:border-right="none"`;
    }
    case 'under-header':
      return `fo:border-top="none" fo:border-bottom="${row === headerRows - 1 ? BORDER : 'none'}" fo:border-left="none" fo:border-right="none"`;
  }
}

function fodt(blocks: Block[], look: Look): string {
  const font = (f: string) => `<style:font-face style:name="${f}" svg:font-family="'${f}'"/>`;
  const text = (f: string, size: number, bold: boolean) =>
    `<style:text-properties style:font-name="${f}" fo:font-size="${size}pt"${bold ? ' fo:font-weight="bold"' : ''}/>`;
  const styles: string[] = [
    `<style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm" fo:text-align="justify"/>${text(look.bodyFont, look.body, false)}</style:style>`,
    `<style:style style:name="T" style:family="paragraph">${text(look.bodyFont, look.body - 1, false)}</style:style>`,
    `<style:style style:name="TB" style:family="paragraph">${text(look.bodyFont, look.body - 1, true)}</style:style>`,
    `<style:style style:name="TR" style:family="paragraph"><style:paragraph-properties fo:text-align="end"/>${text(look.bodyFont, look.body - 1, false)}</style:style>`,
    `<style:style style:name="TC" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/>${text(look.bodyFont, look.body - 1, true)}</style:style>`,
  ];
  for (let l = 0; l < 3; l++)
    styles.push(
      `<style:style style:name="H${l + 1}" style:family="paragraph"><style:paragraph-properties fo:margin-top="${l === 0 ? 0 : look.above}cm" fo:margin-bottom="0.15cm" fo:keep-with-next="always"/>${text(look.headFont, look.sizes[l], look.bold[l]).replace('/>', look.caps && l > 0 ? ' fo:text-transform="uppercase"/>' : '/>')}</style:style>`,
    );
  const cellStyles = new Map<string, string>();
  const cellStyleName = (attrs: string) => {
    let n = cellStyles.get(attrs);
    if (!n) {
      n = `C${cellStyles.size}`;
      cellStyles.set(attrs, n);
    }
    return n;
  };
  const body: string[] = [];
  let tables = 0;
  for (const b of blocks) {
    if (b.kind === 'h') body.push(`<text:p text:style-name="H${b.level}">${esc(b.text)}</text:p>`);
    else if (b.kind === 'p') body.push(`<text:p text:style-name="P">${esc(b.text)}</text:p>`);
    else {
      const t = b.table;
      // Covered cells stand in the rows, so the first row's length is the column count.
      const cols = t.rows[0].length;
      const rowXml = (r: Cell[], i: number) =>
        `<table:table-row>${r
          .map((c, j) => {
            if (c.covered) return '<table:covered-table-cell/>';
            const st = cellStyleName(
              `${cellStyle(t.borders, i, t.rows.length, t.headerRows)} fo:padding="0.08cm"`,
            );
            const span = `${c.colspan ? ` table:number-columns-spanned="${c.colspan}"` : ''}${c.rowspan ? ` table:number-rows-spanned="${c.rowspan}"` : ''}`;
            const para = i < t.headerRows ? (c.colspan ? 'TC' : 'TB') : t.numeric.has(j) ? 'TR' : 'T';
            const inner = c.text ? `<text:p text:style-name="${para}">${esc(c.text)}</text:p>` : '<text:p/>';
            return `<table:table-cell table:style-name="${st}"${span} office:value-type="string">${inner}</table:table-cell>`;
          })
          .join('')}</table:table-row>`;
      const head = t.rows.slice(0, t.headerRows).map(rowXml);
      const rest = t.rows.slice(t.headerRows).map((r, i) => rowXml(r, i + t.headerRows));
      body.push(
        `<table:table table:name="Table${++tables}"><table:table-column table:number-columns-repeated="${cols}"/>${
          t.repeatHeader
            ? `<table:table-header-rows>${head.join('')}</table:table-header-rows>`
            : head.join('')
        }${rest.join('')}</table:table>`,
      );
    }
  }
  for (const [attrs, n] of cellStyles)
    styles.push(
      `<style:style style:name="${n}" style:family="table-cell"><style:table-cell-properties ${attrs}/></style:style>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>${[...new Set([look.bodyFont, look.headFont])].map(font).join('')}</office:font-face-decls>
<office:automatic-styles>${styles.join('\n')}</office:automatic-styles>
<office:body><office:text>
${body.join('\n')}
</office:text></office:body>
</office:document>
`;
}

// ---------- generate, convert, read, score ----------

interface Doc extends SynthDoc {
  cls: TableClass;
  style: HeadingStyle;
}

const work = KEEP ?? mkdtempSync(join(tmpdir(), 'distill-pdf-synth-'));
mkdirSync(work, { recursive: true });
const docs: Doc[] = [];
let n = 0;
for (const cls of TABLE_CLASSES)
  for (const style of HEADING_STYLES)
    for (let k = 0; k < PER_CELL; k++) {
      const p = new Pick(mulberry32(SEED * 100_003 + n++));
      const id = `${cls}--${style}--${k}`;
      const blocks = makeDoc(p, cls, style);
      writeFileSync(join(work, `${id}.fodt`), fodt(blocks, lookOf(p, style)));
      docs.push({ id, cls, style, truth: truth(blocks, style) });
    }

// A profile of its own, so that other soffice processes on the machine do not block this one.
execFileSync(
  'soffice',
  [
    `-env:UserInstallation=file://${join(work, 'profile')}`,
    '--headless',
    '--convert-to',
    'pdf',
    '--outdir',
    work,
    ...docs.map((d) => join(work, `${d.id}.fodt`)),
  ],
  { stdio: 'ignore', timeout: 600_000 },
);

const scores = await scoreDocs(docs, work, { peers: PEERS, keep: !!KEEP });
console.log(
  `pdf-synth seed ${SEED}: ${docs.length} documents (LibreOffice ${execFileSync('soffice', ['--version'], { encoding: 'utf8' }).trim().split(' ')[1]})`,
);
printScores(scores, docs, TABLE_CLASSES, HEADING_STYLES, args.includes('--docs'));
if (!KEEP) rmSync(work, { recursive: true, force: true });
