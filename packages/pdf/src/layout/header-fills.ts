import type { Box, Rule, TextRun } from '../types.js';
import { bandOffStripe, stripesUnder, textColoursApart } from './band-stripes.js';
import { STARTS_LOWER } from './letter-tests.js';
import { stubGroupSpans } from './stub-spans.js';
import { type FoundTable, runsText, splitWords, type TableCellOut } from './tables.js';
import { disjointSets } from './union-find.js';

/**
 * A table whose header is shaded cell by cell (a dark band with white text, one row or two with
 * spans) and whose body below is bare, with neither lines nor fills. The fills alone make a
 * grid of the header only, and the body, read apart from it, lost its first row or all of it
 * when the cells' padding is tight (the header and the rows under it then read as one block
 * of text with no gap to part columns by). The fills are the header's cells: their edges give
 * the columns and spans exactly, and the lines of text under the header that keep within
 * those columns, each word inside one of them, are the body's rows, down to the first line
 * that crosses a column edge or reaches past the header (prose), or a gap wider than a row.
 */
export function headerFillTables(
  rects: readonly Box[],
  runs: readonly TextRun[],
  taken: Set<number>,
  rules: readonly Rule[] = [],
): FoundTable[] {
  // Bounded work on hostile pages (thousands of fills).
  if (rects.length > 400 || rects.length < 2) return [];
  const out: FoundTable[] = [];
  for (const block of tiledBlocks(rects)) {
    // A band painted flush on the first zebra stripe is read without it first (band-stripes.ts).
    const head = bandOffStripe(block, runs, TOUCH);
    const t =
      (head !== block ? tableUnder(head, rects, runs, taken, rules, true) : undefined) ??
      tableUnder(block, rects, runs, taken, rules);
    if (!t) continue;
    for (const i of t.runs) taken.add(i);
    out.push(t);
  }
  return out;
}

/** How far apart two fills may be and still touch (rounding in the producer's coordinates). */
const TOUCH = 1;
/** Most rows a header of fills holds; more is a shaded grid, read as one by the fill passes. */
const HEADER_ROWS = 3;
/** Fewest body rows under the header that make it a table. */
const BODY_ROWS = 2;

/** Fills that touch edge to edge, grouped, where they tile their bounding box without holes. */
function tiledBlocks(rects: readonly Box[]): Box[][] {
  const { find, join } = disjointSets(rects.length);
  const overlap = (a0: number, a1: number, b0: number, b1: number) =>
    Math.min(a1, b1) - Math.max(a0, b0) > TOUCH;
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i];
      const b = rects[j];
      const side =
        (Math.abs(a.x1 - b.x0) < TOUCH || Math.abs(b.x1 - a.x0) < TOUCH) && overlap(a.y0, a.y1, b.y0, b.y1);
      const stacked =
        (Math.abs(a.y1 - b.y0) < TOUCH || Math.abs(b.y1 - a.y0) < TOUCH) && overlap(a.x0, a.x1, b.x0, b.x1);
      if (side || stacked) join(i, j);
    }
  const groups = new Map<number, Box[]>();
  rects.forEach((r, i) => {
    const g = find(i);
    groups.set(g, [...(groups.get(g) ?? []), r]);
  });
  return [...groups.values()].filter((g) => {
    if (g.length < 2) return false;
    const b = boxOf(g);
    const area = g.reduce((s, r) => s + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
    return Math.abs(area - (b.x1 - b.x0) * (b.y1 - b.y0)) < 0.02 * area;
  });
}

function boxOf(g: readonly Box[]): Box {
  return {
    x0: Math.min(...g.map((r) => r.x0)),
    y0: Math.min(...g.map((r) => r.y0)),
    x1: Math.max(...g.map((r) => r.x1)),
    y1: Math.max(...g.map((r) => r.y1)),
  };
}

/** Sorted distinct edges, those closer than TOUCH taken as one. */
function edges(values: number[]): number[] {
  const out: number[] = [];
  for (const v of values.slice().sort((a, b) => a - b))
    if (!out.length || v - out[out.length - 1] > TOUCH) out.push(v);
  return out;
}

const centreIn = (t: TextRun, b: Box) => {
  const cx = (t.x0 + t.x1) / 2;
  const cy = (t.y0 + t.y1) / 2;
  return cx > b.x0 && cx < b.x1 && cy > b.y0 && cy < b.y1;
};

