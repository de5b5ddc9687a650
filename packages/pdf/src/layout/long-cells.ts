import { stackedLines } from './centred-rows.js';
import { leadGap, nominalBottom, nominalTop } from './leading.js';
import type { Line } from './lines.js';

/** Rows either side, at most, whose cells a long cell must not reach over. */
const NEAR_ROWS = 8;
/** A gap between lines (in text sizes) that ends a block of rows, as findTextTables ends one. */
const BLOCK_GAP = 2.2;
/** How close (in text sizes) a line right over or under a row is for both to be one block of text. */
const TOUCH = 0.5;
/** How far apart (in text sizes) two lines' left edges may be for one column's. */
const EDGE = 0.5;
/** Lines running on under a long piece that make it a paragraph's, not a wrapped cell's. */
const RUN_ON = 2;
/** A line under another this much narrower (of the first line's width) ends its paragraph. */
const FULL = 0.7;

/**
 * A row of a borderless table's cells: two pieces or more, every one short (`short`: narrower
 * than a text column) but one at most. Web pages set a description beside short labels in one
 * table row ("Ecommerce or DTC brand | Klaviyo | Unified data, segmentation, and lifecycle
 * marketing", a browser's table with no lines), wider than a column of prose; two long pieces
 * side by side are prose set in two columns.
 */
export function cellsRow(r: readonly Line[], short: (f: Line) => boolean): boolean {
  if (r.length < 2) return false;
  let long = 0;
  for (const f of r) if (!short(f) && ++long > 1) return false;
  return true;
}

/**
 * Which rows show a table's cells (cellsRow), where a row's long piece is a cell only when the
 * lines around it do not say it is a line across columns:
 * - a row near it in its block (crossesNear) has two pieces under the long one: it reaches over the gap
 *   between two columns that row shows (a caption whose label is set apart, "Table 14. |
 *   Actual and projected numbers ...", over the table's header; two cells read as one run);
 * - the line right over or under it (closer than TOUCH) has a piece over two of its pieces: the
 *   row is a line of a paragraph parted at a wide space (a justified line, "History | current
 *   shows industry rule ...", a heading whose letters are spaced out), its next line running on
 *   under both parts;
 * - the row over it lies closer than TOUCH (no row gap): a table's long cell opens a row set
 *   apart from the one above by the cells' padding or a rule, where a line of a prose column
 *   (or of a list) beside a sidebar of short lines follows the line over it at the column's
 *   line spacing (an article beside a pricing box, "Beans aren't a staple food ... | 2025?");
 * - its column runs on under it for RUN_ON lines or more (runOn): it opens a paragraph, whose
 *   next lines continue it at the line spacing, where a long cell wraps to a line or two.
 * A long cell's own lines, wrapped in its column, stay inside it.
 */
export function cellRows(rows: readonly Line[][], short: (f: Line) => boolean): boolean[] {
  const ok = rows.map((r) => cellsRow(r, short));
  for (let k = 0; k < rows.length; k++) {
    if (!ok[k]) continue;
    const long = rows[k].find((f) => !short(f));
    if (!long) continue;
    if (crossesNear(rows, k, long, -1, short) || crossesNear(rows, k, long, 1, short)) ok[k] = false;
    else if (k > 0 && leadGap(rows[k - 1], rows[k]) <= TOUCH * rows[k][0].size) ok[k] = false;
    for (const m of [k - 1, k + 1]) {
      if (!ok[k] || m < 0 || m >= rows.length) continue;
      const gap = m < k ? leadGap(rows[m], rows[k]) : leadGap(rows[k], rows[m]);
      if (gap > TOUCH * rows[k][0].size) continue;
      for (const g of rows[m]) if (overlaps(g, rows[k]) >= 2) ok[k] = false;
    }
    if (ok[k] && runOn(rows, k, long) >= RUN_ON) ok[k] = false;
  }
  return ok;
}

