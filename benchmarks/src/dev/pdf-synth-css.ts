/**
 * pdf-synth with a second producer: HTML and CSS written at run time, printed to PDF by Chromium
 * (playwright-core, `page.pdf()`), read by distill and liteparse, scored with the dpbench scorers
 * against the known truth (dev/pdf-synth.ts is the LibreOffice producer; both share synth/).
 * Report and brochure styles that LibreOffice's tables do not draw: fills instead of lines.
 *   table classes: full grid, no lines, a rule under the header only, horizontal rules only,
 *     zebra-striped rows, a filled header band with white text, spans in header and body,
 *     cells of several lines, right-aligned figure columns; then a boxed one-column list, a ruled
 *     table whose last column is empty under its header (a form to fill in), and a financial
 *     statement (indented row labels under group lines, a totals row set bold over a rule), and a
 *     table whose header row alone fits at a page's foot (header-at-foot); a form ruled only
 *     between rows, cells of several lines and one column blank in every body row (ruled-blank);
 *     cells of several lines under a header rule and no other line (rule-wrapped)
 *   heading styles: size tiers, colour and bold at the body size, capitals letter-spaced,
 *     numbered 1 / 1.1; every page opens with a title bigger than everything
 * Padding, fonts, sizes, colours, caption above or below or none, words, columns and rows all come
 * from a seeded generator (deterministic for a given Chromium).
 *   pnpm bench dev pdf-synth-css [--seed N] [--docs-per-cell N] [--keep DIR] [--no-peers] [--docs]
 * Needs Chromium (/usr/bin/chromium or CHROME_PATH).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { mulberry32, seedOf } from '../seeded.js';
import { printScores, type SynthDoc, scoreDocs } from '../synth/score.js';
import { type Cell, cap, cellWords, esc, figure, Pick, paragraph, title, truthTable } from '../synth/text.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SEED = seedOf(opt('--seed'));
const PER_CELL = Number(opt('--docs-per-cell') ?? 1);
const KEEP = opt('--keep');
const PEERS = !args.includes('--no-peers');

const TABLE_CLASSES = [
  'grid',
  'no-lines',
  'header-rule',
  'hrules',
  'zebra',
  'header-band',
  'spans',
  'multi-line',
  'numeric',
  // Classes real documents have that the first nine do not; appended so that every seed's
  // documents of the first nine stay as they were.
  'boxed-list',
  'empty-column',
  'statement',
  // A table that starts at a page's foot with only its header row fitting there: the header is
  // printed alone, then again over the body on the next page (Chromium repeats a thead).
  'header-at-foot',
  // A form-like table ruled only between its rows (no vertical lines), cells of several lines,
  // and one column blank in every body row (a "Date" or "Signature" to be filled in): the blank
  // column's edges are drawn by nothing but its header cell and the rules' ends.
  'ruled-blank',
  // A report table ruled under its header only, cells of several lines beside a label column
  // (multi-line draws that ruling on some seeds only): no line or gap parts its rows.
  'rule-wrapped',
  // A long table of several-line cells that crosses a page break: by seed the header is printed
  // again on the next page or not, a row is cut mid-cell by the break or kept whole, the table is
  // ruled as a grid, under its header only or not at all, a page number or running footer sits
  // between the parts, and some are set as two tables with a "Table N (continued)" caption.
  'page-break',
] as const;
type TableClass = (typeof TABLE_CLASSES)[number];
const HEADING_STYLES = ['size-tiers', 'colour-bold', 'caps-spaced', 'numbered'] as const;
type HeadingStyle = (typeof HEADING_STYLES)[number];

interface TableSpec {
  rows: Cell[][];
  headerRows: number;
  /** Columns set flush right (figures). */
  numeric: Set<number>;
  css: string;
  caption?: { text: string; above: boolean };
  /** table-layout fixed at the full width, so long cells wrap over several lines. */
  fixed: boolean;
  /** Rows set as totals (bold over a rule). */
  totals: Set<number>;
  /** header-at-foot: the room left under the header row at the page's foot, as a share of the
   * first body row's height (so that row goes to the next page). */
  footGap?: number;
  /** page-break: where the table starts (share of the page height, from the page's top) and how
   * it is broken. */
  pageBreak?: PageBreak;
}
interface PageBreak {
  startAt: number;
  /** The header row printed again over the part on the next page. */
  repeatHeader: boolean;
  /** A row may be cut by the break, its cells' last lines going on over the page. */
  cutRows: boolean;
  /** Page furniture printed on every page: nothing, a page number, or a running footer line. */
  footer: 'none' | 'page' | 'running';
  /** The running footer's words (a report's title), beside the page number. */
  footerText: string;
  /** Set as two tables, this many rows (header included) in the first, the second under a
   * "Table N (continued)" caption on the next page. */
  splitAt?: number;
}
/** `cls` marks the heading that opens a page and the paragraph padded to push a table to the foot. */
type Block =
  | { kind: 'h'; level: 1 | 2 | 3; text: string; cls?: string }
  | { kind: 'p'; text: string; cls?: string }
  | { kind: 'table'; table: TableSpec };

