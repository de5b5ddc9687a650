import type { LayoutBlock, PageLayout } from '../types.js';
import { joinBoxedList } from './continued-boxes.js';
import { cutRowApart } from './cut-row-lines.js';
import { marginLines } from './furniture.js';
import { withoutLoneHeader } from './lone-header.js';

type TableBlock = Extract<LayoutBlock, { kind: 'table' }>;

/**
 * A table's edges on two pages may differ this much (share of the page width) and still be
 * one table: the same columns drawn again, give or take a rule's width or a wider cell.
 */
const EDGE_SHARE = 0.05;

/**
 * The top and bottom bands (shares of the page height) where running headers and footers are
 * set. A line labelled a header lower down is only the page's topmost line: it may as well
 * be the title of a new table ("Pesticides" over a table of the same columns as the last).
 */
const TOP_BAND = 0.075;
/** A header repeated on the next page is at most this many rows. */
const MAX_HEADER_ROWS = 3;
const BOTTOM_BAND = 0.93;

/**
 * Running headers, footers and notes sit around a page's body; they do not end or open it. A
 * header or footer line that both pages print (`running`, the blocks whose text comes back on
 * the other page) is one wherever it sits: a footer set a little above the bottom band is still
 * the page's furniture, not a note closing its table.
 */
const margin = (b: LayoutBlock, height: number, running?: ReadonlySet<LayoutBlock>) =>
  b.kind === 'text' &&
  (b.label === 'footnote' ||
    (b.label === 'page-header' && b.box.y1 < TOP_BAND * height) ||
    (b.label === 'page-footer' && b.box.y0 > BOTTOM_BAND * height) ||
    running?.has(b) === true);

const isNote = (b: LayoutBlock) => b.kind === 'text' && b.label === 'footnote';

/** The header and footer blocks of two pages whose text (numbers set aside) both pages print. */
function runningOf(a: PageLayout, b: PageLayout): Set<LayoutBlock> {
  const la = marginLines(a);
  const lb = marginLines(b);
  const ka = new Set(la.map((l) => l.key));
  const kb = new Set(lb.map((l) => l.key));
  const out = new Set<LayoutBlock>();
  for (const l of la) if (kb.has(l.key)) out.add(l.b);
  for (const l of lb) if (ka.has(l.key)) out.add(l.b);
  return out;
}

const textOf = (b: LayoutBlock) =>
  b.kind === 'text' ? b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ') : '';
