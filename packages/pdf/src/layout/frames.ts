import { settleFieldKinds } from '../shapes.js';
import type { Box, TextRun } from '../types.js';
import { Centres } from './centres.js';
import { type FoundTable, plausibleTable, runsText, type TableCellOut } from './tables.js';

const TOL = 2;

// Rows of framed cells have double fields from the start (shapes.ts).
settleFieldKinds({ y0: 0.5, y1: 0.5, cols: new Set<number>() });

const centreIn = (r: TextRun, b: Box, pad = 0) => {
  const cx = (r.x0 + r.x1) / 2;
  const cy = (r.y0 + r.y1) / 2;
  return cx >= b.x0 - pad && cx <= b.x1 + pad && cy >= b.y0 - pad && cy <= b.y1 + pad;
};

/**
 * Tables whose grid is a picture (or not drawn at all) while each cell's text sits in its
 * own filled text frame, as slides exported from presentation software set them: frames
 * sharing both side edges stack into columns, and frames of different columns that overlap
 * vertically make a row. Columns are the frames' x-ranges, rows the union of their frames'
 * y-ranges; runs are placed by their centre. Asks for three rows and two columns at least,
 * and most rows holding frames in two columns or more, so stacked text boxes of a plain
 * two-column slide stay text.
 */
export function findFrameTables(
  runs: readonly TextRun[],
  rects: readonly Box[],
  taken: Set<number>,
): FoundTable[] {
  // Bounded work on hostile pages (thousands of boxes over thousands of runs).
  if (rects.length < 6 || rects.length * runs.length > 20_000_000) return [];
  // Frames are boxes of text size that hold text: fewer than six such boxes make no table, so
  // most pages stop here before any run is looked at.
  const sized = rects.filter((b) => b.x1 - b.x0 > 10 && b.y1 - b.y0 > 4);
  if (sized.length < 6) return [];
  // A free run's centre within 1 pt of the box (centreIn(r, b, 1) over the runs not taken).
  const free = new Centres(runs, (i) => !taken.has(i) && !runs[i].rotated);
  const frames = sized.filter((b) => free.inClosed(b.x0 - 1, b.y0 - 1, b.x1 + 1, b.y1 + 1));
  if (frames.length < 6 || frames.length > 2000) return [];
  // Columns: frames with the same left and right edges.
  const cols: Box[][] = [];
  for (const f of frames.slice().sort((a, b) => a.x0 - b.x0 || a.y0 - b.y0)) {
    const col = cols.find((c) => Math.abs(c[0].x0 - f.x0) <= TOL && Math.abs(c[0].x1 - f.x1) <= TOL);
    if (col) col.push(f);
    else cols.push([f]);
  }
  const columns = cols
    .filter((c) => c.length >= 3)
    .sort((a, b) => a[0].x0 - b[0].x0)
    // Columns of one table do not overlap sideways.
    .filter((c, i, all) => i === 0 || c[0].x0 >= all[i - 1][0].x1 - TOL);
  if (columns.length < 2) return [];
  // Frames sit apart, each padded round its text; rectangles that tile a row edge to edge
  // are cell shading, which the ruled pass reads with the drawn lines.
  if (columns.some((c, i) => i > 0 && c[0].x0 - columns[i - 1][0].x1 < 4)) return [];
  // Rows: frames of all columns chained by vertical overlap.
  const all = columns
    .flatMap((c, ci) => c.map((f) => ({ f, ci })))
    .sort((a, b) => a.f.y0 - b.f.y0 || a.ci - b.ci);
  const rows: { y0: number; y1: number; cols: Set<number> }[] = [];
  for (const { f, ci } of all) {
    const last = rows[rows.length - 1];
    if (last && f.y0 < last.y1 - TOL) {
      last.y1 = Math.max(last.y1, f.y1);
      last.cols.add(ci);
    } else rows.push({ y0: f.y0, y1: f.y1, cols: new Set([ci]) });
  }
  if (rows.length < 3) return [];
  if (rows.filter((r) => r.cols.size >= 2).length < 0.8 * rows.length) return [];
  const box: Box = {
    x0: columns[0][0].x0,
    x1: columns[columns.length - 1][0].x1,
    y0: rows[0].y0,
    y1: rows[rows.length - 1].y1,
  };
  const inside: number[] = [];
  runs.forEach((r, i) => {
    if (!taken.has(i) && !r.rotated && centreIn(r, box, 1)) inside.push(i);
  });
  const cellRuns: TextRun[][][] = rows.map(() => columns.map(() => []));
  let stray = 0;
  for (const i of inside) {
    const r = runs[i];
    const cx = (r.x0 + r.x1) / 2;
    const cy = (r.y0 + r.y1) / 2;
    const ci = columns.findIndex((c) => cx >= c[0].x0 - TOL && cx <= c[0].x1 + TOL);
    let ri = rows.findIndex((row) => cy <= row.y1 + TOL);
    if (ri < 0) ri = rows.length - 1;
    if (ci < 0) stray++;
    else cellRuns[ri][ci].push(r);
  }
  // Text between the columns means the frames were not a grid after all.
  if (stray > 0.1 * inside.length) return [];
  const grid: TableCellOut[][] = cellRuns.map((row) => row.map((cell) => ({ text: runsText(cell) })));
  if (!plausibleTable(grid)) return [];
  for (const i of inside) taken.add(i);
  return [{ box, rows: grid, ruled: true, runs: new Set(inside) }];
}
