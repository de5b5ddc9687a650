import { asciiTwin } from '@distill/core';
import { changedRun } from '../run-shape.js';
import type { Box, Rule, TextRun } from '../types.js';
import { centredRows, stackedLines } from './centred-rows.js';
import { contentsGrid } from './contents-grid.js';
import { FIGURE } from './figures.js';
import { findGutters, type Gutter } from './gutters.js';
import { leadGap, nominalBottom, nominalTop } from './leading.js';
import { HAS_LETTER, STARTS_LOWER } from './letter-tests.js';
import { buildLines, type Line, makeLine } from './lines.js';
import { cellRows, cellsRow, longsInTwoColumns } from './long-cells.js';
import { BULLET } from './markers.js';
import { formGrid, keyValueRows, proseAcross, recordColumns } from './not-tables.js';
import { paddedEnd, paddedWraps } from './padded-rows.js';
import { partialRowsAgree } from './partial-rows.js';
import { rowRuledTable } from './row-ruled.js';
import { stubGroupSpans } from './stub-spans.js';
import { disjointSets } from './union-find.js';

export interface TableCellOut {
  text: string;
  rowSpan?: number;
  colSpan?: number;
}

export interface FoundTable {
  box: Box;
  rows: TableCellOut[][];
  ruled: boolean;
  /** Indices of the runs the table took out of the text flow. */
  runs: Set<number>;
  /** Column and row boundaries (points) of a ruled grid whose cells were kept as found (for the inspector). */
  grid?: { xs: number[]; ys: number[] };
}

/** A cell's text ends as wrapped text does: on a letter, a comma or a hyphen. */
const FLOWS_ON = asciiTwin(String.raw`[\p{L},-]$`, 'u');
/** A line that starts as the continuation of a wrapped cell: lower case or an opening bracket. */
const WRAPPED_START = asciiTwin(String.raw`^[\p{Ll}(]`, 'u');

const TOL = 2;

