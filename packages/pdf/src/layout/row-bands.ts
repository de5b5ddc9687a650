import type { Box, Rule, TextRun } from '../types.js';

/**
 * Fills that shade a table's rows rather than draw its cells: bands across the table behind
 * single rows (zebra stripes, a coloured header band with white text), painted whole or cell
 * by cell side by side, each holding text in two columns or more, with no line drawn down
 * through it and a bare row of text between it and the next fill. Their edges are no grid:
 * shaded rows alternate with bare ones, so a grid built from them cuts the table at the first
 * band and leaves the rows above it (the header, a first body row) and rows past a taller
 * bare row outside. Left out of the fill grids, the table is read whole by the passes that
 * follow its text's columns. The bands of one table (fills of the same width down the page)
 * go together: where any two of them stand close (every row shaded, stripes two rows deep,
 * shaded rows parted by white rules), the fills draw the rows and all stay for the grid.
 */
export function rowBands(rects: readonly Box[], runs: readonly TextRun[], rules: readonly Rule[]): Set<Box> {
  const out = new Set<Box>();
  // Bounded work on hostile pages (thousands of fills).
  if (rects.length > 400) return out;
  const bands = bandsOf(rects).map((chain) => {
    const box = { x0: chain[0].x0, y0: chain[0].y0, x1: chain[chain.length - 1].x1, y1: chain[0].y1 };
    return { chain, box, band: isBand(chain, box, rects, runs, rules) };
  });
  for (const b of bands) {
    if (!b.band) continue;
    const sameWidth = bands.filter(
      (o) => Math.abs(o.box.x0 - b.box.x0) < 4 && Math.abs(o.box.x1 - b.box.x1) < 4,
    );
    if (sameWidth.every((o) => o.band)) for (const c of b.chain) out.add(c);
  }
  return out;
}

function isBand(
  chain: Box[],
  r: Box,
  rects: readonly Box[],
  runs: readonly TextRun[],
  rules: readonly Rule[],
): boolean {
  const w = r.x1 - r.x0;
  const h = r.y1 - r.y0;
  if (h < 4 || w < 3 * h) return false;
  const inside = runs.filter((t) => {
    const cx = (t.x0 + t.x1) / 2;
    const cy = (t.y0 + t.y1) / 2;
    return !t.rotated && /\S/.test(t.text) && cx > r.x0 && cx < r.x1 && cy > r.y0 && cy < r.y1;
  });
  if (inside.length < 2) return false;
  const size = Math.max(...inside.map((t) => t.size));
  // One row: a few lines at most (a cell wrapped over several), never a block of prose.
  if (h > 5 * 1.4 * size || !columnGap(inside)) return false;
  const down = rules.some(
    (l) => l.x0 === l.x1 && l.x0 > r.x0 + 2 && l.x0 < r.x1 - 2 && l.y0 < r.y1 - 1 && l.y1 > r.y0 + 1,
  );
  if (down) return false;
  // No other fill at either end, nor nearer above or below than a bare row of text would stand.
  const near = 0.8 * size;
  return !rects.some(
    (o) =>
      !chain.includes(o) && o.x0 < r.x1 + 1 && o.x1 > r.x0 - 1 && o.y0 < r.y1 + near && o.y1 > r.y0 - near,
  );
}

/** Fills of the same top and bottom set edge to edge across the page, left to right. */
function bandsOf(rects: readonly Box[]): Box[][] {
  const sorted = rects.slice().sort((a, b) => a.y0 - b.y0 || a.y1 - b.y1 || a.x0 - b.x0);
  const out: Box[][] = [];
  let cur: Box[] = [];
  for (const r of sorted) {
    const last = cur[cur.length - 1];
    if (
      last &&
      Math.abs(last.y0 - r.y0) < 0.5 &&
      Math.abs(last.y1 - r.y1) < 0.5 &&
      Math.abs(r.x0 - last.x1) < 1
    )
      cur.push(r);
    else {
      if (cur.length) out.push(cur);
      cur = [r];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Whether runs on one line stand apart by a column's gap (more than a word space). */
function columnGap(runs: TextRun[]): boolean {
  const sorted = runs.slice().sort((a, b) => a.base - b.base || a.x0 - b.x0);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (Math.abs(a.base - b.base) > 0.3 * a.size) continue;
    if (b.x0 - a.x1 > 0.8 * Math.max(a.size, b.size)) return true;
  }
  return false;
}

/**
 * The top edges of row bands that open a table ruled below them: a header band over rows
 * parted by rules of the band's width. The band stands where the table's top rule would, so
 * the rows between it and the first rule (the header, a first body row) belong to the table.
 */
export function bandTopRules(bands: ReadonlySet<Box>, rules: readonly Rule[]): Rule[] {
  const out: Rule[] = [];
  for (const chain of bandsOf([...bands])) {
    const x0 = chain[0].x0;
    const x1 = chain[chain.length - 1].x1;
    const y = chain[0].y0;
    // A rule across the band's width below it, drawn whole or cell by cell.
    const below = rules.filter((l) => l.y0 === l.y1 && l.y0 > y && l.y0 - y < 250);
    const ruledBelow = below.some(
      (l) =>
        Math.abs(l.x0 - x0) < 15 && below.some((m) => Math.abs(m.y0 - l.y0) <= 1 && Math.abs(m.x1 - x1) < 15),
    );
    if (ruledBelow) out.push({ x0, x1, y0: y, y1: y });
  }
  return out;
}
