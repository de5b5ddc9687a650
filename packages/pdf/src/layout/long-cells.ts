import { leadGap } from './leading.js';
import type { Line } from './lines.js';

/** Rows either side, at most, whose cells a long cell must not reach over. */
const NEAR_ROWS = 8;
/** A gap between lines (in text sizes) that ends a block of rows, as findTextTables ends one. */
const BLOCK_GAP = 2.2;
/** How close (in text sizes) a line right over or under a row is for both to be one block of text. */
const TOUCH = 0.5;

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
 *   under both parts.
 * A long cell's own lines, wrapped in its column, stay inside it.
 */
export function cellRows(rows: readonly Line[][], short: (f: Line) => boolean): boolean[] {
  const ok = rows.map((r) => cellsRow(r, short));
  for (let k = 0; k < rows.length; k++) {
    if (!ok[k]) continue;
    const long = rows[k].find((f) => !short(f));
    if (!long) continue;
    if (crossesNear(rows, k, long, -1, short) || crossesNear(rows, k, long, 1, short)) ok[k] = false;
    for (const m of [k - 1, k + 1]) {
      if (!ok[k] || m < 0 || m >= rows.length) continue;
      const gap = m < k ? leadGap(rows[m], rows[k]) : leadGap(rows[k], rows[m]);
      if (gap > TOUCH * rows[k][0].size) continue;
      for (const g of rows[m]) if (overlaps(g, rows[k]) >= 2) ok[k] = false;
    }
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
