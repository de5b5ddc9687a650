import type { TextRun } from '../types.js';
import type { Gutter } from './gutters.js';

/** How far a join's end and another line's run may be apart and still share an edge, in points. */
const EDGE = 1;
/** Lines either side, in text sizes, whose runs can show a column's edge. */
const NEAR = 8;
/** Other lines that must start a run at the join's end. */
const LINES = 2;

/**
 * A borderless table set with little room between its cells (a browser's own table style: 2px
 * cell spacing, 1px padding, about 0.3 em) has neighbouring cells read as one run joined by a
 * space, as pdf.js joins any gap under 0.6 em ("Drain clearing (sink/tub) $125–$300"). Such a
 * join is cut where the text after it starts where runs of two other lines nearby start: a
 * column's left edge that other rows show. Lines of prose start at their column's margin, so a
 * word inside one never lines up with the start of other runs twice. Such cells are closer than
 * the gap that parts a line's fragments, so each cut also gives the edge as a gutter over the
 * lines that show it, for the borderless-table finder to part rows there.
 */
export function cutJoins(runs: readonly TextRun[]): { runs: readonly TextRun[]; edges: Gutter[] } {
  const edgesOut: Gutter[] = [];
  let any = false;
  for (const r of runs) if (r.joins) any = true;
  if (!any) return { runs, edges: edgesOut };
  // Left edges of upright runs, by x, for a binary search per join.
  const edges = runs.filter((r) => !r.rotated).sort((a, b) => a.x0 - b.x0);
  const out: TextRun[] = [];
  for (const r of runs) {
    if (!r.joins || r.rotated) {
      out.push(r);
      continue;
    }
    let rest = r;
    let cutAt = 0;
    const j = r.joins;
    for (let k = 0; k < j.length; k += 3) {
      const span = sharedEdge(edges, r, j[k + 2]);
      if (!span) continue;
      const off = j[k] - cutAt;
      const left = rest.text.slice(0, off).trimEnd();
      const right = rest.text.slice(off + 1);
      if (!left.trim() || !right.trim()) continue;
      out.push({ ...rest, text: left, x1: j[k + 1], joins: undefined });
      rest = { ...rest, text: right, x0: j[k + 2], joins: undefined };
      cutAt = j[k] + 1;
      // Just left of the edge, past what a run starting on it (within EDGE) covers.
      const x = Math.max((j[k + 1] + j[k + 2]) / 2, j[k + 2] - EDGE - 0.05);
      edgesOut.push({ x, y0: span[0], y1: span[1] });
    }
    out.push(rest === r ? r : rest);
  }
  return { runs: out, edges: edgesOut };
}

/**
 * Whether runs of LINES other lines near `r` start within EDGE of `x`: the top and bottom of
 * those lines and `r`'s if so.
 */
function sharedEdge(edges: readonly TextRun[], r: TextRun, x: number): [number, number] | undefined {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid].x0 < x - EDGE) lo = mid + 1;
    else hi = mid;
  }
  const bases: number[] = [];
  let y0 = r.y0;
  let y1 = r.y1;
  for (let i = lo; i < edges.length && edges[i].x0 <= x + EDGE; i++) {
    const e = edges[i];
    const d = Math.abs(e.base - r.base);
    if (d < 0.5 * r.size || d > NEAR * r.size) continue;
    y0 = Math.min(y0, e.y0);
    y1 = Math.max(y1, e.y1);
    if (!bases.some((b) => Math.abs(b - e.base) < 0.5 * r.size)) bases.push(e.base);
  }
  return bases.length >= LINES ? [y0, y1] : undefined;
}