/**
 * Whether a row of two pieces or more in `dir` from row k, in the same block of lines (no
 * paragraph's break, BLOCK_GAP, and no line of prose between: one long piece alone), has two
 * pieces under the long one. Another table's rows, a paragraph away, have other columns.
 */
function crossesNear(
  rows: readonly Line[][],
  k: number,
  long: Line,
  dir: -1 | 1,
  short: (f: Line) => boolean,
): boolean {
  for (let m = k + dir, n = 0; m >= 0 && m < rows.length && n < NEAR_ROWS; m += dir, n++) {
    const gap = dir < 0 ? leadGap(rows[m], rows[m - dir]) : leadGap(rows[m - dir], rows[m]);
    if (gap > BLOCK_GAP * long.size) return false;
    if (rows[m].length >= 2) {
      if (overlaps(long, rows[m]) >= 2) return true;
    } else if (!short(rows[m][0])) return false;
  }
  return false;
}

/** How many of the row's pieces share some of `f`'s width. */
function overlaps(f: Line, row: readonly Line[]): number {
  let n = 0;
  for (const g of row) if (g.x0 < f.x1 && f.x0 < g.x1) n++;
  return n;
}

/**
 * How many lines run on under the long piece of row k in its column (up to RUN_ON): each the
 * nearest line under the one before, starting at the piece's left edge (within EDGE) closer
 * than TOUCH below it; a line much narrower than the piece (FULL) ends the run after it.
 */
function runOn(rows: readonly Line[][], k: number, long: Line): number {
  const lines = stackedLines([long]);
  let f = lines[lines.length - 1];
  let m = k;
  let n = 0;
  while (n < RUN_ON) {
    const next = lineUnder(rows, m, f);
    if (!next) break;
    const [g, at] = next;
    if (Math.abs(g.x0 - long.x0) > EDGE * long.size || nominalTop(g) - nominalBottom(f) > TOUCH * long.size)
      break;
    n++;
    if (g.x1 - g.x0 < FULL * (long.x1 - long.x0)) break;
    f = g;
    m = at;
  }
  return n;
}

/** The nearest line under `f` that shares some of its width, from row k down, and its row. */
function lineUnder(rows: readonly Line[][], k: number, f: Line): [Line, number] | undefined {
  for (let m = k; m < rows.length && m - k <= NEAR_ROWS; m++) {
    let under: Line | undefined;
    for (const g of stackedLines(rows[m]))
      if (g.base > f.base && g.x0 < f.x1 && f.x0 < g.x1 && (!under || g.base < under.base)) under = g;
    if (under) return [under, m];
  }
  return undefined;
}

/**
 * Whether rows `from`..`to` (a block of rows, `ok` those that show cells) hold long pieces in
 * two columns, one not over the other, while some of them is a cell: a table's long cells are
 * one column's (its descriptions, beside short cells), where two columns of prose show long
 * lines on both sides (a line beside a paragraph's short last line on one row, two full lines
 * on the next). Those long cells' rows are then no longer ok, so the block is read again
 * without them, as it was before long cells were taken.
 */
export function longsInTwoColumns(
  rows: readonly Line[][],
  ok: boolean[],
  from: number,
  to: number,
  short: (f: Line) => boolean,
): boolean {
  // Two pieces lie apart where one starts right of where the other ends: the rightmost start
  // at or past the leftmost end.
  let cells = false;
  let x0 = Number.NEGATIVE_INFINITY;
  let x1 = Number.POSITIVE_INFINITY;
  for (let k = from; k <= to; k++)
    for (const g of rows[k])
      if (!short(g)) {
        cells ||= ok[k];
        x0 = Math.max(x0, g.x0);
        x1 = Math.min(x1, g.x1);
      }
  if (!cells || x0 < x1) return false;
  for (let k = from; k <= to; k++) if (ok[k] && !rows[k].every(short)) ok[k] = false;
  return true;
}