function tableUnder(
  block: Box[],
  rects: readonly Box[],
  runs: readonly TextRun[],
  taken: Set<number>,
  rules: readonly Rule[],
  offStripe = false,
): FoundTable | undefined {
  const box = boxOf(block);
  const xs = edges(block.flatMap((r) => [r.x0, r.x1]));
  const ys = edges(block.flatMap((r) => [r.y0, r.y1]));
  const nc = xs.length - 1;
  if (nc < 2 || ys.length - 1 > HEADER_ROWS || box.x1 - box.x0 < 3 * (box.y1 - box.y0)) return undefined;
  const free = (i: number) => !taken.has(i) && !runs[i].rotated && /\S/.test(runs[i].text);
  const headIdx = runs.map((_, i) => i).filter((i) => free(i) && centreIn(runs[i], box));
  // The header's words stay within its cells (a line of prose on a shaded box is no header);
  // words, as a run may take the text of two cells set close.
  const headWords = headIdx.flatMap((i) => splitWords(runs[i]));
  const inCell = (w: TextRun) => block.some((r) => centreIn(w, r) && w.x0 > r.x0 - 1.5 && w.x1 < r.x1 + 1.5);
  if (!headWords.every(inCell)) return undefined;
  const held = block.filter((r) => headWords.some((w) => centreIn(w, r)));
  if (held.length < 2) return undefined;
  const size = Math.max(...headIdx.map((i) => runs[i].size));
  const other = (r: Box) => !block.includes(r) && r.x0 < box.x1 && r.x1 > box.x0;
  // Stripes across the header's width under it (zebra rows) part the body's rows as rules do:
  // a row is a stripe, or the bare band between two.
  const below = rects.filter((r) => other(r) && r.y0 > box.y1 - TOUCH);
  let stripes = stripesUnder(below, box, TOUCH, 4 * size);
  // Only a band that differs from the stripes is the header over them: the first stripe under
  // a bare header is a tiled block too, set in the body's own colour.
  const striped = (r: Box) => stripes.includes(r.y0) && stripes.includes(r.y1);
  if (stripes.length && !textColoursApart(block, below.filter(striped), runs)) stripes = [];
  // A stripe taken off the band is one only among others.
  if (offStripe && !stripes.length) return undefined;
  // A stripe with a row of text in two columns or more just above it is a shaded body row under
  // a bare header, not the header: its stripes are not this table's.
  const above = new Set<number>();
  for (const t of runs) {
    if (t.rotated || !/\S/.test(t.text) || t.y1 > box.y0 + TOUCH || t.y1 < box.y0 - size) continue;
    const c = xs.findIndex((x, k) => k + 1 < xs.length && t.x0 > x - 1.5 && t.x1 < xs[k + 1] + 1.5);
    if (c >= 0) above.add(c);
  }
  const rowAbove = above.size >= 2;
  if (stripes.length && rowAbove) return undefined;
  const body = bodyRows(box, xs, size, runs, free, [...rowRules(rules, box), ...stripes]);
  if (body.rows.length < BODY_ROWS) return undefined;
  // A body shaded otherwise (a grid of filled cells) is read by the fill passes; so is the last
  // stripe of one, whose like stands above it as near as its bare rows reach below.
  const y1 = Math.max(...body.runs.map((i) => runs[i].y1));
  // The stripes are the body's rows only when the body read under the header runs past the
  // last of them; a read that stops short leaves the rest to the fill passes, as it was.
  if (stripes.length && stripes[stripes.length - 2] > y1) return undefined;
  const reach = y1 - box.y1 + 3 * size;
  if (rects.some((r) => other(r) && r.y1 > box.y1 + TOUCH && r.y0 < y1 && !striped(r))) return undefined;
  const fillsAbove = rects.filter((r) => other(r) && r.y1 < box.y0 + TOUCH && r.y1 > box.y0 - reach);
  // A band over stripes whose text no fill above shares in colour is no stripe of theirs (a
  // zebra table above it).
  if (fillsAbove.length && !(stripes.length && textColoursApart(block, fillsAbove, runs))) return undefined;

  // The header's rows: each fill is a cell, spanning the columns and rows its edges reach.
  const colOf = (x: number) => xs.findIndex((e) => Math.abs(e - x) <= TOUCH);
  const rowOf = (y: number) => ys.findIndex((e) => Math.abs(e - y) <= TOUCH);
  const head: TableCellOut[][] = Array.from({ length: ys.length - 1 }, () => []);
  for (const r of block.slice().sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const c0 = colOf(r.x0);
    const r0 = rowOf(r.y0);
    const cell: TableCellOut = {
      text: runsText(headWords.filter((w) => centreIn(w, r))),
    };
    if (colOf(r.x1) - c0 > 1) cell.colSpan = colOf(r.x1) - c0;
    if (rowOf(r.y1) - r0 > 1) cell.rowSpan = rowOf(r.y1) - r0;
    head[r0].push(cell);
  }
  const idx = new Set([...headIdx, ...body.runs]);
  return { box: { ...box, y1 }, rows: stubGroupSpans([...head, ...body.rows]), ruled: true, runs: idx };
}

/**
 * The heights of horizontal rules under the header that run across the table (drawn whole or
 * cell by cell): lines between a ruled table's rows.
 */
function rowRules(rules: readonly Rule[], box: Box): number[] {
  const width = box.x1 - box.x0;
  const at = new Map<number, number>();
  for (const r of rules) {
    if (Math.abs(r.y1 - r.y0) > 0.5 || r.y0 < box.y1 - TOUCH) continue;
    const cover = Math.min(r.x1, box.x1) - Math.max(r.x0, box.x0);
    if (cover <= 0) continue;
    const y = [...at.keys()].find((k) => Math.abs(k - r.y0) <= TOUCH) ?? r.y0;
    at.set(y, (at.get(y) ?? 0) + cover);
  }
  return [...at].filter(([, w]) => w >= 0.9 * width).map(([y]) => y);
}