const RULE = (p: Pick) => `${p.one([0.5, 0.75, 1])}pt solid ${p.one(['#000', '#444', '#1f4e79', '#888'])}`;
const DARK = ['#1f4e79', '#2e5c3a', '#7a1f3d', '#333333', '#005a8c', '#5b3c88'];
const LIGHT = ['#eeeeee', '#f2f2f2', '#e8eef6', '#eaf3e6', '#f6ece8', '#dde6f0'];

/** The CSS of one table's lines and fills, by class; `t` is the table's selector. */
function tableCss(p: Pick, cls: TableClass, t: string): string {
  const pad = `${p.one([1, 2, 3, 4, 6])}pt ${p.one([3, 4, 6, 8, 10])}pt`;
  const base = `${t} { border-collapse: collapse; } ${t} td, ${t} th { padding: ${pad}; vertical-align: top; text-align: left; border: none; } ${t} th { font-weight: bold; } ${t} th[colspan] { text-align: center; } ${t} td.num, ${t} th.num { text-align: right; }`;
  switch (cls) {
    case 'grid':
    case 'spans':
    case 'multi-line': {
      // Spans and several-line cells come with any of the common rulings, not only the grid.
      const style = cls === 'grid' ? 'grid' : p.one(['grid', 'hrules', 'header-rule', 'band'] as const);
      return `${base} ${rulings(p, style, t)}`;
    }
    case 'no-lines':
      return base;
    case 'header-rule':
    case 'rule-wrapped':
      return `${base} ${rulings(p, 'header-rule', t)}`;
    case 'hrules':
      return `${base} ${rulings(p, 'hrules', t)}`;
    case 'zebra': {
      const fill = p.one(LIGHT);
      const head = p.chance(0.5) ? `${t} thead tr { background: ${p.one(DARK)}; color: #fff; }` : '';
      return `${base} ${t} tbody tr:nth-child(${p.one(['odd', 'even'])}) { background: ${fill}; } ${head}`;
    }
    case 'header-band':
      return `${base} ${rulings(p, 'band', t)}${p.chance(0.4) ? ` ${t} tbody tr { border-bottom: 0.5pt solid #ccc; }` : ''}`;
    case 'numeric':
      return `${base} ${rulings(p, p.one(['header-rule', 'hrules', 'none', 'band'] as const), t)}`;
    case 'boxed-list': {
      // A box round the list, each item ruled off or not, the title row ruled or filled.
      const box = `${t} { border: ${RULE(p)}; width: ${p.one(['auto', '50%', '70%', '100%'])}; }`;
      const items = p.chance(0.6) ? ` ${t} tr { border-bottom: ${RULE(p)}; }` : '';
      const head = p.chance(0.5) ? rulings(p, 'band', t) : rulings(p, 'header-rule', t);
      return `${base} ${box}${items} ${head}`;
    }
    case 'empty-column': {
      // The blank column is as wide as its use needs (a tick, a date, a signature).
      const w = `${t} { width: ${p.one(['70%', '85%', '100%'])}; } ${t} th:last-child { width: ${p.one([15, 20, 25, 30])}%; }`;
      return `${base} ${w} ${rulings(p, p.one(['grid', 'grid', 'hrules'] as const), t)}`;
    }
    case 'statement': {
      const indent = `${t} td.sub { padding-left: ${p.one([1, 1.5, 2])}em; }`;
      const total = `${t} tr.total td { font-weight: bold; border-top: ${RULE(p)}; }`;
      const group = `${t} td.group { font-weight: ${p.chance(0.7) ? 'bold' : 'normal'}; }`;
      return `${base} ${indent} ${total} ${group} ${rulings(p, p.one(['header-rule', 'none'] as const), t)}`;
    }
    case 'header-at-foot':
      return `${base} ${rulings(p, p.one(['band', 'header-rule', 'grid', 'hrules'] as const), t)}`;
    case 'page-break':
      return `${base} ${rulings(p, p.one(['grid', 'header-rule', 'none'] as const), t)}`;
    case 'ruled-blank': {
      // Rules between the rows only (under the header too), or also over the first and under
      // the last.
      const rule = RULE(p);
      const between = `${t} tbody tr { border-top: ${rule}; }`;
      const outer = p.chance(0.5) ? ` ${t} { border-top: ${rule}; border-bottom: ${rule}; }` : '';
      return `${base} ${between}${outer}`;
    }
  }
}

function rulings(p: Pick, style: 'grid' | 'hrules' | 'header-rule' | 'band' | 'none', t: string): string {
  switch (style) {
    case 'grid':
      return `${t} td, ${t} th { border: ${RULE(p)}; }`;
    case 'hrules':
      return `${t} tr { border-top: ${RULE(p)}; border-bottom: ${RULE(p)}; }`;
    case 'header-rule':
      return `${t} thead tr:last-child { border-bottom: ${RULE(p)}; }`;
    case 'band':
      return `${t} thead th { background: ${p.one(DARK)}; color: #fff; }`;
    case 'none':
      return '';
  }
}

const numericRow = (p: Pick, cols: number): Cell[] => [
  { text: cellWords(p) },
  ...Array.from({ length: cols - 1 }, () => ({ text: figure(p) })),
];

function makeTable(p: Pick, cls: TableClass, id: string): TableSpec {
  const cols = p.int(2, 5);
  const body = p.int(3, 8);
  const textRow = (n: number) => Array.from({ length: n }, () => ({ text: cellWords(p) }));
  const css = tableCss(p, cls, `#${id}`);
  const caption = p.chance(0.6)
    ? { text: `Table ${p.int(1, 12)}: ${title(p, p.int(3, 7))}`, above: p.chance(0.6) }
    : undefined;
  let rows: Cell[][];
  let headerRows = 1;
  let numeric = new Set<number>();
  let fixed = false;
  const totals = new Set<number>();
  switch (cls) {
    case 'numeric':
    case 'zebra':
    case 'header-band': {
      // Report tables: a label column, then figures set flush right.
      const figures = cls === 'numeric' || p.chance(0.5);
      rows = [textRow(cols)];
      for (let i = 0; i < body + (cls === 'numeric' ? 2 : 0); i++)
        rows.push(figures ? numericRow(p, cols) : textRow(cols));
      if (figures) numeric = new Set(Array.from({ length: cols - 1 }, (_, i) => i + 1));
      break;
    }
    case 'spans': {
      // A header of two rows (a label spanning both, years over pairs of columns) and a body
      // whose first column groups rows under a label spanning two or three of them.
      const groups = p.int(2, 3);
      const top: Cell[] = [{ text: cellWords(p), rowspan: 2 }];
      const sub: Cell[] = [{ text: '', covered: true }];
      for (let g = 0; g < groups; g++) {
        top.push({ text: String(2019 + g), colspan: 2 }, { text: '', covered: true });
        sub.push({ text: cap(p.one(['total', 'share', 'change', 'rate', 'value', 'cost'])) });
        sub.push({ text: cap(p.one(['male', 'female', 'urban', 'rural', 'public', 'private'])) });
      }
      rows = [top, sub];
      headerRows = 2;
      const width = 1 + groups * 2;
      const bands = p.int(2, 3);
      for (let b = 0; b < bands; b++) {
        const span = p.int(2, 3);
        for (let i = 0; i < span; i++) {
          const lead: Cell[] = [
            i === 0 ? { text: cellWords(p), rowspan: span } : { text: '', covered: true },
            { text: cellWords(p) },
          ];
          rows.push([...lead, ...Array.from({ length: width - 1 }, () => ({ text: figure(p) }))]);
        }
      }
      // The body has the group column besides the row label: widen the header by one column.
      top.splice(1, 0, { text: cellWords(p), rowspan: 2 });
      sub.splice(1, 0, { text: '', covered: true });
      numeric = new Set(Array.from({ length: groups * 2 }, (_, i) => i + 2));
      break;
    }
    case 'multi-line':
    case 'rule-wrapped': {
      const n = p.int(2, 4);
      rows = [textRow(n)];
      for (let i = 0; i < body; i++)
        rows.push(
          Array.from({ length: n }, (_, j) => ({ text: title(p, j === 0 ? p.int(1, 3) : p.int(6, 16)) })),
        );
      fixed = true;
      break;
    }
    case 'boxed-list':
      rows = [[{ text: cellWords(p) }]];
      for (let i = 0; i < body; i++) rows.push([{ text: title(p, p.int(1, 7)) }]);
      break;
    case 'empty-column': {
      const n = p.int(2, 4);
      const last = cap(p.one(['remarks', 'checked', 'signature', 'date', 'initials', 'notes']));
      rows = [[...textRow(n - 1), { text: last }]];
      for (let i = 0; i < body; i++) rows.push([...textRow(n - 1), { text: '' }]);
      break;
    }
    case 'statement': {
      // Years over the figures; the label column's header is often blank.
      const years = p.int(2, 3);
      const head: Cell[] = [{ text: p.chance(0.5) ? '' : cap(p.one(['in thousands', 'notes', 'item'])) }];
      for (let y = 0; y < years; y++) head.push({ text: String(2024 - y) });
      rows = [head];
      const figs = () =>
        Array.from({ length: years }, () => ({ text: p.chance(0.15) ? `(${figure(p)})` : figure(p) }));
      const groups = p.int(1, 3);
      for (let g = 0; g < groups; g++) {
        const label = title(p, p.int(1, 3));
        rows.push([{ text: label, cls: 'group' }, ...Array.from({ length: years }, () => ({ text: '' }))]);
        for (let i = p.int(2, 4); i > 0; i--) rows.push([{ text: cellWords(p), cls: 'sub' }, ...figs()]);
        rows.push([{ text: `Total ${label.toLowerCase()}` }, ...figs()]);
        totals.add(rows.length - 1);
      }
      numeric = new Set(Array.from({ length: years }, (_, i) => i + 1));
      break;
    }
    case 'header-at-foot': {
      const figures = p.chance(0.5);
      rows = [textRow(cols)];
      for (let i = p.int(4, 10); i > 0; i--) rows.push(figures ? numericRow(p, cols) : textRow(cols));
      if (figures) numeric = new Set(Array.from({ length: cols - 1 }, (_, i) => i + 1));
      // Chromium moves a table whose first page would hold its header alone; a caption above
      // is content enough to keep the header at the foot (as in a report's "Table 10: ...").
      const above = { text: caption?.text ?? `Table ${p.int(1, 12)}: ${title(p, p.int(3, 7))}`, above: true };
      return {
        rows,
        headerRows,
        numeric,
        css,
        caption: above,
        fixed,
        totals,
        footGap: 0.2 + p.int(0, 5) / 10,
      };
    }
    case 'ruled-blank': {
      const n = p.int(3, 5);
      const blank = p.chance(0.6) ? n - 1 : p.int(1, n - 2);
      const label = cap(p.one(['date', 'signature', 'initials', 'checked', 'remarks', 'done']));
      rows = [textRow(n).map((c, j) => (j === blank ? { text: label } : c))];
      for (let i = 0; i < body; i++)
        rows.push(
          Array.from({ length: n }, (_, j) =>
            j === blank ? { text: '' } : { text: title(p, j === 0 ? p.int(1, 3) : p.int(5, 14)) },
          ),
        );
      fixed = true;
      break;
    }
    case 'page-break': {
      const n = p.int(3, 5);
      rows = [textRow(n)];
      for (let i = p.int(12, 20); i > 0; i--)
        rows.push(
          Array.from({ length: n }, (_, j) => ({ text: title(p, j === 0 ? p.int(1, 3) : p.int(6, 18)) })),
        );
      const pageBreak: PageBreak = {
        startAt: 0.3 + p.int(0, 4) / 10,
        repeatHeader: p.chance(0.6),
        cutRows: p.chance(0.5),
        footer: p.one(['none', 'page', 'running'] as const),
        footerText: title(p, p.int(2, 4)),
      };
      // A word processor's table broken by hand: the rest under a caption of its own.
      if (p.chance(0.3)) pageBreak.splitAt = p.int(4, 8);
      const keep = pageBreak.cutRows ? '' : ` ${`#${id}`} tr { break-inside: avoid; }`;
      return { rows, headerRows, numeric, css: css + keep, caption, fixed: true, totals, pageBreak };
    }
    default:
      rows = [textRow(cols), ...Array.from({ length: body }, () => textRow(cols))];
  }
  return { rows, headerRows, numeric, css, caption, fixed, totals };
}

function makeDoc(p: Pick, cls: TableClass, style: HeadingStyle): Block[] {
  const numbered = style === 'numbered';
  const out: Block[] = [
    { kind: 'h', level: 1, text: title(p, p.int(2, 5)) },
    { kind: 'p', text: paragraph(p) },
  ];
  const sections = p.int(2, 3);
  const tableIn = p.int(1, sections);
  for (let s = 1; s <= sections; s++) {
    out.push({ kind: 'h', level: 2, text: `${numbered ? `${s} ` : ''}${title(p)}` });
    out.push({ kind: 'p', text: paragraph(p) });
    const subs = p.int(1, 2);
    for (let k = 1; k <= subs; k++) {
      out.push({ kind: 'h', level: 3, text: `${numbered ? `${s}.${k} ` : ''}${title(p)}` });
      out.push({ kind: 'p', text: paragraph(p) });
    }
    if (s === tableIn) {
      if (cls === 'header-at-foot' || cls === 'page-break') {
        // The table's section opens a page; its last paragraph is padded at print time (see
        // padToFoot) so the table's header row is the last thing that fits on that page.
        const at = out.findLastIndex((b) => b.kind === 'h' && b.level === 2);
        out[at] = { ...out[at], cls: 'newpage' } as Block;
        out[out.length - 1] = { ...out[out.length - 1], cls: 'pad' } as Block;
      }
      out.push({ kind: 'table', table: makeTable(p, cls, 't1') });
      out.push({ kind: 'p', text: paragraph(p) });
    }
  }
  return out;
}

// ---------- truth Markdown ----------

function truth(blocks: Block[], style: HeadingStyle): string {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'h')
      out.push(
        `${'#'.repeat(b.level)} ${style === 'caps-spaced' && b.level > 1 ? b.text.toUpperCase() : b.text}`,
      );
    else if (b.kind === 'p') out.push(b.text);
    else {
      const c = b.table.caption;
      if (c?.above) out.push(c.text);
      out.push(truthTable(b.table.rows));
      if (c && !c.above) out.push(c.text);
    }
  }
  return out.join('\n\n');
}

