/**
 * Real data tables taken from the web pages of the HTML dev sets (wcxb-dev, trafilatura-dev), for
 * the pdf-web-tables check: their text, spans and header rows are what people publish (prices,
 * schedules, statistics, specs), not words we drew. A table is kept when it looks like data:
 *   - no table inside it and no form control (layout tables and forms);
 *   - a header: leading rows inside <thead>, made only of <th>, or set wholly in bold;
 *   - 2 to 8 columns, and 3 or more body rows;
 *   - short cells (mean 40 characters at most, none over 150: not a table of paragraphs), and
 *     few empty ones (icon cells, spacers).
 * Left out: a month calendar (seven day heads of one or two letters: a blog's widget, the same on
 * every page of a site) and tables in Chinese, Japanese or Korean (no font on the machine draws
 * them, so they would test the font fallback, not the table); pictographs (emoji ticks and
 * crosses) are dropped from cells for the same reason. Long tables are cut to MAX_ROWS rows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { attr, kids, type Node } from '../parse5-tree.js';
import type { Cell } from '../synth/text.js';

export interface WebTable {
  /** `<set>/<page>#<n>`: the page's id and the table's place among the page's kept tables. */
  id: string;
  /** `<set>/<page>`: the fold key, so every table of one page falls in the same fold. */
  page: string;
  /** The rows as printed, cells in source order with their spans; every row as wide as the grid. */
  rows: Cell[][];
  headerRows: number;
  caption?: string;
  /** The page's paragraph just before and just after the table, when it has one. */
  before?: string;
  after?: string;
}

const MAX_ROWS = 40;
const MAX_COLS = 8;
const MAX_PER_PAGE = 4;

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const BLOCK_BREAK = new Set(['br', 'p', 'div', 'li']);