function cluster(values: number[], tol: number): number[] {
  const sorted = values.slice().sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const v of sorted) {
    if (group.length && v - group[group.length - 1] > tol) {
      out.push(group.reduce((s, x) => s + x, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((s, x) => s + x, 0) / group.length);
  return out;
}

/** Joins collinear, overlapping or touching segments so a row of cell borders becomes one rule. */
function mergeRules(rules: Rule[], horizontal: boolean): Rule[] {
  const key = (r: Rule) => (horizontal ? r.y0 : r.x0);
  const lo = (r: Rule) => (horizontal ? r.x0 : r.y0);
  const hi = (r: Rule) => (horizontal ? r.x1 : r.y1);
  const sorted = rules.slice().sort((a, b) => key(a) - key(b) || lo(a) - lo(b));
  const out: Rule[] = [];
  for (const r of sorted) {
    const match = out.find(
      (o) => Math.abs(key(o) - key(r)) <= 1 && lo(r) <= hi(o) + TOL && hi(r) >= lo(o) - TOL,
    );
    if (match) {
      if (horizontal) {
        match.x0 = Math.min(match.x0, r.x0);
        match.x1 = Math.max(match.x1, r.x1);
      } else {
        match.y0 = Math.min(match.y0, r.y0);
        match.y1 = Math.max(match.y1, r.y1);
      }
    } else out.push({ ...r });
  }
  return out;
}

const touches = (h: Rule, v: Rule) =>
  v.x0 >= h.x0 - TOL && v.x0 <= h.x1 + TOL && h.y0 >= v.y0 - TOL && h.y0 <= v.y1 + TOL;

/** Reads the text of runs as lines, top to bottom. */
export function runsText(runs: TextRun[]): string {
  if (runs.length === 0) return '';
  return buildLines(runs)
    .sort((a, b) => a.base - b.base || a.x0 - b.x0)
    .map((l) => l.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Ruled tables: connected sets of horizontal and vertical rules form grids; a cell boundary is
 * missing where no rule crosses it, which makes row and column spans. Runs are assigned to
 * cells by their centre.
 */
export function findRuledTables(
  runs: readonly TextRun[],
  rulesIn: readonly Rule[],
  rects: readonly Box[],
  page: Box,
): FoundTable[] {
  const edges: Rule[] = [...rulesIn];
  const pageArea = (page.x1 - page.x0) * (page.y1 - page.y0);
  for (const r of rects) {
    const area = (r.x1 - r.x0) * (r.y1 - r.y0);
    if (area > 0.5 * pageArea) continue;
    edges.push({ x0: r.x0, x1: r.x1, y0: r.y0, y1: r.y0 }, { x0: r.x0, x1: r.x1, y0: r.y1, y1: r.y1 });
    edges.push({ x0: r.x0, x1: r.x0, y0: r.y0, y1: r.y1 }, { x0: r.x1, x1: r.x1, y0: r.y0, y1: r.y1 });
  }
  if (edges.length > 5000) return [];
  const hs = mergeRules(
    edges.filter((r) => r.y0 === r.y1),
    true,
  );
  const vs = mergeRules(
    edges.filter((r) => r.x0 === r.x1),
    false,
  );
  const tables: FoundTable[] = [];
  const used = new Set<number>();

  // Connected components over horizontal and vertical rules.
  const n = hs.length + vs.length;
  const { find, join } = disjointSets(n);
  for (let i = 0; i < hs.length; i++)
    for (let j = 0; j < vs.length; j++) if (touches(hs[i], vs[j])) join(i, hs.length + j);
  // Row-shaded tables draw only every other row: stacked grids of the same width, close
  // above one another, are one table.
  const extent = new Map<number, Box>();
  for (let i = 0; i < n; i++) {
    const r = i < hs.length ? hs[i] : vs[i - hs.length];
    const root = find(i);
    const e = extent.get(root);
    extent.set(
      root,
      e
        ? {
            x0: Math.min(e.x0, r.x0),
            y0: Math.min(e.y0, r.y0),
            x1: Math.max(e.x1, r.x1),
            y1: Math.max(e.y1, r.y1),
          }
        : { x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 },
    );
  }
  const roots = [...extent.keys()].filter((k) => extent.get(k)!.y1 - extent.get(k)!.y0 > 2);
  // Two grids drawn with lines alone and a paragraph set between them are two tables; shaded
  // rows (filled rectangles, a band or a cell each) stack into one with their rows of text
  // between, and so do grids with nothing between them.
  const shaded = (e: Box) =>
    rects.some((r) => r.x0 >= e.x0 - TOL && r.x1 <= e.x1 + TOL && r.y0 >= e.y0 - TOL && r.y1 <= e.y1 + TOL);
  const textBetween = (A: Box, B: Box) =>
    runs.some((r) => {
      const y = (r.y0 + r.y1) / 2;
      return y > A.y1 && y < B.y0 && r.x1 > A.x0 && r.x0 < A.x1 && /\S/.test(r.text);
    });
  if (roots.length < 200)
    for (const a of roots)
      for (const b of roots) {
        if (a === b) continue;
        const A = extent.get(a)!;
        const B = extent.get(b)!;
        const gap = B.y0 - A.y1;
        if (
          Math.abs(A.x0 - B.x0) < 4 &&
          Math.abs(A.x1 - B.x1) < 4 &&
          gap >= -1 &&
          gap < 30 &&
          (shaded(A) || shaded(B) || !textBetween(A, B))
        )
          join(a, b);
      }
  const comps = new Map<number, { h: Rule[]; v: Rule[] }>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    let c = comps.get(root);
    if (!c) {
      c = { h: [], v: [] };
      comps.set(root, c);
    }
    if (i < hs.length) c.h.push(hs[i]);
    else c.v.push(vs[i - hs.length]);
  }

  for (const { h, v } of comps.values()) {
    const table = gridTable(h, v, runs, used);
    if (table) tables.push(table);
  }
  return tables;
}

/**
 * One connected set of horizontal and vertical rules as a table, or undefined when it is not
 * one (too few lines, no text, a chart, a framed box). Marks the runs it takes in `used`.
 * Kept apart from findRuledTables so each is optimized on its own (smaller, and a
 * deoptimization of one does not recompile the other).
 */
function gridTable(
  h: Rule[],
  v: Rule[],
  runs: readonly TextRun[],
  used: Set<number>,
): FoundTable | undefined {
  if (h.length < 2 || v.length < 2) return undefined;
  // Whether this grid was joined from stacked pieces (vertical lines do not span it).
  const vTop = Math.min(...v.map((r) => r.y0));
  const vBottom = Math.max(...v.map((r) => r.y1));
  const stacked = !v.some((r) => r.y0 <= vTop + TOL && r.y1 >= vBottom - TOL) && v.length >= 4;
  const xs = cluster(
    v.map((r) => r.x0),
    3,
  );
  const ys = cluster(
    h.map((r) => r.y0),
    3,
  );
  if (xs.length < 2 || ys.length < 2) return undefined;
  const open = openGridEdges(h, v, xs, ys);
  const headTop = open ? headerAbove(runs, used, h, xs, ys) : undefined;
  if (headTop !== undefined) ys.unshift(headTop);
  const box = { x0: xs[0], y0: ys[0], x1: xs[xs.length - 1], y1: ys[ys.length - 1] };
  if (box.x1 - box.x0 < 20 || box.y1 - box.y0 < 8) return undefined;
  // Rows the rules leave undrawn (a body of several entries between two rules) are cut where
  // the text says so.
  const unruled = unruledRowCuts(runs, used, xs, ys);
  if (unruled.length) {
    ys.push(...unruled);
    ys.sort((a, b) => a - b);
  }
  const nr = ys.length - 1;
  const nc = xs.length - 1;
  if (nr * nc > 10_000) return undefined;
  // Which runs fall in which grid cell.
  const cellRuns: TextRun[][] = Array.from({ length: nr * nc }, () => []);
  const taken = new Set<number>();
  runs.forEach((run, idx) => {
    if (used.has(idx) || run.rotated) return;
    const cx = (run.x0 + run.x1) / 2;
    const cy = (run.y0 + run.y1) / 2;
    if (cx < box.x0 || cx > box.x1 || cy < box.y0 || cy > box.y1) return;
    // One pdf.js item may cross a cell border ("2454 6,125"): cells get words, not items.
    for (const r of splitWords(run)) {
      const wx = (r.x0 + r.x1) / 2;
      let c = 0;
      while (c < nc - 1 && wx > xs[c + 1]) c++;
      let rr = 0;
      while (rr < nr - 1 && cy > ys[rr + 1]) rr++;
      cellRuns[rr * nc + c].push(r);
    }
    taken.add(idx);
  });
  if (taken.size === 0) return undefined;
  // A single cell with text is a framed box (a sidebar), not a table.
  const filled = cellRuns.filter((c) => c.length > 0).length;
  // A column line missing from an unshaded row still separates it when no text crosses it.
  const crossed = (x: number, ya: number, yb: number) =>
    runs.some((r) => r.x0 < x - 1 && r.x1 > x + 1 && (r.y0 + r.y1) / 2 > ya && (r.y0 + r.y1) / 2 < yb);
  const hasV = (x: number, ya: number, yb: number) =>
    (headTop !== undefined && ya === headTop && !crossed(x, ya, yb)) ||
    v.some((r) => Math.abs(r.x0 - x) <= 3 && r.y0 <= ya + TOL && r.y1 >= yb - TOL) ||
    (stacked && !v.some((r) => r.y0 <= ya + TOL && r.y1 >= yb - TOL) && !crossed(x, ya, yb));
  const hasH = (y: number, xa: number, xb: number) =>
    unruled.includes(y) || h.some((r) => Math.abs(r.y0 - y) <= 3 && r.x0 <= xa + TOL && r.x1 >= xb - TOL);
  // Union-find over grid cells joined where the boundary between them is not drawn.
  const cp = Array.from({ length: nr * nc }, (_, i) => i);
  const cf = (i: number): number => {
    while (cp[i] !== i) {
      cp[i] = cp[cp[i]];
      i = cp[i];
    }
    return i;
  };
  for (let r = 0; r < nr; r++)
    for (let c = 0; c < nc; c++) {
      if (c < nc - 1 && !hasV(xs[c + 1], ys[r], ys[r + 1])) cp[cf(r * nc + c)] = cf(r * nc + c + 1);
      if (r < nr - 1 && !hasH(ys[r + 1], xs[c], xs[c + 1])) cp[cf(r * nc + c)] = cf((r + 1) * nc + c);
    }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < nr * nc; i++) {
    const g = cf(i);
    let list = groups.get(g);
    if (!list) {
      list = [];
      groups.set(g, list);
    }
    list.push(i);
  }
  if (groups.size < 2 || filled < 2) return undefined;
  // Charts draw grids too, with most of their cells empty.
  const filledGroups = [...groups.values()].filter((list) => list.some((i) => cellRuns[i].length > 0)).length;
  if (filledGroups < 0.4 * groups.size) return undefined;
  // Spans must be rectangles; otherwise fall back to the plain grid.
  let rect = true;
  const spans = new Map<number, { r0: number; c0: number; r1: number; c1: number }>();
  for (const [g, list] of groups) {
    const rs = list.map((i) => Math.floor(i / nc));
    const cs = list.map((i) => i % nc);
    const s = { r0: Math.min(...rs), r1: Math.max(...rs), c0: Math.min(...cs), c1: Math.max(...cs) };
    if ((s.r1 - s.r0 + 1) * (s.c1 - s.c0 + 1) !== list.length) rect = false;
    spans.set(g, s);
  }
  const rows: TableCellOut[][] = Array.from({ length: nr }, () => []);
  if (rect) {
    for (const [g, s] of [...spans].sort((a, b) => a[1].r0 - b[1].r0 || a[1].c0 - b[1].c0)) {
      const members = groups.get(g)!;
      // A row that leaves out column lines the other rows draw (alternate rows shaded,
      // the others bare) but holds values in two columns or more, none crossing a column
      // line, is a row of separate cells rather than one wide cell.
      if (s.r0 === s.r1 && s.c1 > s.c0) {
        const parts = Array.from({ length: s.c1 - s.c0 + 1 }, (_, k) => cellRuns[s.r0 * nc + s.c0 + k]);
        const bounds = xs.slice(s.c0 + 1, s.c1 + 1);
        const held = parts.filter((p) => p.length > 0).length;
        if (held >= 2 && !bounds.some((x) => crossed(x, ys[s.r0], ys[s.r0 + 1]))) {
          for (const p of parts) rows[s.r0].push({ text: runsText(p) });
          continue;
        }
      }
      const text = runsText(members.flatMap((i) => cellRuns[i]));
      const cell: TableCellOut = { text };
      if (s.r1 > s.r0) cell.rowSpan = s.r1 - s.r0 + 1;
      if (s.c1 > s.c0) cell.colSpan = s.c1 - s.c0 + 1;
      rows[s.r0].push(cell);
    }
  } else {
    for (let r = 0; r < nr; r++)
      for (let c = 0; c < nc; c++) rows[r].push({ text: runsText(cellRuns[r * nc + c]) });
  }
  let cleaned = mergeExclusiveColumns(dropEmptyColumns(dropEmpty(rows)));
  // Drawn grids may be sparse (a spreadsheet); the lines vouch for them.
  if (!plausibleTable(cleaned, 0.25)) {
    // Shading drawn only behind every other row (banded rows) draws no column: the text,
    // aligned in columns, is a borderless table the text pass reads whole; one column of
    // items is a boxed list.
    const other =
      wideEmptyColumnsKept(rows, xs) ??
      (nc === 1 && textColumns(cellRuns.flat()) ? undefined : boxedList(cleaned));
    if (!other) return undefined;
    cleaned = other;
  }
  for (const i of taken) used.add(i);
  // The grid's lines are the cells' edges only while cleaning changed nothing.
  const kept = JSON.stringify(cleaned) === JSON.stringify(rows);
  return { box, rows: cleaned, ruled: true, runs: taken, ...(kept ? { grid: { xs, ys } } : {}) };
}

/**
 * Cuts inside the bands of a drawn grid where its rules leave rows out. Within a band, the
 * text lines (baselines shared across the columns) part into rows where a blank line crosses
 * the whole band and the first column starts an entry below it, or where every filled column
 * holds one line per row and all but the first hold only figures (a stack of values, one per
 * row: "3-year-olds / 4-year-olds / Total" beside "1,530 / 1,253 / 2,783").
 */
function unruledRowCuts(runs: readonly TextRun[], used: Set<number>, xs: number[], ys: number[]): number[] {
  const nc = xs.length - 1;
  // A single drawn cell is a frame round a sidebar, whose short lines are no rows.
  if (nc < 1 || (nc < 2 && ys.length < 3)) return [];
  const cuts: number[] = [];
  const colOf = (x: number) => {
    let c = 0;
    while (c < nc - 1 && x > xs[c + 1]) c++;
    return c;
  };
  for (let r = 0; r + 1 < ys.length; r++) {
    const band = runs.filter((run, i) => {
      if (used.has(i) || run.rotated || run.text.trim() === '') return false;
      const cx = (run.x0 + run.x1) / 2;
      const cy = (run.y0 + run.y1) / 2;
      return cx > xs[0] && cx < xs[nc] && cy > ys[r] && cy < ys[r + 1];
    });
    // Three items make a boxed list (one column under its title band); a grid's band wants four.
    if (band.length < (nc === 1 ? 3 : 4)) continue;
    // Text lines of the band by baseline.
    const lines: TextRun[][] = [];
    for (const run of band.slice().sort((a, b) => a.base - b.base)) {
      const last = lines[lines.length - 1];
      if (last && Math.abs(last[0].base - run.base) <= 0.4 * run.size) last.push(run);
      else lines.push([run]);
    }
    if (lines.length < 2 || lines.length > 60) continue;
    const filledCols = new Set(band.map((x) => colOf((x.x0 + x.x1) / 2)));
    if (filledCols.size === 1) {
      const c = [...filledCols][0];
      cuts.push(...hardBreaks(lines, xs[c + 1]));
      continue;
    }
    if (nc < 2) continue;
    const top = (l: TextRun[]) => Math.min(...l.map(nominalTop));
    const bottom = (l: TextRun[]) => Math.max(...l.map(nominalBottom));
    const size = Math.min(...band.map((x) => x.size));
    const cols = (l: TextRun[]) => new Set(l.map((x) => colOf((x.x0 + x.x1) / 2)));
    // A stack of values: each filled column has a run on every line; all but the first, figures.
    const filled = new Set(band.map((x) => colOf((x.x0 + x.x1) / 2)));
    const stacked =
      filled.size >= 2 &&
      lines.every((l) => cols(l).size === filled.size) &&
      band.every((x) => colOf((x.x0 + x.x1) / 2) === 0 || /^[-+−–(]?[\d.,]+%?\)?$/.test(x.text.trim()));
    // A blank line stands out from the band's own leading (wide leading is no blank line).
    const gaps = lines.slice(1).map((l, k) => top(l) - bottom(lines[k]));
    const leading = gaps.slice().sort((a, b) => a - b)[Math.floor((gaps.length - 1) / 2)];
    const at = (k: number) => (top(lines[k]) + bottom(lines[k - 1])) / 2;
    if (stacked) {
      for (let k = 1; k < lines.length; k++) if (gaps[k - 1] > 0) cuts.push(at(k));
      continue;
    }
    const blank: number[] = [];
    for (let k = 1; k < lines.length; k++) {
      const gap = gaps[k - 1];
      if (gap > 0 && gap >= 0.9 * size && gap >= 1.8 * Math.max(0, leading) && cols(lines[k]).has(0))
        blank.push(k);
    }
    // Each part is an entry across the columns (a label line of its own aside), not the
    // wrapped lines of one cell set apart by another column's centred text.
    const spread = (a: number, b: number) => new Set(lines.slice(a, b).flatMap((l) => [...cols(l)])).size;
    let from = 0;
    blank.forEach((k, n) => {
      const to = blank[n + 1] ?? lines.length;
      if ((spread(from, k) >= 2 || k - from === 1) && spread(k, to) >= 2) {
        cuts.push(at(k));
        from = k;
      }
    });
  }
  return cuts;
}

/**
 * Where the lines of one cell's text stop short for no lack of room: a line ends with room to
 * spare for the next line's first word (HARD_BREAK_ROOM), so it was broken by hand, not wrapped,
 * and the next line is an entry of its own (a list of items in one column, one a line). Only for
 * lines sharing a left edge (centred text leaves room at both ends on every line). Returns the
 * y between each such pair of lines.
 */
function hardBreaks(lines: TextRun[][], right: number): number[] {
  const left = (l: TextRun[]) => Math.min(...l.map((x) => x.x0));
  const size = Math.max(...lines.flat().map((x) => x.size));
  const x0 = left(lines[0]);
  if (lines.some((l) => Math.abs(left(l) - x0) > ALIGN_SIZES * size)) return [];
  const cuts: number[] = [];
  for (let k = 1; k < lines.length; k++) {
    const prev = lines[k - 1];
    const next = lines[k].slice().sort((a, b) => a.x0 - b.x0);
    const first = next[0];
    const word = first.text.trimStart().split(/\s/)[0];
    const per = (first.x1 - first.x0) / Math.max(1, [...first.text].length);
    const room = right - Math.max(...prev.map((x) => x.x1));
    if (room < [...word].length * per + HARD_BREAK_ROOM * size) continue;
    const bottom = Math.max(...prev.map((x) => x.y1));
    const top = Math.min(...next.map((x) => x.y0));
    cuts.push((bottom + top) / 2);
  }
  return cuts;
}
/** Lines of one list share their left edge within this much (font sizes). */
const ALIGN_SIZES = 0.5;
/**
 * Room (font sizes) beyond the next word a hand-broken line leaves: a word space and a cell's
 * inner padding, which wrapped lines may also leave.
 */
const HARD_BREAK_ROOM = 1.5;

/** Whether runs set in rows fall into two columns or more of a plausible table by their gaps alone. */
function textColumns(runs: TextRun[]): boolean {
  const grid = gridFromText(runs);
  return grid !== undefined && plausibleTable(grid) && Math.max(...grid.map((r) => r.length)) >= 2;
}

/**
 * A boxed list: one column of three rows or more, each drawn apart by its own rule and each
 * holding a short item (not paragraphs, which a framed sidebar holds), is a one-column table.
 */
export function boxedList(rows: TableCellOut[][]): TableCellOut[][] | undefined {
  if (
    rows.length < 3 ||
    rows.some((r) => r.length !== 1 || (r[0].colSpan ?? 1) > 1 || (r[0].rowSpan ?? 1) > 1)
  )
    return undefined;
  const texts = rows.map((r) => r[0].text);
  if (texts.some((t) => t === '' || t.length > 160)) return undefined;
  if (texts.reduce((n, t) => n + t.length, 0) / texts.length > 80) return undefined;
  // Lines of one running text on ruled paper go on in lower case; items start afresh.
  if (texts.slice(1).filter((t) => STARTS_LOWER.test(t)).length >= 0.5 * (texts.length - 1)) return undefined;
  return rows;
}

/**
 * A grid whose drawn columns are wide but empty in every row (a column left to fill in, or
 * with nothing to say) keeps them: only narrow empty columns are padding between double
 * rules. For plain grids (no spans) whose cleaned form was no table.
 */
function wideEmptyColumnsKept(rows: TableCellOut[][], xs: number[]): TableCellOut[][] | undefined {
  const nc = xs.length - 1;
  if (
    nc < 2 ||
    rows.some((r) => r.length !== nc || r.some((c) => (c.colSpan ?? 1) > 1 || (c.rowSpan ?? 1) > 1))
  )
    return undefined;
  const width = xs[nc] - xs[0];
  const keep: number[] = [];
  for (let c = 0; c < nc; c++)
    if (rows.some((r) => r[c].text !== '') || xs[c + 1] - xs[c] >= Math.max(24, 0.12 * width)) keep.push(c);
  const out = dropEmpty(rows).map((r) => keep.map((c) => r[c]));
  if (keep.length < 2 || out.length < 2) return undefined;
  // A table's stub: the first column names most rows (a chart's boxed value labels do not).
  if (out.filter((r) => r[0].text !== '').length < Math.max(2, (2 / 3) * out.length)) return undefined;
  return out;
}

/**
 * Tables drawn with inside borders only have no frame: the horizontal rules run past the
 * outermost vertical ones (to the table's sides) and the vertical rules past the outermost
 * horizontal ones (to its top or bottom). Those ends are the table's edges; without them
 * the first and last rows and columns would fall outside the grid.
 */
function openGridEdges(h: readonly Rule[], v: readonly Rule[], xs: number[], ys: number[]): boolean {
  const before = xs.length + ys.length;
  const hx0 = Math.min(...h.map((r) => r.x0));
  const hx1 = Math.max(...h.map((r) => r.x1));
  const vy0 = Math.min(...v.map((r) => r.y0));
  const vy1 = Math.max(...v.map((r) => r.y1));
  // Only where most rules overshoot: one long rule under a frame is not an open grid.
  const overshoot = (list: readonly Rule[], past: (r: Rule) => boolean) =>
    list.filter(past).length >= Math.max(2, 0.6 * list.length);
  const MIN = 8;
  // An added row far deeper than any drawn one is more likely rows whose lines are missing
  // (drawn as shading, found in the next pass) than one open row; columns vary more.
  const widest = (at: number[]) => Math.max(...at.slice(1).map((x, i) => x - at[i]));
  const fits = (band: number, at: number[]) => band >= MIN && band <= 2.5 * widest(at);
  const rh = ys.slice();
  if (xs[0] - hx0 >= MIN && overshoot(h, (r) => r.x0 < xs[0] - MIN)) xs.unshift(hx0);
  if (hx1 - xs[xs.length - 1] >= MIN && overshoot(h, (r) => r.x1 > xs[xs.length - 1] + MIN)) xs.push(hx1);
  if (fits(ys[0] - vy0, rh) && overshoot(v, (r) => r.y0 < ys[0] - MIN)) ys.unshift(vy0);
  if (fits(vy1 - ys[ys.length - 1], rh) && overshoot(v, (r) => r.y1 > ys[ys.length - 1] + MIN)) ys.push(vy1);
  return xs.length + ys.length > before;
}

/**
 * Open grids (inside borders only) often set their header row above the first rule, with no
 * lines of its own: a row of text right above the top rule whose pieces each sit inside one
 * column, in two columns or more (a caption is one piece), is the header. Returns the new
 * top edge.
 */
function headerAbove(
  runs: readonly TextRun[],
  used: Set<number>,
  h: readonly Rule[],
  xs: number[],
  ys: number[],
): number | undefined {
  const top = ys[0];
  if (!h.some((r) => Math.abs(r.y0 - top) <= 3 && r.x0 <= xs[0] + 3 && r.x1 >= xs[xs.length - 1] - 3)) return;
  const band: TextRun[] = [];
  runs.forEach((r, i) => {
    if (used.has(i) || r.rotated || r.text.trim() === '') return;
    const cx = (r.x0 + r.x1) / 2;
    if (cx < xs[0] || cx > xs[xs.length - 1] || r.y1 > top + 1 || r.y0 < top - 3 * r.size) return;
    band.push(r);
  });
  if (band.length < 2) return;
  const col = (r: TextRun) => {
    for (let c = 0; c < xs.length - 1; c++) if (r.x0 >= xs[c] - 1 && r.x1 <= xs[c + 1] + 1) return c;
    return -1;
  };
  const cols = band.map(col);
  if (cols.some((c) => c < 0) || new Set(cols).size < 2) return;
  // Right above the rule: at most two lines of header, the lowest within a line of the rule.
  const size = Math.max(...band.map((r) => r.size));
  if (top - Math.max(...band.map(nominalBottom)) > 1.2 * size) return;
  const bases = [...new Set(band.map((r) => Math.round(r.base)))].sort((a, b) => a - b);
  if (bases.length > 1 && bases[bases.length - 1] - bases[0] > 2.6 * size) return;
  return Math.min(...band.map((r) => r.y0)) - 1;
}

/** Splits a run at spaces, placing words by their share of its characters. */
export function splitWords(run: TextRun): TextRun[] {
  if (!/\s/.test(run.text.trim())) return [run];
  const chars = [...run.text];
  const step = (run.x1 - run.x0) / Math.max(1, chars.length);
  const out: TextRun[] = [];
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const space = i === chars.length || /\s/.test(chars[i]);
    if (!space && start < 0) start = i;
    if (space && start >= 0) {
      out.push(
        changedRun(run, {
          text: chars.slice(start, i).join(''),
          x0: run.x0 + start * step,
          x1: run.x0 + i * step,
        }),
      );
      start = -1;
    }
  }
  return out;
}

/**
 * Drops grid columns that hold no text in any row (padding boxes and double rules make them),
 * narrowing the spans that cross them.
 */
export function dropEmptyColumns(rows: TableCellOut[][]): TableCellOut[][] {
  // Occupancy grid: which cell covers each (row, column).
  const grid: (TableCellOut | undefined)[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (grid[r][c]) c++;
      for (let dr = 0; dr < (cell.rowSpan ?? 1) && r + dr < rows.length; dr++)
        for (let dc = 0; dc < (cell.colSpan ?? 1); dc++) grid[r + dr][c + dc] = cell;
      c += cell.colSpan ?? 1;
    }
  });
  const width = Math.max(0, ...grid.map((g) => g.length));
  const drop = new Set<number>();
  for (let c = 0; c < width; c++) {
    const removable = grid.every((g) => {
      const cell = g[c];
      if (!cell || cell.text === '') return true;
      // A spanning cell may lose this column while it keeps another: not its last one, or a
      // row-wide cell ("Learning Outcomes" over the two columns below) would lose its span.
      return g.some((other, k) => other === cell && k !== c && !drop.has(k));
    });
    if (removable) drop.add(c);
  }
  if (drop.size === 0 || drop.size === width) return rows;
  const out: TableCellOut[][] = rows.map(() => []);
  const seen = new Set<TableCellOut>();
  grid.forEach((g, r) => {
    for (let c = 0; c < width; c++) {
      const cell = g[c];
      if (!cell || seen.has(cell)) continue;
      // Span width after dropping: columns it covers that stay.
      let covered = 0;
      for (let k = c; k < width && g[k] === cell; k++) if (!drop.has(k)) covered++;
      seen.add(cell);
      if (covered === 0 && cell.text === '') continue;
      covered = Math.max(1, covered);
      const copy: TableCellOut = { text: cell.text };
      if (cell.rowSpan && cell.rowSpan > 1) copy.rowSpan = cell.rowSpan;
      if (covered > 1) copy.colSpan = covered;
      out[r].push(copy);
    }
  });
  return out;
}