// ---------- HTML and CSS ----------

function pageCss(p: Pick, style: HeadingStyle): string {
  const body = p.one([9.5, 10, 10.5, 11, 12]);
  const serif = p.one(['Liberation Serif', 'DejaVu Serif']);
  const sans = p.one(['Liberation Sans', 'DejaVu Sans']);
  const bodyFont = p.one([serif, sans]);
  const headFont = p.one([bodyFont, sans]);
  const colour = p.one(DARK);
  const r = (x: number) => Math.round(x * 2) / 2;
  const above = p.one([0.6, 0.9, 1.2]);
  // The title is bigger than every other heading in every style.
  const title = `h1 { font-size: ${r(body * p.one([2, 2.2, 2.5]))}pt; font-weight: bold; margin: 0 0 0.5em; color: ${p.chance(0.5) ? colour : '#000'}; }`;
  const h = (sel: string, css: string) =>
    `${sel} { font-family: '${headFont}'; margin: ${above}em 0 0.3em; ${css} }`;
  let heads: string;
  switch (style) {
    case 'size-tiers':
    case 'numbered':
      heads = `${h('h2', `font-size: ${r(body * p.one([1.4, 1.5, 1.6]))}pt; font-weight: ${p.chance(0.7) ? 'bold' : 'normal'};`)} ${h('h3', `font-size: ${r(body * p.one([1.15, 1.2, 1.25]))}pt; font-weight: ${p.chance(0.7) ? 'bold' : 'normal'};`)}`;
      break;
    case 'colour-bold':
      heads = `${h('h2, h3', `font-size: ${body}pt; font-weight: bold; color: ${colour};`)}`;
      break;
    case 'caps-spaced':
      heads = `${h('h2', `font-size: ${r(body * p.one([1.1, 1.2, 1.3]))}pt; font-weight: bold; text-transform: uppercase; letter-spacing: ${p.one([0.08, 0.12, 0.2])}em;`)} ${h('h3', `font-size: ${body}pt; font-weight: bold; text-transform: uppercase; letter-spacing: ${p.one([0.05, 0.1])}em;`)}`;
      break;
  }
  return `@page { size: A4; margin: ${p.one([1.5, 2, 2.5])}cm; }
body { font-family: '${bodyFont}'; font-size: ${body}pt; line-height: ${p.one([1.2, 1.3, 1.45])}; margin: 0; }
p { margin: 0 0 0.6em; text-align: ${p.one(['left', 'justify'])}; }
h1 { font-family: '${headFont}'; }
h2.newpage { break-before: page; margin-top: 0; }
${title}
${heads}
table { margin: 0.6em 0; font-size: ${body - p.one([0, 0.5, 1])}pt; }
caption { font-size: ${body - 1}pt; font-style: ${p.one(['italic', 'normal'])}; text-align: left; padding: 0.3em 0; }`;
}

