import { settleFieldKinds } from '../shapes.js';
import type { TextRun } from '../types.js';

/** A narrow vertical channel between two columns of text: split lines that cross it. */
export interface Gutter {
  x: number;
  y0: number;
  y1: number;
}

// Gutters and their candidates have double fields from the start (shapes.ts).
settleFieldKinds({ x: 0.5, y0: 0.5, y1: 0.5, support: 0.5 }, { x: 0.5, y0: 0.5, y1: 0.5 } satisfies Gutter);

/** Rows of one region in a row: fewer and a gap could be chance (justified word spacing). */
const MIN_ROWS = 6;
/** Gaps of one line (at least this many, each wider than a word space)... */
const JUSTIFIED_GAPS = 4;
/** ...all of one width within this share of the font size are a justified line's word spaces. */
const EVEN_GAP = 0.05;

/**
 * Column gutters narrower than the gap that separates line fragments (a font size): an x
 * that falls in a gap between runs on at least six consecutive text rows, with no run crossing
 * it in between. Word gaps of justified text move from row to row; a gutter stays.
 * `page`: the runs are a page's (or its free text), not one table's.
 */
export function findGutters(runs: readonly TextRun[], page = false): Gutter[] {
  const upright = runs.filter((r) => !r.rotated && r.text.trim() !== '');
  if (upright.length < 2 * MIN_ROWS || upright.length > 50_000) return [];
  upright.sort((a, b) => a.base - b.base || a.x0 - b.x0);
  // Loops are indexed and gaps read by index, not destructured: a cold run tests every page in
  // the interpreter, where an iterator costs calls per element.
  const rows: TextRun[][] = [];
  for (let k = 0; k < upright.length; k++) {
    const r = upright[k];
    const last = rows[rows.length - 1];
    if (last && Math.abs(last[0].base - r.base) <= 0.3 * Math.max(last[0].size, r.size)) last.push(r);
    else rows.push([r]);
  }
  if (rows.length < MIN_ROWS) return [];
  // Gaps of each row, between neighbours sorted by x (overlaps closed).
  const rowGaps = rows.map((row) => {
    row.sort((a, b) => a.x0 - b.x0);
    const gaps: [number, number][] = [];
    let reach = row[0].x1;
    for (let i = 1; i < row.length; i++) {
      const size = Math.min(row[i].size, row[i - 1].size);
      if (row[i].x0 - reach > 0.4 * size) gaps.push([reach, row[i].x0]);
      reach = Math.max(reach, row[i].x1);
    }
    return gaps;
  });
  // On a page, a justified line set word by word leaves its word spaces as gaps of one width; a
  // channel through one of them is chance, and the line breaks it as a run would. (Within a
  // table's runs, even gaps are cells of one width.)
  const justified = rows.map((row, i) => {
    const gaps = rowGaps[i];
    if (!page || gaps.length < JUSTIFIED_GAPS) return false;
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < gaps.length; k++) {
      const w = gaps[k][1] - gaps[k][0];
      lo = Math.min(lo, w);
      hi = Math.max(hi, w);
    }
    return hi - lo <= EVEN_GAP * row[0].size;
  });
  const cands = candidateXs(rowGaps);
  if (cands.length === 0 || cands.length > 2000) return [];
  // Per row and candidate: 2 when a run crosses the candidate, 1 when it falls in one of the
  // row's gaps, 0 otherwise, marked from the runs and gaps (sorted candidates, binary search)
  // rather than testing every run of every row for every candidate.
  const nC = cands.length;
  const state = nC * rows.length <= 4_000_000 ? new Uint8Array(nC * rows.length) : undefined;
  if (state)
    for (let i = 0; i < rows.length; i++) {
      const base = i * nC;
      const gaps = rowGaps[i];
      for (let k = 0; k < gaps.length; k++) {
        const g0 = gaps[k][0];
        const g1 = gaps[k][1];
        for (let c = firstAtLeast(cands, g0); c < nC && cands[c] <= g1; c++)
          if (cands[c] >= g0) state[base + c] = 1;
      }
      const row = rows[i];
      for (let k = 0; k < row.length; k++) {
        const r = row[k];
        for (let c = firstAtLeast(cands, r.x0); c < nC && cands[c] < r.x1; c++)
          if (cands[c] > r.x0) state[base + c] = 2;
      }
      if (justified[i]) {
        const x0 = row[0].x0;
        const x1 = reachOf(row);
        for (let c = firstAtLeast(cands, x0); c < nC && cands[c] < x1; c++)
          if (cands[c] > x0) state[base + c] = 2;
      }
    }
  const stateAt = (i: number, ci: number, x: number): number => {
    if (state) return state[i * nC + ci];
    if (rows[i].some((r) => r.x0 < x && r.x1 > x)) return 2;
    if (justified[i] && x > rows[i][0].x0 && x < reachOf(rows[i])) return 2;
    return rowGaps[i].some((g) => g[0] <= x && g[1] >= x) ? 1 : 0;
  };
  const found: (Gutter & { support: number })[] = [];
  for (let ci = 0; ci < nC; ci++) {
    const x = cands[ci];
    let start = -1;
    let last = -1;
    let support = 0;
    const close = () => {
      if (support >= MIN_ROWS)
        found.push({
          x: channelMid(x, rowGaps, start, last),
          y0: rowTop(rows[start]),
          y1: rowBottom(rows[last]),
          support,
        });
      start = -1;
      support = 0;
    };
    for (let i = 0; i < rows.length; i++) {
      const st = stateAt(i, ci, x);
      if (st === 2) {
        close();
        continue;
      }
      // Rows with text on one side only (a short line, a heading) neither support nor break.
      if (st === 0) continue;
      if (start < 0) start = i;
      last = i;
      support++;
    }
    close();
  }
  // Neighbouring buckets of one channel find it again: keep the best supported.
  found.sort((a, b) => b.support - a.support || a.x - b.x);
  const out: Gutter[] = [];
  for (const g of found)
    if (!out.some((o) => Math.abs(o.x - g.x) < 3 && o.y0 < g.y1 && g.y0 < o.y1))
      out.push({ x: g.x, y0: g.y0, y1: g.y1 });
  return out;
}