function textOf(n: Node): string {
  if (n.nodeName === '#text') return n.value ?? '';
  if (SKIP.has(n.nodeName)) return '';
  const inner = kids(n).map(textOf).join('');
  return BLOCK_BREAK.has(n.nodeName) ? ` ${inner} ` : inner;
}
const clean = (s: string) =>
  s
    .replace(/\p{Extended_Pictographic}|\uFE0F|[\u200B-\u200D]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

function descendants(n: Node, name: string, out: Node[] = [], stopAt?: string): Node[] {
  for (const c of kids(n)) {
    if (c.nodeName === name) out.push(c);
    if (c.nodeName !== stopAt) descendants(c, name, out, stopAt);
  }
  return out;
}
const has = (n: Node, names: string[]) => names.some((x) => descendants(n, x).length > 0);

/** Rows of one table (not of tables inside it), with whether each sits in a thead. */
function rowsOf(table: Node): { tr: Node; inHead: boolean }[] {
  const out: { tr: Node; inHead: boolean }[] = [];
  const walk = (n: Node, inHead: boolean) => {
    for (const c of kids(n)) {
      if (c.nodeName === 'tr') out.push({ tr: c, inHead });
      else if (c.nodeName === 'thead' || c.nodeName === 'tbody' || c.nodeName === 'tfoot')
        walk(c, c.nodeName === 'thead');
    }
  };
  walk(table, false);
  return out;
}
const cellsOf = (tr: Node) => kids(tr).filter((c) => c.nodeName === 'td' || c.nodeName === 'th');

/** Every non-empty text of the cell set in <b> or <strong>. */
function allBold(cell: Node): boolean {
  const plain = (n: Node): string =>
    n.nodeName === 'b' || n.nodeName === 'strong'
      ? ''
      : n.nodeName === '#text'
        ? (n.value ?? '')
        : kids(n).map(plain).join('');
  return clean(plain(cell)) === '' && clean(textOf(cell)) !== '';
}

/** A row set in bold: every cell bold or empty, one at least bold. */
const boldRow = (cells: Node[]) =>
  cells.every((c) => allBold(c) || clean(textOf(c)) === '') && cells.some(allBold);

const span = (v: string | undefined) => {
  const n = Number.parseInt(v ?? '1', 10);
  return Number.isFinite(n) && n > 1 ? n : 1;
};

/** The table as a rectangular grid of cells (spans clipped to the grid, short rows padded with
 * empty cells), or undefined when it is not a data table. */
function dataTable(table: Node): Omit<WebTable, 'id' | 'page' | 'before' | 'after'> | undefined {
  if (descendants(table, 'table').length) return undefined;
  if (has(table, ['input', 'select', 'textarea', 'button', 'form'])) return undefined;
  const all = rowsOf(table).filter((r) => cellsOf(r.tr).length > 0);
  let headerRows = 0;
  while (
    headerRows < all.length &&
    (all[headerRows].inHead ||
      cellsOf(all[headerRows].tr).every((c) => c.nodeName === 'th') ||
      boldRow(cellsOf(all[headerRows].tr)))
  )
    headerRows++;
  // A header of every row is a list of bold lines, not a header over data.
  if (headerRows === 0 || headerRows > 3 || all.length - headerRows < 3) return undefined;
  const kept = all.slice(0, MAX_ROWS);
  // Lay the cells on a grid to learn its width and clip spans to it.
  const taken: boolean[][] = kept.map(() => []);
  const rows: Cell[][] = [];
  let width = 0;
  kept.forEach(({ tr }, i) => {
    const row: Cell[] = [];
    let col = 0;
    for (const c of cellsOf(tr)) {
      while (taken[i][col]) col++;
      const rs = Math.min(span(attr(c, 'rowspan')), kept.length - i);
      const cs = span(attr(c, 'colspan'));
      for (let r = i; r < i + rs; r++) for (let k = col; k < col + cs; k++) taken[r][k] = true;
      row.push({
        text: clean(textOf(c)),
        ...(cs > 1 ? { colspan: cs } : {}),
        ...(rs > 1 ? { rowspan: rs } : {}),
      });
      col += cs;
    }
    width = Math.max(width, taken[i].length);
    rows.push(row);
  });
  if (width < 2 || width > MAX_COLS) return undefined;
  // Pad each row's free places at its end (a ragged row is drawn so by the browser too, but a
  // reader cannot tell an absent cell from an empty one).
  rows.forEach((row, i) => {
    const free = Array.from({ length: width }, (_, k) => !taken[i][k]).filter(Boolean).length;
    for (let k = 0; k < free; k++) row.push({ text: '' });
  });
  if (
    rows
      .flat()
      .some((c) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(c.text))
  )
    return undefined;
  if (width === 7 && rows[0].every((c) => c.text.length <= 2)) return undefined;
  const texts = rows.flat().map((c) => c.text.length);
  const mean = texts.reduce((a, b) => a + b, 0) / texts.length;
  const empty = texts.filter((n) => n === 0).length / texts.length;
  if (mean > 40 || Math.max(...texts) > 150 || empty > 0.3) return undefined;
  const caption = descendants(table, 'caption').map((c) => clean(textOf(c)))[0];
  return { rows, headerRows, ...(caption ? { caption } : {}) };
}

/** The page's tables and paragraphs in document order (a table's insides not descended). */
function blocks(doc: Node): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    for (const c of kids(n)) {
      if (c.nodeName === 'table' || c.nodeName === 'p') out.push(c);
      else if (!SKIP.has(c.nodeName)) walk(c);
    }
  };
  walk(doc);
  return out;
}
const PARA = (s: string) => s.length >= 60 && s.length <= 800;

export function tablesOfPage(html: string, page: string): WebTable[] {
  const doc = parse(html) as unknown as Node;
  const seq = blocks(doc);
  const out: WebTable[] = [];
  seq.forEach((b, i) => {
    if (b.nodeName !== 'table' || out.length >= MAX_PER_PAGE) return;
    const t = dataTable(b);
    if (!t) return;
    const near = (k: number) => (seq[k]?.nodeName === 'p' ? clean(textOf(seq[k])) : '');
    const before = near(i - 1);
    const after = near(i + 1);
    out.push({
      id: `${page}#${out.length + 1}`,
      page,
      ...t,
      ...(PARA(before) ? { before } : {}),
      ...(PARA(after) ? { after } : {}),
    });
  });
  return out;
}

/** Every kept table of the two HTML dev sets, in page order; a table printed the same as one
 * already kept (the same price list on two pages) is kept once. */
export function webTables(corpora: string): WebTable[] {
  const out: WebTable[] = [];
  const seen = new Set<string>();
  for (const set of ['wcxb-dev', 'trafilatura-dev']) {
    const dir = join(corpora, 'html', set, 'html');
    for (const f of readdirSync(dir).sort()) {
      const raw = readFileSync(join(dir, f));
      const html = (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      for (const t of tablesOfPage(html, `${set.replace(/-dev$/, '')}/${f.replace(/\.html(\.gz)?$/, '')}`)) {
        const key = JSON.stringify(t.rows);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(t);
      }
    }
  }
  return out;
}