/**
 * Merges neighbouring columns that never both hold text in one row: a narrow number centred
 * under a wide header makes its own column otherwise. Only for tables without spans.
 */
export function mergeExclusiveColumns(rows: TableCellOut[][]): TableCellOut[][] {
  if (rows.length < 2 || rows.some((r) => r.some((c) => (c.colSpan ?? 1) > 1 || (c.rowSpan ?? 1) > 1)))
    return rows;
  const width = Math.max(...rows.map((r) => r.length));
  const grid = rows.map((r) => Array.from({ length: width }, (_, i) => r[i]?.text ?? ''));
  return mergeColumnsAs(grid, grid).map((r) => r.map((text) => ({ text })));
}

/**
 * The merges of mergeExclusiveColumns, decided on `probe` and made on `grid` (of the same
 * shape): a header of two rows is probed as one row, so that a sub-header under an empty
 * header column does not let that column merge with the next.
 */
function mergeColumnsAs(grid: string[][], probe: string[][]): string[][] {
  let c = 0;
  while (c < probe[0].length - 1 && probe[0].length > 2) {
    const clash = probe.some((r) => r[c] !== '' && r[c + 1] !== '');
    if (!clash) {
      const join = (r: string[]) => [...r.slice(0, c), r[c] || r[c + 1], ...r.slice(c + 2)];
      grid = grid.map(join);
      probe = probe.map(join);
    } else c++;
  }
  return grid;
}

/**
 * Whether a grid reads as a table: two rows and two columns at least, mostly filled, and not
 * only numbers (the bars and value labels of a chart make grids of numbers).
 */
