import type { Box, TextRun } from '../types.js';
import { type FoundTable, runsText } from './tables.js';

/**
 * The bare header over zebra stripes painted cell by cell. A header set flush right over
 * figure columns stands a cell's padding from its neighbour (a few points, less than the
 * text reading takes for a column gap), so the text pass reads the striped body and leaves
 * the header line above it as prose or a heading. The stripes' cell edges give the columns
 * exactly: the line just above the table is its header row when every run of it sits inside
 * one of those columns, two columns at least (a caption spans them, or fills only one).
 */

/** Fills of one stripe: same top and bottom, left to right. */
function stripeRows(fills: Iterable<Box>): Box[][] {
  const rows: Box[][] = [];
  for (const f of fills) {
    const row = rows.find((r) => Math.abs(r[0].y0 - f.y0) < 0.5 && Math.abs(r[0].y1 - f.y1) < 0.5);
    if (row) row.push(f);
    else rows.push([f]);
  }
  for (const r of rows) r.sort((a, b) => a.x0 - b.x0);
  return rows;
}

const sameEdges = (a: Box[], b: Box[]) =>
  a.length === b.length && a.every((c, i) => Math.abs(c.x0 - b[i].x0) < 1 && Math.abs(c.x1 - b[i].x1) < 1);

/** The table with the line above it as its first row, or the table as it is. */
export function headOverStripes(
  table: FoundTable,
  stripes: ReadonlySet<Box>,
  runs: readonly TextRun[],
  taken: ReadonlySet<number>,
): FoundTable {
  const box = table.box;
  const width = Math.max(...table.rows.map((r) => r.reduce((n, c) => n + (c.colSpan ?? 1), 0)));
  // This table's stripes: rows of cells across it, lying within it, all with the same edges.
  const own = stripeRows(stripes).filter((r) => {
    const cy = (r[0].y0 + r[0].y1) / 2;
    return r[0].x0 <= box.x0 + 1 && r[r.length - 1].x1 >= box.x1 - 1 && cy > box.y0 && cy < box.y1;
  });
  if (own.length < 2 || own[0].length !== width || width < 2) return table;
  if (!own.every((r) => sameEdges(r, own[0]))) return table;
  const cols = own[0];
  const left = cols[0].x0;
  const right = cols[cols.length - 1].x1;
  // The line just above the table: free runs whose bottom lies above its top, the nearest.
  const free = runs
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => !taken.has(i) && !table.runs.has(i) && !t.rotated && /\S/.test(t.text));
  const above = free.filter(({ t }) => t.y1 <= box.y0 + 1 && t.x1 > left && t.x0 < right);
  if (!above.length) return table;
  const base = Math.max(...above.map(({ t }) => t.base));
  const line = free.filter(({ t }) => Math.abs(t.base - base) < 0.3 * t.size);
  const size = Math.max(...line.map(({ t }) => t.size));
  // Within a row's pitch of the table: a bare row stands no further off than a stripe is tall.
  const pitch = Math.max(cols[0].y1 - cols[0].y0, 1.5 * size);
  if (box.y0 - Math.max(...line.map(({ t }) => t.y1)) > pitch) return table;
  // Every run inside one column, nothing of the line outside the stripes.
  const colOf = (t: TextRun) => cols.findIndex((c) => t.x0 >= c.x0 - 1 && t.x1 <= c.x1 + 1);
  const at = line.map(({ t }) => colOf(t));
  if (at.some((k) => k < 0) || new Set(at).size < 2) return table;
  const head = cols.map((_, k) => ({
    text: runsText(line.filter((_, j) => at[j] === k).map(({ t }) => t)),
  }));
  const y0 = Math.min(...line.map(({ t }) => t.y0));
  return {
    ...table,
    box: { ...box, y0: Math.min(box.y0, y0) },
    rows: [head, ...table.rows],
    runs: new Set([...table.runs, ...line.map(({ i }) => i)]),
  };
}