/**
 * The bare lines under the header that read as its rows: every word inside one column, at least
 * two columns filled, each line no further below the last than a row's own height. A line
 * continues the row above (cells wrapped over several lines) where it holds one column close
 * under a filled cell of that column, or where its first column is empty, every column it
 * fills is filled above, and it stands closer to the line above than any row that opens with a
 * first-column label does (the cells' padding parts rows; a group label's rows, whose first
 * column is empty too, keep the rows' pitch). Where rules run across the table between the
 * rows, they part them instead: with tight padding a wrapped row's lines stand as close as the
 * rows do, and its label may wrap too.
 */
function bodyRows(
  box: Box,
  xs: number[],
  size: number,
  runs: readonly TextRun[],
  free: (i: number) => boolean,
  ruled: number[],
): { rows: TableCellOut[][]; runs: number[] } {
  const nc = xs.length - 1;
  const inner = xs.slice(1, -1);
  const under = runs
    .map((_, i) => i)
    .filter((i) => free(i) && runs[i].y0 > box.y1 - TOUCH && runs[i].y0 < box.y1 + 60 * size)
    .sort((a, b) => runs[a].base - runs[b].base || runs[a].x0 - runs[b].x0);
  // Lines by baseline.
  const lines: number[][] = [];
  for (const i of under) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(runs[last[0]].base - runs[i].base) < 0.3 * runs[i].size) last.push(i);
    else lines.push([i]);
  }
  const kept: { parts: TextRun[][]; base: number; gap: number; line: number[] }[] = [];
  let bottom = box.y1;
  // Rows stand apart by the cells' padding above and below, twice what parts the first row
  // from the header; a wider gap ends the table.
  let room = 1.2 * size;
  for (const line of lines) {
    const top = Math.min(...line.map((i) => runs[i].y0));
    if (top - bottom > room) break;
    if (!kept.length) room = Math.max(room, 2 * (top - bottom) + 0.5 * size);
    if (line.some((i) => runs[i].x0 < box.x0 - 2 || runs[i].x1 > box.x1 + 2)) break;
    const words = line.flatMap((i) => splitWords(runs[i]));
    if (words.some((w) => inner.some((x) => w.x0 < x - 1.5 && w.x1 > x + 1.5))) break;
    const parts: TextRun[][] = Array.from({ length: nc }, () => []);
    for (const w of words) {
      const cx = (w.x0 + w.x1) / 2;
      let c = 0;
      while (c < nc - 1 && cx > xs[c + 1]) c++;
      parts[c].push(w);
    }
    const filled = parts.filter((p) => p.length).length;
    if (filled < 2 && !(filled === 1 && kept.length && top - bottom < 0.5 * size)) break;
    kept.push({ parts, base: runs[line[0]].base, gap: top - bottom, line });
    bottom = Math.max(...line.map((i) => runs[i].y1));
  }
  // The pitch of rows that open with a first-column label, from the line above.
  let rowPitch = Number.POSITIVE_INFINITY;
  for (let j = 1; j < kept.length; j++)
    if (kept[j].parts[0].length) rowPitch = Math.min(rowPitch, kept[j].base - kept[j - 1].base);
  // Rules between the body's rows part them: every line up to the next rule is the row's,
  // however its cells wrap. Two such rules at least, and no line under a row's first filling
  // as many columns again (rows of text between rules set round groups of them, as a totals
  // rule does), unless it runs on in lower case.
  const between = (a: number, b: number) => ruled.some((y) => y > a && y < b);
  const cut = kept.map((k, j) => j === 0 || between(kept[j - 1].base, k.base));
  const filledOf = (k: (typeof kept)[number]) => k.parts.filter((p) => p.length).length;
  let first = 0;
  const stacked = kept.some((k, j) => {
    if (cut[j]) first = filledOf(k);
    return !cut[j] && filledOf(k) >= first && !k.parts.flat().every((w) => STARTS_LOWER.test(w.text));
  });
  const parted = cut.filter((c, j) => c && j > 0).length >= 2 && !stacked;
  const cells: TextRun[][][] = [];
  kept.forEach((k, j) => {
    const prev = cells[cells.length - 1];
    if (parted && prev && !cut[j]) {
      for (let c = 0; c < nc; c++) prev[c].push(...k.parts[c]);
      return;
    }
    const filled = k.parts.map((p, c) => (p.length ? c : -1)).filter((c) => c >= 0);
    const under = prev && filled.every((c) => prev[c].length);
    const wrapped =
      under &&
      ((filled.length === 1 && k.gap < 0.5 * size) ||
        (!k.parts[0].length && k.base - kept[j - 1].base < rowPitch - 1));
    if (wrapped) for (const c of filled) prev[c].push(...k.parts[c]);
    else cells.push(k.parts);
  });
  return {
    rows: cells.map((parts) => parts.map((p) => ({ text: runsText(p) }))),
    runs: kept.flatMap((k) => k.line),
  };
}
