import type { Rule, TextRun } from '../types.js';
import { columnBands } from './column-bands.js';
import { STARTS_LOWER } from './letter-tests.js';
import { type Line, makeLine } from './lines.js';
import { median } from './median.js';
import type { FoundTable, TableCellOut } from './tables.js';

/** Fragments nearer than this (font sizes) on the x axis belong to one column. */
const COLUMN_GAP = 0.5;
/** Wrapped lines of one cell sit at most this far apart, baseline to baseline (font sizes). */
const LINE_PITCH = 1.6;
/** Lines of a row past the outer rule, at most. */
const PAST_LINES = 6;

interface Band {
  lines: Line[];
}

/**
 * Forms and registers rule a line between every row and draw no verticals: each band between
 * two rules is one row, however many lines its cells wrap to, and a column may be blank in
 * every body row (a "Date" or "Signature" to fill in) with only its header cell to show it.
 * Columns are the stretches of the x axis the rows' fragments (header included) cover; the
 * rows are the bands, plus the header row above the first rule and the last row below the
 * last when the rules do not enclose them. Undefined when the bands read as several rows each
 * (a booktabs table's body between its rules), or no table of two columns comes out.
 */
export function rowRuledTable(
  group: readonly Rule[],
  runs: readonly TextRun[],
  taken: Set<number>,
): FoundTable | undefined {
  if (group.length < 2) return undefined;
  const x0 = Math.min(...group.map((r) => r.x0)) - 2;
  const x1 = Math.max(...group.map((r) => r.x1)) + 2;
  const free: number[] = [];
  runs.forEach((r, i) => {
    const cx = (r.x0 + r.x1) / 2;
    if (!taken.has(i) && !r.rotated && /\S/.test(r.text) && cx >= x0 && cx <= x1) free.push(i);
  });
  const ys = group.map((r) => r.y0);
  const bandOf = (r: TextRun) => {
    const cy = (r.y0 + r.y1) / 2;
    for (let k = 0; k + 1 < ys.length; k++) if (cy > ys[k] && cy < ys[k + 1]) return k;
    return -1;
  };
  const inBand: number[][] = ys.slice(1).map(() => []);
  for (const i of free) {
    const k = bandOf(runs[i]);
    if (k >= 0) inBand[k].push(i);
  }
  if (inBand.some((b) => b.length === 0)) return undefined;
  const bands: Band[] = inBand.map((b) => ({ lines: fragments(b.map((i) => runs[i])) }));
  // A fragment running past the rules' ends is prose beside or across them, not a cell.
  if (bands.some((b) => b.lines.some((l) => l.x0 < x0 - 2 || l.x1 > x1 + 2))) return undefined;
  const size = median(bands.flatMap((b) => b.lines.map((l) => l.size)));

  // The rows past the outer rules: near the rule as the bands' text sits near theirs.
  const padTop = Math.min(...bands.map((b, k) => Math.min(...b.lines.map((l) => l.y0)) - ys[k]));
  const padBottom = Math.min(...bands.map((b, k) => ys[k + 1] - Math.max(...b.lines.map((l) => l.y1))));
  const outside = free.filter((i) => bandOf(runs[i]) < 0).map((i) => runs[i]);
  const outsideLines = fragments(outside);
  const inner = columnsOf(bands, size);
  const above = pastRule(outsideLines, ys[0], true, padBottom, size, inner);
  const below = pastRule(outsideLines, ys[ys.length - 1], false, padTop, size, inner);

  let cols = columnsOf([...bands, ...(above ? [above] : []), ...(below ? [below] : [])], size);
  const fits = (b: Band, c: [number, number][]) =>
    b.lines.every((l) => c.some(([a, z]) => l.x0 >= a - 1 && l.x1 <= z + 1));
  if (cols.length < 2) return undefined;
  const rowsOf = (b: Band) => cellsOf(b, cols);
  const bodyFilled = Math.min(...bands.map((b) => rowsOf(b).filter((c) => c.text).length));
  const keep = (b: Band | undefined, least: number) =>
    b && fits(b, cols) && rowsOf(b).filter((c) => c.text).length >= least ? b : undefined;
  // A header names two columns at least (it is what shows a blank one); the last row fills as
  // many as the body's rows do.
  const head = keep(above, Math.min(2, cols.length));
  const foot = keep(below, Math.min(2, bodyFilled));
  if ((above && !head) || (below && !foot)) {
    // A caption or prose past a rule must not shape the columns.
    cols = columnsOf([...bands, ...(head ? [head] : []), ...(foot ? [foot] : [])], size);
    if (cols.length < 2) return undefined;
  }
  const all = [...(head ? [head] : []), ...bands, ...(foot ? [foot] : [])];
  // Bands that each hold several rows are rows of text between rules set round groups of them
  // (a booktabs body, a statement's totals): a later line starts a column the first line left
  // empty, or fills again all the columns the first did. A wrapped row's cells all start on its
  // first line, and its later lines run on in fewer of them or in lower case.
  let wrapped = 0;
  let stacked = 0;
  for (const b of bands) {
    const lines = baselines(b.lines, size);
    const sets = lines.map((ls) => new Set(ls.map((l) => colOf(l, cols))));
    if (sets.length < 2) continue;
    const first = sets[0];
    const within = sets.every((s) => [...s].every((c) => first.has(c)));
    // A line in lower case throughout runs its cells on, however many it fills.
    const again = sets.some(
      (s, k) => k > 0 && s.size === first.size && !lines[k].every((l) => STARTS_LOWER.test(l.text)),
    );
    if (within && !again) wrapped++;
    else stacked++;
  }
  if (stacked > 0 && 3 * stacked > wrapped) return undefined;
  // Two rules alone bound one band: it is a row only when it wraps as one, under a header.
  if (group.length < 3 && (wrapped === 0 || !head)) return undefined;
  const rows: TableCellOut[][] = all.map(rowsOf);
  // Every run of the bands, and the runs outside them that the rows past the rules hold.
  const used = new Set(inBand.flat());
  const past = [head, foot].flatMap((b) => b?.lines ?? []);
  for (const i of free)
    if (!used.has(i)) {
      const r = runs[i];
      const cx = (r.x0 + r.x1) / 2;
      const cy = (r.y0 + r.y1) / 2;
      if (past.some((l) => cx >= l.x0 && cx <= l.x1 && cy >= l.y0 && cy <= l.y1)) used.add(i);
    }
  const top = head ? Math.min(...head.lines.map((l) => l.y0)) : ys[0];
  const bottom = foot ? Math.max(...foot.lines.map((l) => l.y1)) : ys[ys.length - 1];
  return { box: { x0, x1, y0: top, y1: bottom }, rows, ruled: true, runs: used };
}