export function plausibleTable(rows: TableCellOut[][], minFill = 0.5): boolean {
  if (rows.length < 2) return false;
  const width = Math.max(...rows.map((r) => r.reduce((w, c) => w + (c.colSpan ?? 1), 0)));
  if (width < 2) return false;
  const cells = rows.flat();
  const filled = cells.filter((c) => c.text !== '');
  if (filled.length < 3 || filled.length < minFill * cells.length) return false;
  const numeric = filled.filter((c) => /^[\d\s.,%()+\-–$€£]+$/.test(c.text));
  const headerHasWords = rows.slice(0, 2).some((r) => r.some((c) => HAS_LETTER.test(c.text)));
  return !(numeric.length >= 0.8 * filled.length && !headerHasWords);
}

/** Drops rows with no text and no spans (double rules make thin empty rows). */
function dropEmpty(rows: TableCellOut[][]): TableCellOut[][] {
  return rows.filter((row) => row.some((c) => c.text !== '' || (c.rowSpan ?? 1) > 1));
}

/** Horizontal rules longer than a word, pieces on one line merged, top to bottom. */
export function longHorizontalRules(rules: readonly Rule[]): Rule[] {
  return mergeRules(
    rules.filter((r) => r.y0 === r.y1 && r.x1 - r.x0 > 60),
    true,
  ).sort((a, b) => a.y0 - b.y0);
}

/**
 * Tables drawn with horizontal rules only (the booktabs style of papers): three or more
 * stacked rules of about the same extent bound a table whose columns come from the gaps
 * shared by the text rows between them.
 */
export function findRuleBoundTables(
  runs: readonly TextRun[],
  rules: readonly Rule[],
  taken: Set<number>,
): FoundTable[] {
  const hs = longHorizontalRules(rules);
  const out: FoundTable[] = [];
  /** Whether text lies beside `short` under it, in the part of `full` it leaves out, above `until`. */
  const labelsBeside = (short: Rule, full: Rule, until: number) =>
    runs.some((r) => {
      const cx = (r.x0 + r.x1) / 2;
      const cy = (r.y0 + r.y1) / 2;
      return cy > short.y0 && cy < until && cx > full.x0 && cx < full.x1 && (cx < short.x0 || cx > short.x1);
    });
  let i = 0;
  while (i < hs.length) {
    const group = [hs[i]];
    const sameExtent = (r: Rule) => Math.abs(r.x0 - hs[i].x0) < 15 && Math.abs(r.x1 - hs[i].x1) < 15;
    const nested = (r: Rule) => !sameExtent(r) && r.x0 > hs[i].x0 - 2 && r.x1 < hs[i].x1 + 2;
    let j = i + 1;
    let skipped = false;
    while (j < hs.length && hs[j].y0 - group[group.length - 1].y0 < 250) {
      // A shorter rule inside the table's extent just under its top rule (under a spanning
      // header, or under the columns beside a row label that spans the header's rows) is the
      // header's own and does not end the table when a rule of the table's extent follows.
      // Only under the first rule: past a group's second rule, the first may be a page's
      // running-head rule over prose, which the header's rules would then join to the table.
      let k = j;
      while (group.length === 1 && k < hs.length && nested(hs[k])) k++;
      // The part of the table such a rule leaves out holds the body's row labels below it; a
      // part left blank down to the next rule is a cell spanning the rows the rule parts.
      if (k > j && k < hs.length && hs.slice(j, k).some((r) => !labelsBeside(r, hs[i], hs[k].y0))) k = j;
      if (k >= hs.length || !sameExtent(hs[k]) || hs[k].y0 - group[group.length - 1].y0 >= 250) {
        // Shorter rules in the body as well are a table ruled row by row with row labels
        // spanning rows (the grid and band readings take it): not a header's rules.
        if (skipped && nested(hs[j])) {
          group.length = 1;
          j = i + 1;
        }
        break;
      }
      skipped ||= k > j;
      group.push(hs[k]);
      j = k + 1;
    }
    i = j;
    if (group.length < 2) continue;
    const banded = rowRuledTable(group, runs, taken);
    if (banded && plausibleTable(banded.rows, 0.3) && !contentsGrid(banded.rows)) {
      for (const k of banded.runs) taken.add(k);
      out.push(banded);
      continue;
    }
    const box = { x0: group[0].x0 - 2, x1: group[0].x1 + 2, y0: group[0].y0, y1: group[group.length - 1].y0 };
    const inside: number[] = [];
    runs.forEach((r, idx) => {
      if (taken.has(idx)) return;
      const cx = (r.x0 + r.x1) / 2;
      const cy = (r.y0 + r.y1) / 2;
      if (cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1) inside.push(idx);
    });
    if (inside.length < 4) continue;
    const grid = gridFromText(inside.map((k) => runs[k]));
    if (!grid || !plausibleTable(grid) || contentsGrid(grid)) continue;
    const t = { box, rows: grid, ruled: true, runs: new Set(inside) };
    rowsPastRules(runs, taken, t);
    for (const k of t.runs) taken.add(k);
    out.push(t);
  }
  return out;
}

const figuresInOne = (text: string) => {
  const words = text.split(/\s+/);
  return words.length > 1 && words.every((w) => NUMBER.test(w));
};

/** Rows a table may reach past its outermost rules, each way. */
const PAST_RULE_ROWS = 12;

/**
 * The rules of a statement are not always the table's top and bottom: a header set above the
 * rule under it, a totals row under the rule over it, groups of rows between totals rules
 * (financial statements, report tables ruled only there). A line just past the outer rule is
 * the table's when the table's columns take it as one more row of two or more cells, none
 * spanning, leaving the other rows as they were; a row label alone (a group's label) is the
 * table's only when such a row lies past it. A caption or a line of prose fills one cell or
 * reshapes the columns, and stays text.
 */
function rowsPastRules(runs: readonly TextRun[], taken: Set<number>, t: FoundTable): void {
  const key = (g: TableCellOut[][]) => g.map((r) => r.map((c) => c.text).join('\t')).join('\n');
  for (const up of [true, false]) {
    const got = new Set(t.runs);
    let edge = up ? t.box.y0 : t.box.y1;
    let pending: number[] = [];
    const inner = [...t.runs].map((k) => runs[k]);
    const padding = up
      ? Math.min(...inner.map((r) => r.y0)) - t.box.y0
      : t.box.y1 - Math.max(...inner.map((r) => r.y1));
    const free = (r: TextRun, idx: number) => {
      const cx = (r.x0 + r.x1) / 2;
      return !taken.has(idx) && !got.has(idx) && !r.rotated && cx >= t.box.x0 && cx <= t.box.x1;
    };
    for (let n = 0; n < PAST_RULE_ROWS; n++) {
      // The nearest free line past the edge, within a line's height of it.
      let near = -1;
      runs.forEach((r, idx) => {
        if (!free(r, idx) || (up ? r.y1 > edge : r.y0 < edge)) return;
        if (near < 0 || (up ? r.base > runs[near].base : r.base < runs[near].base)) near = idx;
      });
      if (near < 0) break;
      const b = runs[near];
      // The first line past the rule sits as near it as the table's own row on the other side
      // (the cells' padding); prose after a table sits a margin away.
      const gap = up ? edge - b.y1 : b.y0 - edge;
      if (gap > (n === 0 ? padding + 0.3 * b.size : 1.5 * b.size)) break;
      const line: number[] = [];
      let wider = false;
      runs.forEach((r, idx) => {
        if (taken.has(idx) || got.has(idx) || Math.abs(r.base - b.base) > 0.4 * b.size) return;
        if (free(r, idx)) line.push(idx);
        // A line running on past the table's edge (cells the rules do not reach) is not its row.
        else if (r.x1 > t.box.x0 - 3 * b.size && r.x0 < t.box.x1 + 3 * b.size) wider = true;
      });
      if (wider) break;
      const next = gridFromText([...t.runs, ...pending, ...line].map((k) => runs[k]));
      const rows = pending.length ? 2 : 1;
      if (!next || next.length !== t.rows.length + rows) break;
      const added = up ? next.slice(0, rows) : next.slice(-rows);
      const rest = up ? next.slice(rows) : next.slice(0, -rows);
      if (key(rest) !== key(t.rows)) break;
      const row = up ? added[0] : added[added.length - 1];
      // Figures side by side in one cell are columns the table's do not part.
      if (row.some((c) => (c.colSpan ?? 1) > 1 || figuresInOne(c.text))) break;
      const filled = row.filter((c) => c.text !== '').length;
      for (const k of line) {
        got.add(k);
        edge = up ? Math.min(edge, runs[k].y0) : Math.max(edge, runs[k].y1);
      }
      if (filled === 1 && row[0].text !== '' && !pending.length) {
        pending = line;
        continue;
      }
      // A row of the table fills most of its columns (a header over figures, a totals row).
      if (filled < Math.max(2, row.length / 2)) break;
      t.rows = next;
      for (const k of [...pending, ...line]) t.runs.add(k);
      t.box = up ? { ...t.box, y0: edge } : { ...t.box, y1: edge };
      pending = [];
    }
  }
}

/**
 * Rows and columns from text alone: fragments grouped by baseline give rows, gaps shared by
 * the rows give columns; a fragment crossing a column gap spans those columns. Continuation
 * lines of a wrapped cell are folded into the row above.
 */
