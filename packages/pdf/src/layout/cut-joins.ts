import { changedRun } from '../run-shape.js';
import type { TextRun } from '../types.js';
import type { Gutter } from './gutters.js';
import { HAS_LETTER } from './letter-tests.js';

/**
 * Gaps the fast reader read as spaces inside a run: flat triples of the space's offset in the
 * run's text and the gap's x0 and x1. Kept beside the runs, not on them: a field on every run
 * gave the runs made in layout (without it) another hidden class: 1127 M instructions on 15
 * dpbench pages against 1033 M with this map (943 M without joins at all).
 */
export const runJoins = new WeakMap<TextRun, number[]>();

/** How far a join's end and another line's run may be apart and still share an edge, in points. */
const EDGE = 1;
/** Lines either side, in text sizes, whose runs can show a column's edge. */
const NEAR = 8;
/** Other lines that must start a run at the join's end. */
const LINES = 2;
/** The gap, in text sizes, the reader joins with a space at most (interpreter.ts): wider ends an item. */
const JOINED = 0.6;

/**
 * A borderless table set with little room between its cells (a browser's own table style: 2px
 * cell spacing, 1px padding, about 0.3 em) has neighbouring cells read as one run joined by a
 * space, as pdf.js joins any gap under 0.6 em ("Drain clearing (sink/tub) $125–$300"). Such a
 * join is cut where the text after it starts where runs of two other lines nearby start, each
 * after a gap wider than the reader joins: a column's left edge that other rows show. A run
 * inside a line of prose starts after a word space (a change of font) or at the line's start,
 * neither of which is such an edge. Such cells are closer than the gap that parts a line's
 * fragments, so each cut also gives the edge as a gutter over the lines that show it, for the
 * borderless-table finder to part rows there.
 */
export function cutJoins(runs: readonly TextRun[]): { runs: readonly TextRun[]; edges: Gutter[] } {
  const edgesOut: Gutter[] = [];
  let any = false;
  for (const r of runs)
    if (runJoins.has(r)) {
      any = true;
      break;
    }
  if (!any) return { runs, edges: edgesOut };
  // Runs that start after a gap on their line wider than the reader joins, by x, for a binary
  // search per join: the only runs that can show a column's edge. A page of prose has few.
  const edges = wideGapStarts(runs);
  if (edges.length < LINES) return { runs, edges: edgesOut };
  const out: TextRun[] = [];
  for (const r of runs) {
    const j = r.rotated ? undefined : runJoins.get(r);
    if (!j || !cutsAny(edges, r, j) || crossesEdge(edges, r, j)) {
      out.push(r);
      continue;
    }
    let rest = r;
    let cutAt = 0;
    for (let k = 0; k < j.length; k += 3) {
      const span = sharedEdge(edges, r, j[k + 2]);
      if (!span) continue;
      const off = j[k] - cutAt;
      // The space stays with the text before it, for a line that takes both pieces again.
      const left = rest.text.slice(0, off + 1);
      const right = rest.text.slice(off + 1);
      if (!left.trim() || !right.trim()) continue;
      // Literals of the runs' own shape (run-shape.ts): a spread's other hidden class made the
      // layout's property loads megamorphic for every page after the first cut.
      out.push(changedRun(rest, { text: left, x1: j[k + 1] }));
      rest = changedRun(rest, { text: right, x0: j[k + 2] });
      cutAt = j[k] + 1;
      // Just left of the edge, past what a run starting on it (within EDGE) covers.
      const x = Math.max((j[k + 1] + j[k + 2]) / 2, j[k + 2] - EDGE - 0.05);
      edgesOut.push({ x, y0: span[0], y1: span[1] });
    }
    out.push(rest === r ? r : rest);
  }
  return { runs: out, edges: edgesOut };
}

/** Whether any of the run's joins ends on a column's edge. */
function cutsAny(edges: readonly TextRun[], r: TextRun, j: readonly number[]): boolean {
  for (let k = 0; k < j.length; k += 3) if (sharedEdge(edges, r, j[k + 2])) return true;
  return false;
}

/**
 * Whether a column that other lines show starts inside the run where it has no join (flush
 * right figures count here): a line of prose under a table, one of whose words happens to
 * start where a column does ("Staff are counted in full-time posts | at the end of the
 * year."), crosses the table's other columns; a row of cells the reader joined crosses none
 * but at its joins.
 */
function crossesEdge(edges: readonly TextRun[], r: TextRun, j: readonly number[]): boolean {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid].x0 <= r.x0 + EDGE) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < edges.length && edges[i].x0 < r.x1 - EDGE; i++) {
    const x = edges[i].x0;
    let joined = false;
    for (let k = 0; k < j.length && !joined; k += 3) joined = Math.abs(j[k + 2] - x) <= EDGE;
    if (!joined && sharedEdge(edges, r, x, false)) return true;
  }
  return false;
}

/**
 * Whether runs of LINES other lines near `r` start within EDGE of `x` and, for a left edge
 * to cut at, do not all end together too (figures of one width set flush right start
 * together by chance): the top and bottom of those lines and `r`'s if so.
 */
function sharedEdge(
  edges: readonly TextRun[],
  r: TextRun,
  x: number,
  leftEdge = true,
): [number, number] | undefined {
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
  let endLo = Number.POSITIVE_INFINITY;
  let endHi = Number.NEGATIVE_INFINITY;
  let words = false;
  for (let i = lo; i < edges.length && edges[i].x0 <= x + EDGE; i++) {
    const e = edges[i];
    const d = Math.abs(e.base - r.base);
    if (d < 0.5 * r.size || d > NEAR * r.size) continue;
    y0 = Math.min(y0, e.y0);
    y1 = Math.max(y1, e.y1);
    endLo = Math.min(endLo, e.x1);
    endHi = Math.max(endHi, e.x1);
    words ||= HAS_LETTER.test(e.text);
    if (!bases.some((b) => Math.abs(b - e.base) < 0.5 * r.size)) bases.push(e.base);
  }
  // Runs that end together as well as start together are figures of one width set flush right
  // only when they are figures: cells of words ending together are chance ("Tankless systems
  // permit" over "Depth, digging, material", a browser-default table).
  return bases.length >= LINES && (!leftEdge || words || endHi - endLo > EDGE) ? [y0, y1] : undefined;
}

/** Upright runs with a run before them on their line ending further off than the reader joins, by x. */
function wideGapStarts(runs: readonly TextRun[]): TextRun[] {
  const upright = runs.filter((r) => !r.rotated).sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const out: TextRun[] = [];
  let lineBase = Number.NEGATIVE_INFINITY;
  let reach = Number.NEGATIVE_INFINITY;
  for (const r of upright) {
    if (r.base - lineBase > 0.5 * r.size) {
      lineBase = r.base;
      reach = r.x1;
      continue;
    }
    if (r.x0 - reach > JOINED * r.size) out.push(r);
    reach = Math.max(reach, r.x1);
  }
  return out.sort((a, b) => a.x0 - b.x0);
}
