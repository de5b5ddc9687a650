import { settleFieldKinds } from '../shapes.js';
import type { Box } from '../types.js';

interface Gap {
  at: number;
  width: number;
}

// Gaps have double fields from the start (shapes.ts).
settleFieldKinds({ at: 0.5, width: 0.5 } satisfies Gap);

/** Gaps in the projection of boxes on one axis: [lo, hi) pairs sorted by lo. */
function gaps(ranges: [number, number][]): Gap[] {
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const out: Gap[] = [];
  let reach = sorted[0][1];
  for (let i = 1; i < sorted.length; i++) {
    const [lo, hi] = sorted[i];
    if (lo > reach) out.push({ at: (lo + reach) / 2, width: lo - reach });
    reach = Math.max(reach, hi);
  }
  return out;
}

export interface XYCutOptions {
  /** Narrowest vertical gap (points) that may separate columns. */
  minColumnGap: number;
  /** Narrowest side (points) a vertical cut may leave: stops list markers becoming a column. */
  minColumnWidth: number;
}

/**
 * Recursive XY-cut, iteratively: a region is split at its widest column gutter when it has
 * one (a column is read down before the next: a figure row over two columns of text belongs
 * to them), else at its widest empty row band; bands of nearly the same width are cut
 * together. Returns the indices of `boxes` in reading order: top to bottom, columns left to
 * right. `items` marks the boxes that open a list item: row bands cut through two columns that
 * both hold list items are joined again (`listColumns`), so each column is read whole.
 */
export function xyCut(boxes: readonly Box[], opts: XYCutOptions, items?: readonly boolean[]): number[] {
  const order: number[] = [];
  const all = boxes.map((_, i) => i);
  if (all.length === 0) return order;
  // Boxes shrunk vertically, so touching lines of one paragraph still leave a gap.
  const ys = boxes.map((b): [number, number] => {
    const h = b.y1 - b.y0;
    return [b.y0 + 0.2 * h, b.y1 - 0.2 * h];
  });
  const stack: number[][] = [all];
  while (stack.length > 0) {
    const region = stack.pop()!;
    if (region.length === 1) {
      order.push(region[0]);
      continue;
    }
    const hGaps = gaps(region.map((i) => ys[i]));
    const vGaps = gaps(region.map((i): [number, number] => [boxes[i].x0, boxes[i].x1])).filter(
      (g) => g.width >= opts.minColumnGap,
    );
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const i of region) {
      x0 = Math.min(x0, boxes[i].x0);
      x1 = Math.max(x1, boxes[i].x1);
    }
    const vOk = vGaps.filter((g) => g.at - x0 >= opts.minColumnWidth && x1 - g.at >= opts.minColumnWidth);
    const bestV = vOk.reduce((m, g) => Math.max(m, g.width), 0);
    const bestH = hGaps.reduce((m, g) => Math.max(m, g.width), 0);
    let parts: number[][];
    // Columns first: a gutter through the whole region splits it before any row gap does.
    if (bestV > 0) {
      const cuts = vOk.filter((g) => g.width >= bestV * 0.8).map((g) => g.at);
      parts = split(region, cuts, (i) => (boxes[i].x0 + boxes[i].x1) / 2);
    } else if (bestH > 0) {
      const cuts = hGaps.filter((g) => g.width >= bestH * 0.8).map((g) => g.at);
      parts = split(region, cuts, (i) => (ys[i][0] + ys[i][1]) / 2);
      if (parts.length > 2) parts = listColumns(parts, boxes, opts, items);
    } else {
      // No clean cut: overlapping boxes, read top to bottom, left to right.
      const rest = region.slice().sort((a, b) => {
        const A = boxes[a];
        const B = boxes[b];
        const h = Math.min(A.y1 - A.y0, B.y1 - B.y0);
        const overlap = Math.min(A.y1, B.y1) - Math.max(A.y0, B.y0);
        return overlap > 0.5 * h ? A.x0 - B.x0 : A.y0 - B.y0;
      });
      order.push(...rest);
      continue;
    }
    // Pushed in reverse so the first part is processed (and emitted) first.
    for (let p = parts.length - 1; p >= 0; p--) if (parts[p].length) stack.push(parts[p]);
  }
  return order;
}

function split(region: number[], cuts: number[], pos: (i: number) => number): number[][] {
  const sortedCuts = cuts.slice().sort((a, b) => a - b);
  const parts: number[][] = sortedCuts.map(() => []);
  parts.push([]);
  for (const i of region) {
    const p = pos(i);
    let k = 0;
    while (k < sortedCuts.length && p > sortedCuts[k]) k++;
    parts[k].push(i);
  }
  return parts;
}

/** The widest column gutter of a region that leaves both sides minColumnWidth wide, if any. */
function gutter(region: readonly number[], boxes: readonly Box[], opts: XYCutOptions): Gap | undefined {
  if (region.length < 2) return undefined;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const i of region) {
    x0 = Math.min(x0, boxes[i].x0);
    x1 = Math.max(x1, boxes[i].x1);
  }
  let best: Gap | undefined;
  for (const g of gaps(region.map((i): [number, number] => [boxes[i].x0, boxes[i].x1])))
    if (
      g.width >= opts.minColumnGap &&
      g.at - x0 >= opts.minColumnWidth &&
      x1 - g.at >= opts.minColumnWidth &&
      (!best || g.width > best.width)
    )
      best = g;
  return best;
}

/**
 * Lists set in two columns line their items up across the gutter, so the row bands between
 * items run through both columns and a row cut reads them across (item 1 left, item 1 right).
 * Consecutive bands whose union still has a column gutter are joined again when list items
 * open on both sides of that gutter; the joined region is then cut into columns first. Side
 * headings beside their text, or a form's labels beside values, hold no list items on both
 * sides and keep being read row by row.
 */
function listColumns(
  parts: number[][],
  boxes: readonly Box[],
  opts: XYCutOptions,
  items: readonly boolean[] | undefined,
): number[][] {
  const out: number[][] = [];
  let k = 0;
  while (k < parts.length) {
    let union = parts[k];
    let end = k;
    while (end + 1 < parts.length) {
      const next = union.concat(parts[end + 1]);
      if (!gutter(next, boxes, opts)) break;
      union = next;
      end++;
    }
    const g = end > k ? gutter(union, boxes, opts) : undefined;
    const side = (left: boolean) =>
      union.some((i) => items?.[i] && (left ? boxes[i].x1 <= g!.at : boxes[i].x0 >= g!.at));
    if (g && ((side(true) && side(false)) || halves(union, boxes, g, end - k + 1))) {
      out.push(union);
      k = end + 1;
    } else {
      out.push(parts[k]);
      k++;
    }
  }
  return out;
}

/**
 * Two columns of prose whose short lines sit on the same baselines (addresses, contact cards
 * set in a two-column section): the gutter halves the region, and each half holds lines of
 * four bands or more. Labels beside values, or side headings beside text, leave a narrow left
 * side and keep being read row by row.
 */
function halves(union: readonly number[], boxes: readonly Box[], g: Gap, bands: number): boolean {
  if (bands < 4) return false;
  let x0 = Infinity;
  let x1 = -Infinity;
  let left = 0;
  let right = 0;
  for (const i of union) {
    x0 = Math.min(x0, boxes[i].x0);
    x1 = Math.max(x1, boxes[i].x1);
    if (boxes[i].x1 <= g.at) left++;
    else if (boxes[i].x0 >= g.at) right++;
  }
  return Math.abs(g.at - (x0 + x1) / 2) < 0.1 * (x1 - x0) && left >= bands && right >= bands;
}