/** A caption saying the table goes on ("Table 3 (continued)", "cont'd"). */
const continuedCaption = (b: LayoutBlock) => /\b(continued|cont['’]?d\.?)\b/i.test(textOf(b));
/** A table's own caption ("Table 2.", "Tab. 4"), even where set high enough to pass for a running header. */
const tableCaption = (b: LayoutBlock) =>
  /^\s*(table|tab\.)\s*[A-Z]?\d/i.test(textOf(b)) && !continuedCaption(b);

type Row = TableBlock['rows'][number];
const plain = (r: Row) => r.every((c) => (c.rowSpan ?? 1) === 1 && (c.colSpan ?? 1) === 1);

/**
 * A row broken by the page end: its long cells go on at the top of the next page in a row of
 * their own, whose first cell is empty where every other row of the table fills it (the
 * column that names the rows). Returns the last row of `above` with that row's text joined
 * on, or undefined where the part opens with a row of its own.
 */
function splitRow(above: readonly Row[], below: readonly Row[]): Row | undefined {
  const last = above[above.length - 1];
  const next = below[0];
  if (!last || !next || last.length !== next.length || !plain(last) || !plain(next)) return undefined;
  if (next[0].text.trim() !== '' || next.every((c) => c.text.trim() === '')) return undefined;
  // The first column names every other row, on both pages (a header row may leave it empty).
  const named = (r: Row) => r[0].text.trim() !== '';
  if (above.length < 3 || !above.slice(1).every(named) || !below.slice(1).every(named)) return undefined;
  return last.map((c, i) => {
    const more = next[i].text.trim();
    return more ? { ...c, text: c.text.trim() ? `${c.text} ${more}` : more } : c;
  });
}

/**
 * A header row of wrapped cells left alone at a page's foot reads as a part of a row a line
 * ("Return | Court course" over "experience | position"): each column's lines, one under the
 * other, make the header row the next part opens with. That part is then the whole table under
 * the header's own lines, which make one header row.
 */
function wrappedHeaderAlone(a: TableBlock, b: TableBlock): boolean {
  const head = b.rows[0];
  if (a.rows.length < 2 || a.rows.length > MAX_HEADER_ROWS || b.rows.length < 2) return false;
  if (!a.rows.every((r) => plain(r) && r.length === head.length) || !plain(head)) return false;
  const line = (s: string) => words(s).join(' ');
  return head.every((c, i) => line(c.text) === line(a.rows.map((r) => r[i].text).join(' ')));
}

/** Nothing left on `page` but its margins (it held only a table's part, joined to the page before). */
export function emptied(page: PageLayout, next: PageLayout): boolean {
  const running = runningOf(page, next);
  return page.blocks.every((x) => margin(x, page.height, running));
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** The last of `rows` with `rest` (its cut lines, column by column) set on its cells. */
function withRest(rows: Row[], rest: readonly string[]): Row[] {
  if (rows.length === 0 || rest.every((r) => r === '')) return rows;
  const last = rows[rows.length - 1];
  const more = last.map((c, i) =>
    rest[i] ? { ...c, text: c.text.trim() ? `${c.text} ${rest[i]}` : rest[i] } : c,
  );
  return [...rows.slice(0, -1), more];
}

/**
 * The header printed again over the part, with the last lines of a row the break cut set in
 * under it, no gap parting them, so they read as the header's own lines ("Network" over
 * "supply cost unit"): every cell of the part's first row opens with the words of the first
 * part's header cell, and some go on. Returns what goes on, column by column (the cut row's
 * rest), or undefined where the first row is not that.
 */
function headerWithRest(head: Row, first: Row): string[] | undefined {
  if (head.length < 2 || head.length !== first.length || !plain(head) || !plain(first)) return undefined;
  const rest: string[] = [];
  for (let i = 0; i < head.length; i++) {
    const h = words(head[i].text);
    const f = words(first[i].text);
    if (h.length === 0 || f.slice(0, h.length).join(' ') !== h.join(' ')) return undefined;
    rest.push(f.slice(h.length).join(' '));
  }
  return rest.some((r) => r !== '') ? rest : undefined;
}

const width = (t: TableBlock) =>
  Math.max(0, ...t.rows.map((r) => r.reduce((n, c) => n + (c.colSpan ?? 1), 0)));
const rowText = (r: TableBlock['rows'][number]) => r.map((c) => c.text).join('\u0000');

/**
 * Tables continued across a page break, as one table: where a page's body ends with a table
 * and the next page's body opens with one (after running headers, or a "continued" caption)
 * of the same number of columns, the same kind (drawn or not) and the same left and right
 * edges, the second's rows go on the first's, less a header row repeated at its top, and the
 * joined table lists the second's page and box in `continued` (its provenance on that page).
 * Pages are copied where they change; the layouts given stay as they were.
 */
export function joinContinuedTables(pages: readonly PageLayout[]): PageLayout[] {
  const out = pages.slice();
  for (let p = 1; p < out.length; p++) {
    // A page the table filled whole, its part joined to the page before, leaves nothing of its
    // own: the table goes on from the page where it started.
    let q = p - 1;
    while (q > 0 && emptied(out[q], out[p])) q--;
    let prev = out[q];
    const page = out[p];
    const running = runningOf(prev, page);
    let first = 0;
    while (
      first < page.blocks.length &&
      (margin(page.blocks[first], page.height, running) || continuedCaption(page.blocks[first]))
    )
      first++;
    if (page.blocks.slice(0, first).some(tableCaption)) continue;
    let b = page.blocks[first];
    if (b?.kind === 'table') {
      const trimmed = withoutLoneHeader(prev, b, (x) => running.has(x) || isNote(x));
      if (trimmed) prev = out[q] = trimmed;
    }
    let last = prev.blocks.length - 1;
    while (last >= 0 && margin(prev.blocks[last], prev.height, running)) last--;
    let a = prev.blocks[last];
    // A row cut by the break whose lines the tables' reading left apart, under the table at
    // the page's foot or over the part at the next page's top: the parts are the tables
    // beyond them, and the lines go on the cut row.
    let closed = last;
    let opened = first;
    let apart: string[][] = [];
    const cut = a?.kind === 'table' && b?.kind === 'table' ? undefined : cutRowApart(prev, last, page, first);
    if (cut) {
      ({ a, b, closed, opened } = cut);
      apart = [cut.foot, cut.top];
    }
    // One column is no table's part here: a list in a box is joined by its box.
    if (a?.kind !== 'table' || b?.kind !== 'table' || width(a) < 2 || width(b) < 2) {
      const boxed = joinBoxedList(prev, page, (x, on) => margin(x, on.height, running));
      if (boxed) [out[q], out[p]] = boxed;
      continue;
    }
    if (width(a) !== width(b) || width(a) < 2) continue;
    // The header printed again is the part's own evidence; without it a ruled table and an
    // unruled one are two tables. With it, a part drawn by a header rule alone may read as
    // unruled on one page (the rule falls under the cut row's lines there).
    const rest = headerWithRest(a.rows[0], b.rows[0]);
    const sameHeader = rest !== undefined || (b.rows.length > 1 && rowText(a.rows[0]) === rowText(b.rows[0]));
    if (a.ruled !== b.ruled && !sameHeader) continue;
    const w = Math.max(prev.width, page.width, 1);
    if (Math.abs(a.box.x0 - b.box.x0) > EDGE_SHARE * w || Math.abs(a.box.x1 - b.box.x1) > EDGE_SHARE * w)
      continue;
    // The header repeated at the top of the part, one row or several, goes: the joined table
    // keeps one header.
    let repeated = 0;
    while (
      repeated < MAX_HEADER_ROWS &&
      repeated < b.rows.length - 1 &&
      repeated < a.rows.length &&
      rowText(b.rows[repeated]) === rowText(a.rows[repeated])
    )
      repeated++;
    // A wrapped header alone above: the part's rows are the whole table.
    let above = wrappedHeaderAlone(a, b) ? [] : a.rows;
    if (apart.length && (above.length < 2 || !plain(above[above.length - 1]))) continue;
    for (const lines of apart) above = withRest(above, lines);
    let rows = above.length ? b.rows.slice(repeated) : b.rows;
    if (rest && above.length > 1) {
      // The cut row's rest goes on its row above; the header goes as a repeated one does.
      above = withRest(above, rest);
      rows = b.rows.slice(1);
    }
    const split = splitRow(above, rows);
    const part = { pageNumber: page.pageNumber, box: b.box, width: page.width, height: page.height };
    const joined: TableBlock = {
      ...a,
      rows: split ? [...above.slice(0, -1), split, ...rows.slice(1)] : [...above, ...rows],
      continued: [...(a.continued ?? []), part, ...(b.continued ?? [])],
    };
    out[q] = {
      ...prev,
      blocks: prev.blocks.flatMap((x, i) => (i === closed ? [joined] : i > closed && i <= last ? [] : [x])),
    };
    // A "continued" caption over the part goes with it: the table is one again, and a page the
    // part filled is left with nothing of its own, so the part after it joins on too.
    out[p] = {
      ...page,
      blocks: page.blocks.filter(
        (x, i) => !(i >= first && i <= opened) && !(i < first && continuedCaption(x)),
      ),
    };
  }
  return out;
}