export function gridFromText(
  input: TextRun[],
  recognized = false,
  cutEdges: readonly Gutter[] = [],
): TableCellOut[][] | undefined {
  // A run of figures side by side ("2,753,438 2,799,250") is cells of several columns set a
  // word space apart: its figures are placed one by one (digits are of one width).
  const runs = input.flatMap((r) => (figureRun(r.text) ? splitWords(r) : [r]));
  // Columns set closer than a font size apart still leave a gap at the same x on every row.
  // Not among OCR'd words (`recognized`, one run a word): a wide header cell's word gap over an
  // empty channel between two columns passes for one (as findTextTables says of the page's).
  const frags = buildLines(runs, recognized ? [] : withEdges(findGutters(runs), cutEdges));
  if (frags.length < 4) return undefined;
  // Baseline rows.
  frags.sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const lines: Line[][] = [];
  for (const f of frags) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last[0].base - f.base) <= 0.4 * f.size) last.push(f);
    else lines.push([f]);
  }
  const rows = centredRows(lines);
  const maxCols = Math.max(...rows.map((r) => r.length));
  if (maxCols < 2) return undefined;
  // Column gaps from the rows with most fragments (spanning headers would hide them).
  // The lines of a wrapped header row are one row: each of its lines spans what its cells do.
  const head = headerLines(rows);
  const basisRows = rows.filter((r, k) => k < head || r.length >= Math.max(2, Math.ceil(maxCols / 2)));
  // A cell of a shorter row centred over two columns of the full rows ("2019" over "Share
  // Rural") bridges the gap between them: the gaps every full row leaves stay, and the piece
  // spans its columns (rowCells). A wrapped header cell set flush left does not part them.
  const full = rows.filter((r) => r.length >= Math.max(2, maxCols - 1));
  const fullGaps = gapsOf(full.flatMap((r) => columnPieces(r, basisRows))).gaps;
  const spans = (r: Line[]) => full.length >= FULL_ROWS && r.length < maxCols - 1;
  const { cuts, starts } = gapsOf(
    basisRows.flatMap((r) =>
      columnPieces(r, basisRows).filter(
        ([x0, x1]) =>
          !spans(r) ||
          !fullGaps.some(
            ([lo, hi]) => x0 < lo && x1 > hi && Math.abs(x0 + x1 - lo - hi) / 2 <= CENTRED * (x1 - x0),
          ),
      ),
    ),
  );
  if (cuts.length === 0) return undefined;
  const nc = cuts.length + 1;
  const colOf = (x: number) => {
    let c = 0;
    while (c < cuts.length && x > cuts[c]) c++;
    return c;
  };
  // Fold continuation rows (fewer cells, close below, no cell in the first column) upwards;
  // a second header row of sub-headers under a group header stays a row.
  const merged: Line[][] = [];
  let grouped = false;
  // A padded table's rows are parted by more than a wrapped cell's lines (padded-rows.ts).
  const padded = paddedWraps(rows);
  // A header row whose cells wrap is one row, whichever line its first column's text is set on
  // (cells set to the foot of the row leave the stub on the last line).
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k];
    const prev = merged[merged.length - 1];
    if (k > 0 && k < head) {
      prev.push(...r);
      continue;
    }
    const firstCol = r.some((f) => colOf(f.x0) === 0);
    const close = prev && leadGap(prev, r) < 0.6 * r[0].size;
    // The header ends at the sub-headers: figures follow (a third line of words is the header's
    // cells wrapping, which the row merges cannot tell from rows). The sub-headers sit under
    // the header as close as a row, or as the rows under them sit to each other: a table
    // whose rows are padded sets its header rows as far apart as its body rows.
    const next = rows[k + 1];
    const sub =
      merged.length === 1 &&
      !firstCol &&
      next?.some((f) => NUMBER.test(f.text.trim())) &&
      (close || leadGap(prev, r) <= leadGap(r, next) + ROW_PITCH_TOL * r[0].size) &&
      subHeaders(prev, r, colOf);
    if (
      prev &&
      close &&
      !sub &&
      (padded[k] ||
        (!firstCol && r.length < nc && !figuresUnderFigures(prev, r)) ||
        headerWrap(prev, r, merged.length, colOf) ||
        stubWrap(prev, r, nc, colOf))
    ) {
      prev.push(...r);
    } else merged.push(r.slice());
    if (sub) grouped = true;
  }
  const drop = headersOverFigures(merged, cuts);
  const keptCuts = cuts.filter((_, k) => !drop.has(k));
  const keptStarts = starts.filter((_, k) => !drop.has(k));
  const out: TableCellOut[][] = [];
  for (const r of merged) out.push(rowCells(stackedLines(r), keptCuts, keptStarts, keptCuts.length + 1));
  return stubGroupSpans(grouped ? groupHeaderSpans(out) : mergeExclusiveColumns(out));
}

/** How far (share of its width) a spanning cell's middle may sit from the gap it is centred over. */
const CENTRED = 0.25;
/** Rows of the most pieces there must be for the gaps they leave to part columns under spanning cells. */
const FULL_ROWS = 3;

/**
 * The column gaps that x-ranges leave: for each, its cut (the middle), where the column after it
 * starts, and the gap itself.
 */
function gapsOf(input: [number, number][]): { cuts: number[]; starts: number[]; gaps: [number, number][] } {
  const ranges = input.slice().sort((a, b) => a[0] - b[0]);
  const cuts: number[] = [];
  /** Where the column after each cut starts: the left edge its cells share. */
  const starts: number[] = [];
  const gaps: [number, number][] = [];
  let reach = ranges.length ? ranges[0][1] : 0;
  for (let k = 1; k < ranges.length; k++) {
    if (ranges[k][0] > reach + 2) {
      cuts.push((ranges[k][0] + reach) / 2);
      starts.push(ranges[k][0]);
      gaps.push([reach, ranges[k][0]]);
    }
    reach = Math.max(reach, ranges[k][1]);
  }
  return { cuts, starts, gaps };
}

/**
 * The column gaps to close where a header cell set flush left stands over figures set flush
 * right (report tables, spreadsheets printed): a narrow column of figures leaves its header's
 * left part clear, so the header cell and the figures under it read as two columns side by
 * side, the header's holding text in the header rows only and the figures' in the body rows
 * only. The gap after a column is closed when the column holds text only in rows above every
 * row the next column holds text in, and those are figures in two rows or more. Pieces that
 * cross a gap (a group header centred over its columns) are no evidence either way.
 */
function headersOverFigures(rows: Line[][], cuts: number[]): Set<number> {
  const drop = new Set<number>();
  if (rows.length < 3) return drop;
  const colOf = (x: number) => {
    let c = 0;
    while (c < cuts.length && x > cuts[c]) c++;
    return c;
  };
  // Rows holding text in each column (one-column pieces only), and whether all of it is figures.
  const rowsIn: number[][] = cuts.map(() => []).concat([[]]);
  const figures: boolean[] = rowsIn.map(() => true);
  rows.forEach((r, k) => {
    for (const f of r) {
      const c = colOf(f.x0 + 0.5);
      if (c !== colOf(f.x1 - 0.5)) continue;
      if (rowsIn[c][rowsIn[c].length - 1] !== k) rowsIn[c].push(k);
      if (!NUMBER.test(f.text.trim())) figures[c] = false;
    }
  });
  for (let c = 0; c < cuts.length; c++) {
    const head = rowsIn[c];
    const body = rowsIn[c + 1];
    if (head.length === 0 || body.length < 2 || !figures[c + 1]) continue;
    if (Math.max(...head) < Math.min(...body)) {
      drop.add(c);
      c++;
    }
  }
  return drop;
}

/** How much further (font sizes) sub-headers may sit under their header than the body's rows sit apart. */
const ROW_PITCH_TOL = 0.1;

/**
 * A second header row under the first ("2022 2023" under "Population"): two pieces or more,
 * none in the first column, one under a header cell of the row above and one under a column
 * that row leaves empty, which no wrapped header cell fills (a wrap continues the cells above
 * it only). And the row above is a header row of its own: one of its cells spans columns, or
 * stands over nothing in this row ("Region", set over both rows). Header cells wrapped onto
 * lines of their own, set to the bottom of their row, leave columns empty too, but each of
 * their first lines has its next line under it.
 */
function subHeaders(prev: Line[], r: Line[], colOf: (x: number) => number): boolean {
  if (r.length < 2) return false;
  const covered = new Set<number>();
  let own = false;
  const under = r.map((f) => colOf(f.x0 + 0.5));
  for (const f of prev) {
    const c0 = colOf(f.x0 + 0.5);
    const c1 = colOf(f.x1 - 0.5);
    if (c1 > c0 || !under.includes(c0)) own = true;
    for (let c = c0; c <= c1; c++) covered.add(c);
  }
  return own && under.some((c) => covered.has(c)) && under.some((c) => !covered.has(c));
}

/**
 * The spans of a header of two rows: a header cell over sub-headers spans the empty header
 * columns after it that have sub-headers of their own ("Population" over "2022 2023"), a header
 * cell with no sub-header under it spans both rows ("Region"). Columns that never both hold
 * text merge as in mergeExclusiveColumns. Left as they are when a cell already spans columns.
 */
function groupHeaderSpans(cells: TableCellOut[][]): TableCellOut[][] {
  if (cells.some((r) => r.length !== cells[0].length || r.some((c) => (c.colSpan ?? 1) > 1)))
    return stubsOverSubHeaders(cells);
  const texts = cells.map((r) => r.map((c) => c.text));
  const both = texts[0].map((t, i) => (t && texts[1][i] ? `${t} ${texts[1][i]}` : t || texts[1][i]));
  const rows = mergeColumnsAs(texts, [both, both, ...texts.slice(2)]).map((r) => r.map((text) => ({ text })));
  const [top, sub] = rows;
  const newTop: TableCellOut[] = [];
  const newSub: TableCellOut[] = [];
  for (let c = 0; c < top.length; ) {
    if (top[c].text !== '' && sub[c].text === '') {
      newTop.push({ text: top[c].text, rowSpan: 2 });
      c++;
      continue;
    }
    let k = c + 1;
    if (top[c].text !== '') while (k < top.length && top[k].text === '' && sub[k].text !== '') k++;
    newTop.push(k - c > 1 ? { text: top[c].text, colSpan: k - c } : top[c]);
    for (let j = c; j < k; j++) newSub.push(sub[j]);
    c = k;
  }
  return [newTop, newSub, ...rows.slice(2)];
}

/**
 * When the group headers already span their columns (rowCells found them crossing the gaps), a
 * header cell with no sub-header under it still spans both header rows ("Region" beside "2019"
 * over "Share Rural"). Only when the rows below the header have no spans and the sub-header row
 * fills every column the spanning cells cover.
 */
function stubsOverSubHeaders(cells: TableCellOut[][]): TableCellOut[][] {
  const [top, sub] = cells;
  const width = (r: TableCellOut[]) => r.reduce((w, c) => w + (c.colSpan ?? 1), 0);
  if (
    cells.length < 3 ||
    cells
      .slice(1)
      .some((r) => r.length !== sub.length || r.some((c) => (c.colSpan ?? 1) > 1 || (c.rowSpan ?? 1) > 1)) ||
    width(top) !== sub.length ||
    top.some((c) => (c.rowSpan ?? 1) > 1)
  )
    return cells;
  const newTop: TableCellOut[] = [];
  const newSub: TableCellOut[] = [];
  let p = 0;
  for (const cell of top) {
    const span = cell.colSpan ?? 1;
    const below = sub.slice(p, p + span);
    if (span > 1 && below.some((c) => c.text === '')) return cells;
    if (span === 1 && cell.text !== '' && below[0].text === '') newTop.push({ ...cell, rowSpan: 2 });
    else {
      newTop.push(cell);
      newSub.push(...below);
    }
    p += span;
  }
  return [newTop, newSub, ...cells.slice(2)];
}

/**
 * Below a font size, a gap inside one fragment may still be a column gap (header cells set a
 * little closer than the body's); from this wide (in font sizes) it is never a word space.
 */
const CELL_GAP = 0.4;
/** How close (points) two cells' left edges must be to start one left-aligned column. */
const ALIGN_TOL = 1.5;

/**
 * The x-ranges a row's fragments cover when column gaps are sought. A fragment is cut at a
 * gap between its runs wider than a word space (CELL_GAP) where the run after the gap starts
 * at the left edge of a cell of another row: a column the other rows line up on ("Retreat (m)
 * Survey count" over "1.8 … 8"), which a header's closer setting would otherwise hide.
 */