/** Past this span of x (points) candidates are counted in a Map rather than an array. */
const MAX_COUNT_SPAN = 100_000;

/**
 * Candidate x positions, ascending: 1-point buckets that fall in a gap on enough rows (at most
 * 200 buckets a gap). Counted in an array over the gaps' span: a Map entry per bucket and gap
 * was most of findGutters' cost on a page of two columns.
 */
function candidateXs(rowGaps: [number, number][][]): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < rowGaps.length; i++) {
    const gaps = rowGaps[i];
    for (let k = 0; k < gaps.length; k++) {
      lo = Math.min(lo, Math.ceil(gaps[k][0]));
      hi = Math.max(hi, Math.floor(gaps[k][1]));
    }
  }
  const cands: number[] = [];
  if (!(hi >= lo)) return cands;
  if (hi - lo > MAX_COUNT_SPAN) {
    const count = new Map<number, number>();
    for (const gaps of rowGaps)
      for (const [g0, g1] of gaps)
        for (let x = Math.ceil(g0); x <= Math.floor(g1) && x - g0 < 200; x++)
          count.set(x, (count.get(x) ?? 0) + 1);
    for (const [x, n] of count) if (n >= MIN_ROWS) cands.push(x);
    return cands.sort((a, b) => a - b);
  }
  const count = new Uint32Array(hi - lo + 1);
  for (let i = 0; i < rowGaps.length; i++) {
    const gaps = rowGaps[i];
    for (let k = 0; k < gaps.length; k++) {
      const g0 = gaps[k][0];
      const g1 = gaps[k][1];
      for (let x = Math.ceil(g0); x <= Math.floor(g1) && x - g0 < 200; x++) count[x - lo]++;
    }
  }
  for (let i = 0; i < count.length; i++) if (count[i] >= MIN_ROWS) cands.push(lo + i);
  return cands;
}

/** The first index of sorted `xs` whose value is at least `v` (xs.length when none). */
function firstAtLeast(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The middle of the channel: the narrowest common part of the supporting rows' gaps. */
function channelMid(x: number, rowGaps: [number, number][][], start: number, end: number): number {
  let lo = -Infinity;
  let hi = Infinity;
  for (let i = start; i <= end; i++) {
    const g = rowGaps[i].find((gap) => gap[0] <= x && gap[1] >= x);
    if (!g) continue;
    lo = Math.max(lo, g[0]);
    hi = Math.min(hi, g[1]);
  }
  return lo <= hi ? (lo + hi) / 2 : x;
}

const reachOf = (row: TextRun[]) => Math.max(...row.map((r) => r.x1));
const rowTop = (row: TextRun[]) => Math.min(...row.map((r) => r.y0));
const rowBottom = (row: TextRun[]) => Math.max(...row.map((r) => r.y1));
