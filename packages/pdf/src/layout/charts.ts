import type { Box, Rule, TextRun } from '../types.js';
import { Centres } from './centres.js';

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
 * legend. A chart's bars (filled rectangles, or rules when the bars are thin) stand side by
 * side on one axis line and end at different lengths, in the open, holding and crossing no
 * text; a table's borders end on other borders and its shading tiles whole rows or cells
 * around their text. Three bars or more of three lengths or more on one baseline (bottom edge
 * for columns, left edge for horizontal bars) make a chart.
 */
export function drawsChart(
  box: Box,
  rules: readonly Rule[],
  rects: readonly Box[],
  pageRuns: readonly TextRun[],
): boolean {
  const boxArea = (box.x1 - box.x0) * (box.y1 - box.y0);
  // Bounded work on hostile pages (thousands of fills over thousands of runs).
  if (boxArea <= 0 || rects.length * pageRuns.length > 20_000_000) return false;
  // Only text at the box (a label may sit just outside it) can touch its marks.
  const runs = pageRuns.filter(
    (r) => r.x1 >= box.x0 - 20 && r.x0 <= box.x1 + 20 && r.y1 >= box.y0 - 20 && r.y0 <= box.y1 + 20,
  );
  // A run's centre strictly inside the box (sorted centres: a page's marks are many).
  let centres: Centres | undefined;
  const holdsText = (b: Box) => {
    centres ??= new Centres(runs);
    return centres.inOpen(b.x0, b.y0, b.x1, b.y1);
  };
  // Bars keep clear of text (their labels sit beside them); lines through words are a
  // table's, or strokes a scan's shading left.
  const crossesText = (m: Box) =>
    runs.some((r) => m.x0 < r.x1 - 1 && m.x1 > r.x0 + 1 && m.y0 < r.y1 - 1 && m.y1 > r.y0 + 1);
  let marks: Box[] = [];
  for (const r of rules) if (inside(r, box) && !crossesText(r)) marks.push(r);
  for (const r of rects)
    if (inside(r, box) && (r.x1 - r.x0) * (r.y1 - r.y0) < 0.25 * boxArea && !holdsText(r)) marks.push(r);
  if (marks.length > 5000) return false;
  // Lines inside a textless fill are its texture (hatching, or stripes a scan's shading
  // leaves), not bars standing on their own.
  const fills = marks.filter((m) => m.x1 - m.x0 > TOL && m.y1 - m.y0 > TOL);
  const within = (m: Box, f: Box) =>
    m !== f && m.x0 >= f.x0 - TOL && m.x1 <= f.x1 + TOL && m.y0 >= f.y0 - TOL && m.y1 <= f.y1 + TOL;
  if (fills.length) marks = marks.filter((m) => !fills.some((f) => within(m, f)));
  if (marks.length < 3) return false;
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
      // Bars stand apart: marks closer than a few points across are one bar's edges, or
      // noise read off a scan's shading.
      const across = (m: Box) => (upright ? m.x0 : m.y0);
      const opened = list.filter(open).sort((a, b) => across(a) - across(b));
      const free: Box[] = [];
      for (const m of opened)
        if (!free.length || across(m) - across(free[free.length - 1]) > 2.5) free.push(m);
      // Marks packed a point or two apart are hatching or scan noise, not a row of bars, and
      // bars stand side by side without overlapping.
      if (free.length < 3 || free.length < 0.67 * opened.length) continue;
      const far = (m: Box) => (upright ? m.x1 : m.y1);
      if (free.some((m, k) => k > 0 && across(m) < far(free[k - 1]) - TOL)) continue;
      // An axis: one line along the baseline under all of them.
      const lo = Math.min(...free.map(across));
      const hi = Math.max(...free.map((m) => (upright ? m.x1 : m.y1)));
      const at = base(free[0]);
      const axis = (upright ? hs : vs).some((l) =>
        upright
          ? Math.abs(l.y0 - at) <= TOL && l.x0 <= lo + TOL && l.x1 >= hi - TOL
          : Math.abs(l.x0 - at) <= TOL && l.y0 <= lo + TOL && l.y1 >= hi - TOL,
      );
      if (axis && distinct(free.map(end), TOL) >= 3) return true;
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