function columnPieces(row: Line[], basis: Line[][]): [number, number][] {
  const out: [number, number][] = [];
  for (const f of row) {
    if (f.runs.length < 2) {
      out.push([f.x0, f.x1]);
      continue;
    }
    const rs = f.runs.slice().sort((a, b) => a.x0 - b.x0);
    let start = rs[0].x0;
    let reach = rs[0].x1;
    for (let k = 1; k < rs.length; k++) {
      const r = rs[k];
      const aligned =
        r.x0 - reach >= CELL_GAP * f.size &&
        basis.some((other) => other !== row && other.some((g) => Math.abs(g.x0 - r.x0) <= ALIGN_TOL));
      if (aligned) {
        out.push([start, reach]);
        start = r.x0;
      }
      reach = Math.max(reach, r.x1);
    }
    out.push([start, reach]);
  }
  return out;
}

const NUMBER = /^[-+−–(]?[\d.,]+%?\)?$/;

/**
 * A line with a figure under a figure of the line above (their x-ranges overlap) is a row of its
 * own: a figure does not wrap onto a second line, so a line without a first-column piece whose
 * figures sit under figures is a row whose label above spans it, not the row above wrapping.
 */
function figuresUnderFigures(prev: Line[], r: Line[]): boolean {
  const figure = (f: Line) => NUMBER.test(f.text.trim());
  return r.some((f) => figure(f) && prev.some((g) => figure(g) && g.x0 < f.x1 && f.x0 < g.x1));
}

/** Two figures or more and nothing else ("3,001,337 3,039,015", "12.5 (1.1)"). */
function figureRun(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 2 && words.every((w) => NUMBER.test(w) || /^[—–-]$/.test(w));
}

/**
 * A first-column cell wrapped onto a second line ("Coastal monitoring and / survey work"): a
 * row with a piece in the first column and fewer pieces than columns, each opening in lower
 * case under a cell of its column that ends mid-phrase (no full stop, colon or semicolon),
 * continues the row above; other cells of the row may wrap with it ("Fund process / programme"
 * beside "Office experience / target"). Section labels between rows ("North") open with a
 * capital and stay rows.
 */
function stubWrap(prev: Line[], r: Line[], nc: number, colOf: (x: number) => number): boolean {
  if (r.length >= nc || !r.some((f) => colOf(f.x0 + 0.5) === 0)) return false;
  return r.every((f) => {
    if (!STARTS_LOWER.test(f.text)) return false;
    const above = prev.filter((g) => colOf(g.x0 + 0.5) === colOf(f.x0 + 0.5));
    return above.length > 0 && !/[.:;]$/.test(above[above.length - 1].text.trim());
  });
}

/**
 * A header cell wrapped onto a second line ("Slope Gradient / (%)"): among the first two rows,
 * a row of words, no figures, with fewer pieces than the row above and each piece under one of
 * its cells, continues it.
 */
function headerWrap(prev: Line[], r: Line[], at: number, colOf: (x: number) => number): boolean {
  // Fewer pieces than the fullest line the header holds, not than all it gathered: once a wrap
  // is folded in, a full row of words under it (a table of words only) would else read as one.
  const fullest = Math.max(
    ...prev.map((f) => prev.filter((g) => Math.abs(g.base - f.base) <= 0.4 * f.size).length),
  );
  if (at > 2 || r.length >= fullest) return false;
  if ([...prev, ...r].some((f) => NUMBER.test(f.text.trim()))) return false;
  const above = new Set(prev.map((f) => colOf(f.x0 + 0.5)));
  return r.every((f) => above.has(colOf(f.x0 + 0.5)));
}

/**
 * The cells of one text row of a borderless table, given the column cuts: fragments that
 * straddle a cut only because the columns sit close are split, a fragment over several
 * columns spans them. Apart from gridFromText so each is optimized on its own.
 */
function rowCells(r: Line[], cuts: number[], starts: number[], nc: number): TableCellOut[] {
  const colOf = (x: number) => {
    let c = 0;
    while (c < cuts.length && x > cuts[c]) c++;
    return c;
  };
  const cells: { c0: number; c1: number; frags: Line[] }[] = [];
  // A fragment that crosses a column gap only because its columns sit closer than a font
  // size (its runs end before the gap and start after it) is one cell per column.
  const assigned = new Map<Line, number>();
  const pieces = r.flatMap((f) => {
    const c0 = colOf(f.x0 + 0.5);
    const c1 = colOf(f.x1 - 0.5);
    if (c0 === c1) return [f];
    const inside = starts.slice(c0, c1);
    // No run may straddle the start of a column it crosses…
    if (f.runs.some((run) => inside.some((x) => run.x0 < x - 0.5 && run.x1 > x + 0.5))) return [f];
    // …and the gap before each such column must be wider than a word space.
    const wide = inside.every((x) => {
      const before = f.runs.filter((run) => run.x0 < x - 0.5);
      const after = f.runs.filter((run) => run.x0 >= x - 0.5);
      if (!before.length || !after.length) return true;
      return (
        Math.min(...after.map((run) => run.x0)) - Math.max(...before.map((run) => run.x1)) >= 0.4 * f.size
      );
    });
    if (!wide) return [f];
    const byCol = new Map<number, TextRun[]>();
    for (const run of f.runs) {
      let c = c0;
      while (c < c1 && run.x0 >= starts[c] - 0.5) c++;
      byCol.set(c, [...(byCol.get(c) ?? []), run]);
    }
    return [...byCol].map(([c, runs]) => {
      const piece = makeLine(runs);
      assigned.set(piece, c);
      return piece;
    });
  });
  for (const f of pieces.sort((a, b) => a.x0 - b.x0)) {
    const c0 = assigned.get(f) ?? colOf(f.x0 + 0.5);
    const c1 = assigned.get(f) ?? colOf(f.x1 - 0.5);
    const hit = cells.find((c) => c0 <= c.c1 && c1 >= c.c0);
    if (hit) {
      hit.frags.push(f);
      hit.c0 = Math.min(hit.c0, c0);
      hit.c1 = Math.max(hit.c1, c1);
    } else cells.push({ c0, c1, frags: [f] });
  }
  cells.sort((a, b) => a.c0 - b.c0);
  const row: TableCellOut[] = [];
  let col = 0;
  for (const c of cells) {
    while (col < c.c0) {
      row.push({ text: '' });
      col++;
    }
    const text = makeLine(c.frags.flatMap((f) => f.runs)).text;
    const ordered = c.frags
      .slice()
      .sort((a, b) => a.base - b.base || a.x0 - b.x0)
      .map((f) => f.text)
      .join(' ');
    const cell: TableCellOut = { text: c.frags.length > 1 ? ordered : text };
    if (c.c1 > c.c0) cell.colSpan = c.c1 - c.c0 + 1;
    row.push(cell);
    col = c.c1 + 1;
  }
  while (col < nc) {
    row.push({ text: '' });
    col++;
  }
  return row;
}

/** Gutters with the column edges where the reader's joins were cut (cut-joins.ts). */
function withEdges(gutters: Gutter[], cutEdges: readonly Gutter[]): Gutter[] {
  return cutEdges.length ? [...gutters, ...cutEdges] : gutters;
}

/** Leader dots, or a rule typed as a row of dashes. */
const LEADER = /^(?:[.\u2026·]{3,}|[-=_\u2013\u2014]{3,})$/;

/**
 * A run set in a fixed-pitch font (every character 0.6 em wide, as Courier's), where spaces
 * lay columns out: several characters with a space between, or leader dots.
 */
function typewritten(r: TextRun): boolean {
  const n = codePoints(r.text);
  if (n < 3) return false;
  // The pitch first: it is cheap, and most runs are set in proportional fonts.
  const per = (r.x1 - r.x0) / n / r.size;
  if (!(per > 0.58 && per < 0.62)) return false;
  const t = r.text.trim();
  if (LEADER.test(t) || /\S {2,}\S/.test(t)) return true;
  // Columns: two spaces or more, or figures side by side; prose and captions stay whole.
  const words = t.split(/\s+/);
  const figures = words.filter((w) => /^[-+(]?[\d.,]+%?\)?$/.test(w)).length;
  // Leader dots count as figures, but one figure beside a label ("Gauge 1") is no columns: in a
  // proportional font such a run can average 0.6 em a character too.
  const leaders = words.filter((w) => LEADER.test(w)).length;
  return words.length >= 2 && figures >= 0.5 * words.length && (figures - leaders >= 2 || leaders > 0);
}

/** Characters of a string as code points (a surrogate pair is one), without an array of them. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const p = s.charCodeAt(i - 1);
      if (p >= 0xd800 && p <= 0xdbff) n--;
    }
  }
  return n;
}

/**
 * Borderless tables: a run of at least three consecutive baseline rows that each split into
 * two or more short fragments sharing column positions. Long fragments are text columns,
 * and a trailing column of bare numbers with text before it is a table of contents.
 * `seen.gutters` gets the gutters of the runs not taken when no run was split into words, and
 * `seen.lines` the lines read from those runs with them (in buildLines' order) when no table
 * took any of them, for the page's lines to reuse when no later table takes any either.
 */