function html(blocks: Block[], css: string): string {
  const body: string[] = [];
  for (const b of blocks) {
    const cls = b.kind !== 'table' && b.cls ? ` class="${b.cls}"` : '';
    if (b.kind === 'h') body.push(`<h${b.level}${cls}>${esc(b.text)}</h${b.level}>`);
    else if (b.kind === 'p') body.push(`<p${cls}>${esc(b.text)}</p>`);
    else {
      const t = b.table;
      const row = (r: Cell[], i: number) =>
        `<tr${t.totals.has(i) ? ' class="total"' : ''}>${r
          .map((c, j) => {
            if (c.covered) return '';
            const tag = i < t.headerRows ? 'th' : 'td';
            const span = `${c.colspan ? ` colspan="${c.colspan}"` : ''}${c.rowspan ? ` rowspan="${c.rowspan}"` : ''}`;
            const names = [t.numeric.has(j) && !c.colspan ? 'num' : '', c.cls ?? ''].filter(Boolean);
            const cls = names.length ? ` class="${names.join(' ')}"` : '';
            return `<${tag}${span}${cls}>${esc(c.text)}</${tag}>`;
          })
          .join('')}</tr>`;
      const c = t.caption;
      if (t.pageBreak?.splitAt) {
        body.push(...splitTables(t, row));
        continue;
      }
      body.push(
        `<style>${t.css}${t.fixed ? ' #t1 { table-layout: fixed; width: 100%; }' : ''}${c ? ` #t1 caption { caption-side: ${c.above ? 'top' : 'bottom'}; }` : ''}</style>`,
        // A header in the body is printed once, where a thead is printed again on every page.
        `<table id="t1">${c ? `<caption>${esc(c.text)}</caption>` : ''}${t.pageBreak?.repeatHeader === false ? '<tbody>' : '<thead>'}${t.rows
          .slice(0, t.headerRows)
          .map(row)
          .join('')}${t.pageBreak?.repeatHeader === false ? '' : '</thead><tbody>'}${t.rows
          .slice(t.headerRows)
          .map((r, i) => row(r, i + t.headerRows))
          .join('')}</tbody></table>`,
      );
    }
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>\n${body.join('\n')}\n</body></html>\n`;
}

/** A page-break table set as two: the first part, a page break, a "(continued)" caption and the
 * rest, under its header again or not; a cut row leaves its cells' second halves (the label's
 * cell empty) to open the second part. The truth stays one table. */
function splitTables(t: TableSpec, row: (r: Cell[], i: number) => string): string[] {
  const pb = t.pageBreak!;
  const at = pb.splitAt!;
  const head = t.rows.slice(0, t.headerRows);
  let first = t.rows.slice(t.headerRows, at);
  let rest = t.rows.slice(at);
  if (pb.cutRows) {
    const cut = rest[0];
    const halves = cut.map((c) => {
      const w = c.text.split(' ');
      const k = Math.ceil(w.length / 2);
      return [w.slice(0, k).join(' '), w.slice(k).join(' ')];
    });
    first = [...first, halves.map(([a], j) => ({ text: j === 0 ? cut[0].text : a }))];
    rest = [halves.map(([, b], j) => ({ text: j === 0 ? '' : b })), ...rest.slice(1)];
  }
  const label = /^Table \d+/.exec(t.caption?.text ?? '')?.[0] ?? 'Table 1';
  const c = t.caption;
  const css2 = t.css.replaceAll('#t1', '#t2');
  const fixed = ' #t1, #t2 { table-layout: fixed; width: 100%; }';
  const rowsHtml = (rs: Cell[][], from: number) => rs.map((r, i) => row(r, i + from)).join('');
  return [
    `<style>${t.css}${css2}${fixed}${c ? ` #t1 caption { caption-side: ${c.above ? 'top' : 'bottom'}; }` : ''}</style>`,
    `<table id="t1">${c ? `<caption>${esc(c.text)}</caption>` : ''}<thead>${rowsHtml(head, 0)}</thead><tbody>${rowsHtml(first, t.headerRows)}</tbody></table>`,
    `<p class="cont" style="break-before: page; font-style: italic;">${label} (continued)</p>`,
    `<table id="t2">${pb.repeatHeader ? `<thead>${rowsHtml(head, 0)}</thead>` : ''}<tbody>${rowsHtml(rest, t.headerRows)}</tbody></table>`,
  ];
}

// ---------- generate, print, read, score ----------

interface Doc extends SynthDoc {
  cls: TableClass;
  style: HeadingStyle;
  /** header-at-foot: the page margin (cm) and the room to leave under the header row;
   * page-break: where the table starts instead. */
  foot?: { marginCm: number; gap?: number; startAt?: number };
  /** page-break: the footer printed on every page. */
  footer?: PageBreak;
}

const work = KEEP ?? mkdtempSync(join(tmpdir(), 'distill-pdf-synth-css-'));
mkdirSync(work, { recursive: true });
const docs: Doc[] = [];
let n = 0;
for (const cls of TABLE_CLASSES)
  for (const style of HEADING_STYLES)
    for (let k = 0; k < PER_CELL; k++) {
      const p = new Pick(mulberry32(SEED * 100_019 + n++));
      const id = `${cls}--${style}--${k}`;
      const blocks = makeDoc(p, cls, style);
      const css = pageCss(p, style);
      writeFileSync(join(work, `${id}.html`), html(blocks, css));
      const table = blocks.find((b) => b.kind === 'table')?.table;
      const marginCm = Number(/margin: ([\d.]+)cm/.exec(css)![1]);
      const foot =
        table?.footGap !== undefined
          ? { marginCm, gap: table.footGap }
          : table?.pageBreak
            ? { marginCm, startAt: table.pageBreak.startAt }
            : undefined;
      docs.push({ id, cls, style, truth: truth(blocks, style), foot, footer: table?.pageBreak });
    }

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  chromiumSandbox: false,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const page = await browser.newPage();
for (const d of docs) {
  if (d.foot) {
    await padToFoot(d.id, d.foot, d.footer);
    continue;
  }
  await page.goto(`file://${join(work, `${d.id}.html`)}`);
  await page.pdf({ path: join(work, `${d.id}.pdf`), preferCSSPageSize: true, printBackground: true });
}

/** Lays the page out on screen at the printed width (A4, 96 px an inch), measures from the heading
 * that opens the table's page to the bottom of its header row, and pads the paragraph before the
 * table so that row ends `gap` of a body row above the page's foot; then prints. */
async function padToFoot(id: string, foot: NonNullable<Doc['foot']>, footer?: PageBreak) {
  const px = (cm: number) => (cm / 2.54) * 96;
  const own = await browser.newPage({
    viewport: { width: Math.round(px(21 - 2 * foot.marginCm)), height: 1200 },
  });
  await own.emulateMedia({ media: 'print' });
  await own.goto(`file://${join(work, `${id}.html`)}`);
  // Run in the page (a string: the benchmarks compile without the DOM's types).
  const height = px(29.7 - 2 * foot.marginCm);
  await own.evaluate(`(() => {
    const top = document.querySelector('h2.newpage').getBoundingClientRect().top;
    const table = document.getElementById('t1');
    const head = table.tHead ? table.tHead.getBoundingClientRect().bottom - top : 0;
    const row = table.tBodies[0].rows[0].getBoundingClientRect().height;
    const pad = document.querySelector('p.pad');
    const margin = Number.parseFloat(getComputedStyle(pad).marginBottom);
    const start = table.getBoundingClientRect().top - top;
    const room = ${foot.startAt === undefined ? `${height} - ${foot.gap} * row - head` : `${foot.startAt * height} - start`};
    pad.style.marginBottom = (margin + Math.max(0, room)) + 'px';
  })()`);
  await own.pdf({
    path: join(work, `${id}.pdf`),
    preferCSSPageSize: true,
    printBackground: true,
    ...footerOptions(footer, foot.marginCm),
  });
  await own.close();
}
/** Chromium's own page furniture: a page number, or a report's title and the page number. */
function footerOptions(pb: PageBreak | undefined, marginCm: number) {
  if (!pb || pb.footer === 'none') return {};
  const style = `font-size: 8pt; font-family: 'Liberation Sans'; width: 100%; margin: 0 ${marginCm}cm; display: flex; justify-content: ${pb.footer === 'page' ? 'center' : 'space-between'};`;
  const words = pb.footer === 'running' ? `<span>${esc(pb.footerText)}</span>` : '';
  return {
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div style="${style}">${words}<span>Page <span class="pageNumber"></span></span></div>`,
  };
}
const version = browser.version();
await browser.close();

const scores = await scoreDocs(docs, work, { peers: PEERS, keep: !!KEEP });
console.log(`pdf-synth-css seed ${SEED}: ${docs.length} documents (Chromium ${version})`);
printScores(scores, docs, TABLE_CLASSES, HEADING_STYLES, args.includes('--docs'));
if (!KEEP) rmSync(work, { recursive: true, force: true });