/** Wider than this (font sizes) a gap between runs on one baseline parts two cells' fragments. */
const CELL_GAP = 0.4;

/** Runs as fragments: one baseline's runs joined where nearer than a cell gap. */
export function fragments(runs: readonly TextRun[]): Line[] {
  const rows: TextRun[][] = [];
  for (const r of [...runs].sort((a, b) => a.base - b.base)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(r.base - row[0].base) <= 0.3 * Math.max(r.size, row[0].size)) row.push(r);
    else rows.push([r]);
  }
  const out: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0);
    let piece: TextRun[] = [];
    for (const r of row) {
      const last = piece[piece.length - 1];
      if (last && r.x0 - last.x1 >= CELL_GAP * Math.max(r.size, last.size)) {
        out.push(makeLine(piece));
        piece = [];
      }
      piece.push(r);
    }
    if (piece.length) out.push(makeLine(piece));
  }
  return out;
}

/** Lines grouped by baseline, top to bottom. */
export function baselines(lines: readonly Line[], size: number): Line[][] {
  const out: Line[][] = [];
  for (const l of [...lines].sort((a, b) => a.base - b.base || a.x0 - b.x0)) {
    const last = out[out.length - 1];
    if (last && Math.abs(last[0].base - l.base) <= 0.3 * size) last.push(l);
    else out.push([l]);
  }
  return out;
}

function colOf(l: Line, cols: readonly [number, number][]): number {
  const cx = (l.x0 + l.x1) / 2;
  let best = 0;
  for (let c = 0; c < cols.length; c++) if (cx >= cols[c][0] - 1) best = c;
  return best;
}

/** Stretches of the x axis the fragments cover, merged where nearer than a column gap. */
function columnsOf(bands: readonly Band[], size: number): [number, number][] {
  const lines = bands.flatMap((b) => b.lines);
  return columnBands(lines, COLUMN_GAP * size).map((c) => [c.x0, c.x1]);
}

function cellsOf(b: Band, cols: readonly [number, number][]): TableCellOut[] {
  const texts: string[][] = cols.map(() => []);
  for (const l of [...b.lines].sort((p, q) => p.base - q.base || p.x0 - q.x0))
    texts[colOf(l, cols)].push(l.text.trim());
  return texts.map((t) => ({ text: t.join(' ').replace(/\s+/g, ' ').trim() }));
}

/**
 * The row just past an outer rule: lines starting within the cells' padding (plus half a
 * line) of the rule and running on at a wrapped cell's pitch, none across two of the bands'
 * columns; undefined when none is there.
 */
function pastRule(
  lines: readonly Line[],
  y: number,
  up: boolean,
  pad: number,
  size: number,
  cols: readonly [number, number][],
): Band | undefined {
  const rows = baselines(
    lines.filter((l) => (up ? l.y1 <= y + 1 : l.y0 >= y - 1)),
    size,
  );
  // A line across two of the bands' columns is a caption or prose.
  const across = (l: Line) => cols.filter(([a, z]) => l.x0 < z && l.x1 > a).length > 1;
  if (up) rows.reverse();
  const got: Line[] = [];
  let edge = y;
  let lastBase: number | undefined;
  for (const ls of rows) {
    const near = up ? edge - Math.max(...ls.map((l) => l.y1)) : Math.min(...ls.map((l) => l.y0)) - edge;
    const base = ls[0].base;
    if (lastBase === undefined) {
      if (near > Math.max(0, pad) + 0.5 * size) break;
    } else if (Math.abs(base - lastBase) > LINE_PITCH * size) break;
    if (ls.some(across)) {
      // One line in one column right under a line of prose is that paragraph's last line.
      if (up && got.length === 1) return undefined;
      break;
    }
    got.push(...ls);
    lastBase = base;
    edge = up ? Math.min(...ls.map((l) => l.y0)) : Math.max(...ls.map((l) => l.y1));
    if (baselines(got, size).length >= PAST_LINES) break;
  }
  return got.length ? { lines: got } : undefined;
}