export function findTextTables(
  runs: readonly TextRun[],
  taken: Set<number>,
  pageWidth: number,
  seen: { gutters?: Gutter[]; lines?: Line[] } = {},
  recognized = false,
  cutEdges: readonly Gutter[] = [],
): FoundTable[] {
  const idx: number[] = [];
  runs.forEach((r, i) => {
    if (!taken.has(i) && !r.rotated) idx.push(i);
  });
  if (idx.length > 20_000) return [];
  const takenBefore = taken.size;
  const runIndex = new Map<TextRun, number>();
  // Typewriter tables are lines of one run each, columns laid out with spaces: such a run is
  // split into its words (leader dots dropped), and the gaps every row leaves at one x part
  // the columns (a right-aligned column's widest figures sit one space from the next).
  const pieces: TextRun[] = [];
  const leaders: number[] = [];
  let typed = 0;
  for (const i of idx) {
    const r = runs[i];
    if (!typewritten(r)) {
      runIndex.set(r, i);
      pieces.push(r);
      continue;
    }
    typed++;
    if (LEADER.test(r.text.trim())) {
      leaders.push(i);
      continue;
    }
    for (const w of splitWords(r)) {
      if (LEADER.test(w.text)) continue;
      runIndex.set(w, i);
      pieces.push(w);
    }
  }
  if (pieces.length < 6) return [];
  // Cells set closer than a font size apart are parted where every row leaves a gap at one x,
  // as a typewriter's columns are. Not on OCR'd words (`recognized`): every word is a run there,
  // and a justified line's word spaces, uneven in boxes fitted to the ink, do not show as one
  // width (findGutters), so chance channels through prose parted a table's cells (scanned dev
  // page 130: TEDS .90 -> 0).
  const gutters = recognized ? (typed >= 3 ? findGutters(pieces) : []) : findGutters(pieces, true);
  const pageLines = buildLines(pieces, gutters);
  if (typed === 0 && !recognized) {
    seen.gutters = gutters;
    // Nothing below changes a line, so the page's text can take them as they are.
    seen.lines = pageLines.slice();
  }
  // Column edges where the reader's joins were cut (cut-joins.ts) part rows as gutters do; the
  // page's own lines above are read without them.
  const frags = cutEdges.length ? buildLines(pieces, withEdges(gutters, cutEdges)) : pageLines;
  frags.sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const lines: Line[][] = [];
  for (const f of frags) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last[0].base - f.base) <= 0.4 * f.size) last.push(f);
    else lines.push([f]);
  }
  const short = (f: Line) => f.x1 - f.x0 < 0.3 * pageWidth;
  // A row whose cells are set in its middle beside a wrapped one is one row (centred-rows.ts)
  // where it shows columns; a header of long cells stays lines, for the header rules below.
  const rows = centredRows(lines, (r) => cellsRow(r, short));
  // Rows of short cells, one of them long at most (long-cells.ts).
  const ok = cellRows(rows, short);
  // A row label on a line of its own (a section of the stub: "Type of institution").
  const label = (r: Line[]) => r.length === 1 && short(r[0]);
  const out: FoundTable[] = [];
  const found: FoundTable[] = [];
  let i = 0;
  while (i < rows.length) {
    if (!ok[i]) {
      i++;
      continue;
    }
    let j = i;
    let okCount = 0;
    let end = i;
    while (j < rows.length) {
      // The gap is to the row above, kept or not: a section label between two blocks of rows
      // ("Undergraduate major") is no paragraph break.
      if (j > i && leadGap(rows[j - 1], rows[j]) > 2.2 * rows[j][0].size) break;
      if (ok[j]) {
        okCount++;
        end = j;
      } else if (j - end > 1 && !(j - end <= 2 && label(rows[j]) && label(rows[j - 1]))) break;
      j++;
    }
    // Long pieces in two columns are two columns of prose (long-cells.ts): the block is read
    // again without its long cells.
    if (okCount >= 3 && longsInTwoColumns(rows, ok, i, end, short)) continue;
    // A padded table's last row wrapping past the block's last row of cells (padded-rows.ts).
    if (okCount >= 3) end = paddedEnd(rows, i, end);
    let start = i;
    if (okCount >= 3)
      while (
        start > 0 &&
        i - start < 2 &&
        spanningHeader(rows[start - 1], rows[start], rows[start - 2], rows.slice(i, end + 1))
      )
        start--;
    if (okCount >= 3 && start === i) start = wrappedHeadAbove(rows, start, rows.slice(i, end + 1));
    const whole = rows.slice(start, end + 1);
    i = end + 1;
    if (okCount < 3) continue;
    // A block whose every row holds a long piece is prose beside a sidebar or notes in two
    // columns; a table's long cells stand under a header, or among rows, of short cells only.
    let shortOnly = false;
    const isRow = new Set<Line[]>();
    for (let k = start; k <= end; k++)
      if (ok[k]) {
        isRow.add(rows[k]);
        shortOnly ||= rows[k].every(short);
      }
    if (!shortOnly) continue;
    for (const group of splitByColumns(whole, (r) => isRow.has(r))) {
      const table = textTableOf(
        group,
        group.filter((r) => isRow.has(r)).length,
        runIndex,
        taken,
        recognized,
        cutEdges,
      );
      if (table) found.push(table);
    }
  }
  for (const table of found) {
    // The leader dots between a typewritten table's stub and its figures go with it.
    for (const k of leaders) {
      const r = runs[k];
      const cy = (r.y0 + r.y1) / 2;
      if (cy > table.box.y0 && cy < table.box.y1 && r.x0 >= table.box.x0 - 1 && r.x1 <= table.box.x1 + 1) {
        table.runs.add(k);
        taken.add(k);
      }
    }
    out.push(table);
  }
  // A table took some of the lines' runs (into `taken`): they are no longer the free runs'.
  if (taken.size !== takenBefore) seen.lines = undefined;
  return out;
}

/**
 * Columns of running text (a page set in three columns or more, narrow enough that each
 * line passes for a cell): in most columns the sentences run on from one row to the next
 * (a cell of several words ending mid-sentence over one starting in lower case), which a
 * table's cells, one entry each, do not. PROSE_SHARE of the vertical neighbours of words,
 * several a cell.
 */
function runningText(grid: TableCellOut[][]): boolean {
  let pairs = 0;
  let flowing = 0;
  const width = Math.max(...grid.map((r) => r.length));
  for (let c = 0; c < width; c++)
    for (let r = 0; r + 1 < grid.length; r++) {
      const a = grid[r][c]?.text ?? '';
      const b = grid[r + 1][c]?.text ?? '';
      if (a === '' || b === '') continue;
      pairs++;
      if (a.split(/\s+/).length >= 3 && FLOWS_ON.test(a) && STARTS_LOWER.test(b)) flowing++;
    }
  return pairs >= 4 && flowing >= PROSE_SHARE * pairs;
}
/** Share of vertically neighbouring cells that run on as one sentence for a grid to be prose. */
const PROSE_SHARE = 0.4;

/**
 * A header row over a borderless table's column headers, grouping them ("Population" over
 * "2022 2023"): right above the row below it (no further than a line's height, HEADER_GAP),
 * fewer pieces than that row, each over the data columns only (right of where the first
 * column's cells end, within the table's width). A caption or title starts at the first
 * column or spans it, and stays out.
 */
function spanningHeader(r: Line[], below: Line[], above: Line[] | undefined, body: Line[][]): boolean {
  if (r.length === 0 || r.length >= below.length) return false;
  // A label, not the end of a sentence.
  if (r.some((f) => /[.;:]$/.test(f.text.trim()))) return false;
  const size = Math.max(...r.map((f) => f.size));
  const g = leadGap(r, below);
  if (g < 0 || g > HEADER_GAP * size) return false;
  const rows = body.filter((b) => b.length >= 2);
  if (rows.length < 3) return false;
  const stubRight = Math.max(...rows.map((b) => b[0].x1));
  const right = Math.max(...rows.map((b) => b[b.length - 1].x1));
  if (!r.every((f) => f.x0 > stubRight && f.x1 <= right + size)) return false;
  // The last line of a centred caption or a paragraph hangs under a line reaching over the
  // first column, as close as its own leading.
  return !(above && leadGap(above, r) <= HEADER_GAP * size && above.some((f) => f.x0 <= stubRight));
}
/** A grouping header sits at most this far (font sizes) above the header row it groups. */
const HEADER_GAP = 1.0;

/**
 * The first lines of a header row whose cells wrap, left above a borderless table because they
 * are too wide for its rows ("Observed returns on a potential new holding" over "for the firm's
 * rival" over a column of figures) or hold one cell only ("Year t", centred on the row's lines):
 * up to three lines right above the table's top, each within a line of the next, of labels
 * only, each piece over exactly one of the body's columns, which together with the words-only
 * lines that open the table read as one wrapped header row (wrappedHeader). A title or a
 * paragraph's last line reaches over several columns, and a block hanging under such a line is
 * its end, not a header. Returns the table's new top row.
 */
function wrappedHeadAbove(rows: Line[][], start: number, body: Line[][]): number {
  const width = Math.max(...body.map((r) => r.length));
  const full = body.filter((r) => r.length === width);
  if (width < 2 || full.length < 3) return start;
  const cols: [number, number][] = [];
  for (let c = 0; c < width; c++)
    cols.push([Math.min(...full.map((r) => r[c].x0)), Math.max(...full.map((r) => r[c].x1))]);
  const over = (f: Line) => cols.filter(([x0, x1]) => f.x0 < x1 && f.x1 > x0).length;
  const label = (f: Line) => HAS_LETTER.test(f.text) && !/[.;:]$/.test(f.text.trim());
  let top = start;
  while (top > 0 && start - top < 3) {
    const r = rows[top - 1];
    const g = leadGap(r, rows[top]);
    const size = Math.max(...r.map((f) => f.size));
    if (g < -size || g > HEADER_GAP * size || !r.every((f) => label(f) && over(f) === 1)) break;
    top--;
  }
  let h = start;
  while (h < rows.length && h - start < 3 && !rows[h].some((f) => NUMBER.test(f.text.trim()))) h++;
  // The highest top that reads as one header: a caption close above is left out.
  for (let t = top; t < start; t++) {
    const hung = rows[t - 1];
    if (hung && leadGap(hung, rows[t]) <= HEADER_GAP * hung[0].size && hung.some((f) => over(f) > 1))
      continue;
    const head = rows.slice(t, h);
    const cover = new Set(head.flat().map((f) => cols.findIndex(([x0, x1]) => f.x0 < x1 && f.x1 > x0)));
    cover.delete(-1);
    if (cover.size >= 2 && wrappedHeader(head)) return t;
  }
  return start;
}

/**
 * Splits rows that stack two tables with their own columns (a table continued under a new
 * header with other columns): where, after three rows or more of one alignment, three rows
 * line up with each other but not with the rows above (no shared left or right edge for most
 * of their cells), the second table starts, with the labels and header rows right above it.
 */
function splitByColumns(group: Line[][], isRow: (r: Line[]) => boolean): Line[][][] {
  const shares = (r: Line[], ref: Line[][]) => {
    const hit = r.filter((f) =>
      ref.some((q) => q.some((g) => Math.abs(f.x0 - g.x0) < 2 || Math.abs(f.x1 - g.x1) < 2)),
    ).length;
    return hit / r.length;
  };
  const out: Line[][][] = [];
  let start = 0;
  const rowsAt = group.map((r, k) => (isRow(r) ? k : -1)).filter((k) => k >= 0);
  for (let n = 3; n + 2 < rowsAt.length; n++) {
    const k = rowsAt[n];
    if (k <= start) continue;
    const before = rowsAt.filter((j) => j >= start && j < k).slice(-4);
    if (before.length < 3) continue;
    const ref = before.map((j) => group[j]);
    // The rows above must be a body of their own (aligned with each other), not header rows
    // whose spanning labels align with nothing.
    const aligned = (t: Line[][]) => shares(t[2], [t[0], t[1]]) >= 0.5 && shares(t[1], [t[0]]) >= 0.5;
    const triples =
      ref.length === 4
        ? [ref.slice(0, 3), [ref[0], ref[1], ref[3]], [ref[0], ref[2], ref[3]], ref.slice(1)]
        : [ref];
    if (!triples.some(aligned) || wrappedHeader(group.slice(before[0], k))) continue;
    const next = [rowsAt[n], rowsAt[n + 1], rowsAt[n + 2]].map((j) => group[j]);
    if (next.some((r) => shares(r, ref) >= 0.5)) continue;
    if (shares(next[1], [next[0]]) < 0.5 || shares(next[2], [next[0], next[1]]) < 0.5) continue;
    // The new table's header (a row of its own alignment right above) and labels go with it.
    let cut = k;
    const body = before.map((j) => group[j]).slice(0, 2);
    let between = 0;
    for (let back = 0; back < 4 && cut - 1 > start + 2; back++) {
      const r = group[cut - 1];
      if (isRow(r) && shares(r, body) >= 0.5) break;
      // A sentence between the tables (a lead-in ending in a colon) belongs to neither.
      if (r.length === 1 && /[.:;]$/.test(r[0].text.trim())) {
        between = 1;
        break;
      }
      cut--;
    }
    out.push(group.slice(start, cut - between));
    start = cut;
  }
  out.push(group.slice(start));
  return out;
}

