import type { Box, Rule, TextRun } from '../types.js';

/** Points two edges may differ by and still be one edge. */
const TOL = 1.5;

/** Distinct values, `tol` apart. */
function distinct(values: number[], tol: number): number {
  const s = values.slice().sort((a, b) => a - b);
  let n = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const v of s) {
    if (v - last > tol) n++;
    last = v;
  }
  return n;
}

const inside = (b: Box, box: Box) =>
  b.x0 >= box.x0 - TOL && b.x1 <= box.x1 + TOL && b.y0 >= box.y0 - TOL && b.y1 <= box.y1 + TOL;

/**
 * Whether the lines and fills inside `box` draw a chart rather than a table's grid: bars, or a
 * legend. A
 * chart's bars (filled rectangles, or rules when the bars are thin) stand on one baseline and
 * end at different heights, in the open, holding no text; a table's cell borders end on other
 * borders and its shading tiles whole rows or cells around their text. Three bars or more of
 * three lengths or more, on one baseline (bottom edge for columns, left edge for horizontal
 * bars), with ends that no other line meets, make a chart.
 */
export function drawsChart(
  box: Box,
  rules: readonly Rule[],
  rects: readonly Box[],
  runs: readonly TextRun[],
): boolean {
  const boxArea = (box.x1 - box.x0) * (box.y1 - box.y0);
  // Bounded work on hostile pages (thousands of fills over thousands of runs).
  if (boxArea <= 0 || rects.length * runs.length > 20_000_000) return false;
  const holdsText = (b: Box) =>
    runs.some((r) => {
      const cx = (r.x0 + r.x1) / 2;
      const cy = (r.y0 + r.y1) / 2;
      return cx > b.x0 && cx < b.x1 && cy > b.y0 && cy < b.y1;
    });
  const marks: Box[] = [];
  for (const r of rules) if (inside(r, box)) marks.push(r);
  for (const r of rects)
    if (inside(r, box) && (r.x1 - r.x0) * (r.y1 - r.y0) < 0.25 * boxArea && !holdsText(r)) marks.push(r);
  if (marks.length < 3 || marks.length > 5000) return false;
  const hs = rules.filter((r) => r.y0 === r.y1);
  const vs = rules.filter((r) => r.x0 === r.x1);
  // An end is open when no other line or fill edge passes through it.
  const openTop = (m: Box) =>
    !hs.some((h) => h !== m && Math.abs(h.y0 - m.y0) <= TOL && h.x0 <= m.x1 + TOL && h.x1 >= m.x0 - TOL) &&
    !marks.some(
      (o) => o !== m && o.y1 - o.y0 > TOL && Math.abs(o.y1 - m.y0) <= TOL && o.x0 < m.x1 && o.x1 > m.x0,
    );
  const openRight = (m: Box) =>
    !vs.some((v) => v !== m && Math.abs(v.x0 - m.x1) <= TOL && v.y0 <= m.y1 + TOL && v.y1 >= m.y0 - TOL) &&
    !marks.some(
      (o) => o !== m && o.x1 - o.x0 > TOL && Math.abs(o.x0 - m.x1) <= TOL && o.y0 < m.y1 && o.y1 > m.y0,
    );
  const bars = (
    upright: boolean,
    base: (m: Box) => number,
    end: (m: Box) => number,
    open: (m: Box) => boolean,
  ) => {
    // Short bars are wider than tall: any fill counts, but only rules across the baseline.
    const cands = marks.filter((m) => (upright ? m.y1 - m.y0 > TOL : m.x1 - m.x0 > TOL));
    // Marks on one baseline: sorted by it, split where it moves.
    const groups: Box[][] = [];
    for (const m of cands.sort((a, b) => base(a) - base(b))) {
      const last = groups[groups.length - 1];
      if (last && base(m) - base(last[last.length - 1]) <= TOL) last.push(m);
      else groups.push([m]);
    }
    for (const list of groups) {
      if (list.length < 3) continue;
      const free = list.filter(open);
      if (free.length >= 3 && distinct(free.map(end), TOL) >= 3) return true;
    }
    return false;
  };
  return (
    legendSwatches(box, rects, runs) ||
    bars(
      true,
      (m) => m.y1,
      (m) => m.y0,
      openTop,
    ) ||
    bars(
      false,
      (m) => m.x0,
      (m) => m.x1,
      openRight,
    )
  );
}

/**
 * A chart's legend: two or more small filled squares holding no text, each with its label
 * just to its right. Table cells are at least a line of text high; a swatch is smaller.
 */
function legendSwatches(box: Box, rects: readonly Box[], runs: readonly TextRun[]): boolean {
  let n = 0;
  for (const r of rects) {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    if (w > 12 || h > 12 || w < 2 || h < 2 || w > 2 * h || h > 2 * w || !inside(r, box)) continue;
    const cy = (r.y0 + r.y1) / 2;
    const label = runs.some(
      (t) =>
        t.x0 >= r.x1 - 0.5 &&
        t.x0 <= r.x1 + Math.max(3 * h, t.size) &&
        t.y0 <= cy + t.size * 0.5 &&
        t.y1 >= cy - t.size * 0.5 &&
        t.text.trim() !== '',
    );
    const covers = runs.some((t) => {
      const x = (t.x0 + t.x1) / 2;
      const y = (t.y0 + t.y1) / 2;
      return x > r.x0 && x < r.x1 && y > r.y0 && y < r.y1;
    });
    if (label && !covers && ++n >= 2) return true;
  }
  return false;
}