/**
 * Lines of one header row whose cells wrap ("Mean annual / rainfall over the / last thirty
 * years"): they line up with each other, not with the figures under them, yet are no table of
 * their own. Words only, and most pieces after the first line continue the piece right above
 * them in its column (same left edge, within a line's leading, opening in lower case or with
 * a bracket), as a cell's text does when it wraps.
 */
function wrappedHeader(ref: Line[][]): boolean {
  if (ref.some((r) => r.some((f) => NUMBER.test(f.text.trim())))) return false;
  // Header cells may sit closer than a font size, so a line's pieces are its runs parted by
  // more than a word space.
  const pieces = ref.map((r) =>
    r.flatMap((f) => {
      const out: TextRun[][] = [];
      for (const run of f.runs.slice().sort((a, b) => a.x0 - b.x0)) {
        const last = out[out.length - 1];
        if (last && run.x0 - last[last.length - 1].x1 < CELL_GAP * f.size) last.push(run);
        else out.push([run]);
      }
      return out;
    }),
  );
  let total = 0;
  let wraps = 0;
  for (let k = 1; k < pieces.length; k++)
    for (const p of pieces[k]) {
      total++;
      const above = pieces[k - 1].find((q) => Math.abs(q[0].x0 - p[0].x0) <= ALIGN_TOL);
      const text = p
        .map((run) => run.text)
        .join(' ')
        .trim();
      if (!WRAPPED_START.test(text)) continue;
      if (above && leadGap([above[0]], [p[0]]) < 0.5 * p[0].size) wraps++;
      else if (centredUnder(ref[k].find((f) => f.runs.includes(p[0]))!, ref.slice(0, k))) wraps++;
    }
  return total > 0 && wraps >= WRAP_SHARE * total;
}
/**
 * A centred header cell's next line: the lowest fragment of the lines above that it overlaps is
 * centred on the same x (within CENTRE_TOL), a line's leading above it (HEADER_GAP). Whole
 * fragments, since OCR'd words part a line's pieces at uneven gaps; lines of a neighbouring
 * cell set half a line lower (a one-line cell centred on a two-line row) may come between them.
 */
/** How far (font sizes) the middles of a centred cell's lines may differ: OCR'd boxes fit the ink. */
const CENTRE_TOL = 0.3;
function centredUnder(f: Line, lines: Line[][]): boolean {
  let best: Line | undefined;
  for (const line of lines)
    for (const q of line) if (q.x0 < f.x1 && q.x1 > f.x0 && (!best || q.y1 > best.y1)) best = q;
  if (!best) return false;
  const g = leadGap([best], [f]);
  return (
    Math.abs(best.x0 + best.x1 - f.x0 - f.x1) / 2 <= CENTRE_TOL * f.size && g >= 0 && g < HEADER_GAP * f.size
  );
}
/** How many lines at the top of a group are one wrapped header row (0 when there is none). */
function headerLines(group: Line[][]): number {
  let h = 0;
  while (h < group.length && h < 5 && !group[h].some((f) => NUMBER.test(f.text.trim()))) h++;
  return h >= 2 && h < group.length && wrappedHeader(group.slice(0, h)) ? h : 0;
}
/** Share of a header's later pieces that must continue the piece above for it to be one row. */
const WRAP_SHARE = 0.6;

/** How far in (font sizes) a statement indents a row label under its group's label. */
const STUB_INDENT = 3;

/**
 * Right of the one left-aligned column, pieces that are figures end at one right edge (within
 * ALIGN_TOL) in `enough` rows: a right-aligned figure column. Words flush right (a form's
 * values) do not count; amounts with a currency sign ("$1,500", "9 €") do (figures.ts).
 */
function figuresFlushRight(group: Line[][], left: number, enough: number): boolean {
  const figure = (f: Line) => f.x0 > left + 8 && FIGURE.test(f.text.trim());
  const rights = cluster(
    group.flatMap((r) => r.filter(figure).map((f) => f.x1)),
    ALIGN_TOL,
  );
  return rights.some(
    (x) => group.filter((r) => r.some((f) => figure(f) && Math.abs(f.x1 - x) <= ALIGN_TOL)).length >= enough,
  );
}

/**
 * One group of aligned rows as a borderless table, or undefined when it is not one (columns
 * that do not line up, chart labels, cards). Marks the runs it takes in `taken`. Apart from
 * findTextTables so each is optimized on its own.
 */
function textTableOf(
  group: Line[][],
  okCount: number,
  runIndex: Map<TextRun, number>,
  taken: Set<number>,
  recognized: boolean,
  cutEdges: readonly Gutter[],
): FoundTable | undefined {
  // The lines of a wrapped header row count as the one row they are.
  const head = headerLines(group);
  // So do the lines of a body row whose cells wrap: a line close under the one above with no
  // piece at the first column's left edge, or only pieces opening in lower case, goes on the
  // row above ("Fund process / programme" beside "Office experience / target").
  const left = Math.min(...group.flatMap((r) => r.map((f) => f.x0)));
  // And the lines of a row whose padding parts it from the next (padded-rows.ts).
  const padded = paddedWraps(group);
  const wraps = group.map(
    (r, k) =>
      k > head &&
      r.length >= 2 &&
      (padded[k] ||
        (leadGap(group[k - 1], r) < 0.6 * r[0].size &&
          !figuresUnderFigures(group[k - 1], r) &&
          (r.every((f) => f.x0 - left > 8) || r.every((f) => STARTS_LOWER.test(f.text))))),
  );
  const rowCount =
    (head > 0 ? okCount - group.slice(0, head).filter((r) => r.length >= 2).length + 1 : okCount) -
    wraps.filter(Boolean).length;
  // Three rows at least, as findTextTables asks of the lines before their wraps are folded in.
  if (rowCount < 3) return undefined;
  // Columns must line up: most rows start a fragment near a shared left edge.
  const lefts = group.flatMap((r) => r.map((f) => f.x0));
  const enough = Math.max(2, rowCount * 0.6);
  const cols = cluster(lefts, 6).filter(
    (x) => group.filter((r) => r.some((f) => Math.abs(f.x0 - x) < 8)).length >= enough,
  );
  // A statement's row labels are indented under their group's (one level or two): set at the
  // left edge or a few ems in, the rows' first pieces are one column, its stub.
  if (
    !cols.some((x) => x - left < 8) &&
    group.filter((r) => r[0].x0 - left <= STUB_INDENT * r[0].size).length >= enough
  )
    cols.unshift(left);
  // A column of figures set flush right ("27,514" over "316") shares its right edge, not its
  // left: beside a label column it is the table's second column.
  if (cols.length === 1 && figuresFlushRight(group, cols[0], enough)) cols.push(Number.POSITIVE_INFINITY);
  if (cols.length < 2) return undefined;
  const lastCells = group.filter((r) => r.length >= 2).map((r) => r[r.length - 1].text);
  // A contents list: page numbers (bare integers or roman numerals) that never go down. Figures
  // of a two-column table (amounts, decimals, shares) go up and down.
  if (lastCells.every((t) => /^[\divxlc.\s-]+$/i.test(t)) && group.every((r) => r.length <= 2)) {
    const texts = lastCells.map((t) => t.trim());
    // Front matter numbered in roman numerals, then the body's arabic page numbers.
    const pages = texts.filter((t) => !/^[ivxlc]+$/i.test(t));
    const arabic = pages.map((t) => (/^\d+(-\d+)?$/.test(t) ? Number.parseInt(t, 10) : Number.NaN));
    if (arabic.every((n, k) => Number.isInteger(n) && (k === 0 || n >= arabic[k - 1]))) return undefined;
  }
  // Rows of a table mostly have the same number of cells; chart labels do not.
  const counts = new Map<number, number>();
  // A row under a group label leaves the first column empty: a row one piece short of the others
  // with no piece at the left edge agrees with them.
  const short = new Map<number, number>();
  group.forEach((r, k) => {
    if (k < head || r.length < 2 || wraps[k]) return;
    counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    if (r[0].x0 - left > 8) short.set(r.length + 1, (short.get(r.length + 1) ?? 0) + 1);
  });
  if (counts.size === 0) return undefined;
  const support = (n: number) => (counts.get(n) ?? 0) + (short.get(n) ?? 0);
  const modalLen = [...counts.keys()].reduce((a, b) => (support(b) > support(a) ? b : a));
  let modal = support(modalLen);
  // Rows with empty cells agree with the full rows on the columns they fill (partial-rows.ts).
  if (modal < 0.6 * rowCount) modal += partialRowsAgree(group, modalLen, left, (k) => k < head || wraps[k]);
  if (modal < 0.6 * rowCount || Math.max(...group.map((r) => r.length)) > modalLen + 2) return undefined;
  // Cards and callouts set big figures and titles over prose in columns; a table's text
  // keeps to about one size.
  const sizes = group.flat().map((f) => f.size);
  const typical = sizes.slice().sort((a, b) => a - b)[Math.floor(sizes.length / 2)];
  if (Math.max(...sizes) > 1.6 * typical) return undefined;
  if (keyValueRows(group) || recordColumns(group)) return undefined;
  const tableRuns = group.flat().flatMap((f) => f.runs);
  const grid = gridFromText(tableRuns, recognized, cutEdges);
  if (!grid || grid.length < 3 || !plausibleTable(grid) || runningText(grid)) return undefined;
  // Forms and justified prose line up too.
  if (formGrid(grid) || proseAcross(grid)) return undefined;
  const cells = grid.flat();
  if (cells.filter((c) => c.text === '').length > 0.4 * cells.length) return undefined;
  // A list set in columns: every entry opens with its bullet.
  if (cells.every((c) => c.text === '' || BULLET.test(c.text))) return undefined;
  const box = {
    x0: Math.min(...tableRuns.map((r) => r.x0)),
    y0: Math.min(...tableRuns.map((r) => r.y0)),
    x1: Math.max(...tableRuns.map((r) => r.x1)),
    y1: Math.max(...tableRuns.map((r) => r.y1)),
  };
  const used = new Set<number>();
  for (const r of tableRuns) {
    const k = runIndex.get(r);
    if (k !== undefined) {
      used.add(k);
      taken.add(k);
    }
  }
  return { box, rows: grid, ruled: false, runs: used };
}
