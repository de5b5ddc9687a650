import type { Line } from './lines.js';

/**
 * Baselines this close (in text sizes) and further apart than one row's (0.4) are no two lines
 * of one column: a line's pitch is a size or more, half of it is about 0.6.
 */
const HALF_PITCH = 0.8;
/** Most baseline rows one table row may be set on; a longer chain is prose in columns. */
const MOST_LINES = 8;

/**
 * A browser sets a table cell's text in the middle of its row (`vertical-align: middle`, the
 * default): beside a cell that wraps onto two lines, a one-line cell sits half a line below the
 * first, on a baseline of its own ("Plastic wrap or wax" / "Beeswax wraps" / "paper"). Read by
 * baselines, such a row is three rows of one piece each, none of which shows columns.
 * Consecutive baseline rows whose baselines are closer than a line's pitch and whose pieces
 * stand in different columns (no piece over another) are one row when they are what middle
 * alignment makes: baselines an even step apart (half the wrapped lines' pitch), a cell that
 * wraps, and every column's lines centred on the row's middle. In each column of such a row,
 * the pieces set one under another are one piece (a wrapped cell's lines, top to bottom).
 * Labels set at the heights of a chart's bars do not step evenly nor centre; prose set in two
 * columns whose baselines do not line up chains on down the page, past MOST_LINES rows.
 * Used where rows are read for borderless tables (findTextTables, gridFromText); `accept`
 * says which such rows the caller takes.
 */
export function centredRows(rows: Line[][], accept: (row: Line[]) => boolean = () => true): Line[][] {
  let out: Line[][] | undefined;
  let k = 0;
  while (k < rows.length) {
    let end = k;
    while (end + 1 < rows.length && halfLineApart(rows[end], rows[end + 1])) end++;
    const stacks = end > k && end - k < MOST_LINES ? centredBand(rows.slice(k, end + 1)) : undefined;
    const row = stacks?.map(stacked);
    if (row && accept(row)) {
      out ??= rows.slice(0, k);
      out.push(row);
    } else if (out) for (let i = k; i <= end; i++) out.push(rows[i]);
    k = end + 1;
  }
  return out ?? rows;
}

/** The band's pieces by column when it is one row set in its middle. */
function centredBand(band: Line[][]): Line[][] | undefined {
  if (!evenlySpaced(band)) return undefined;
  const stacks = columnStacks(band);
  return centredStacks(stacks) ? stacks : undefined;
}

/** The lines a stacked piece was made of (rowCells takes a cell's lines one by one). */
export function stackedLines(r: Line[]): Line[] {
  return r.some((f) => parts.has(f)) ? r.flatMap((f) => parts.get(f) ?? [f]) : r;
}
const parts = new WeakMap<Line, Line[]>();

/** Whether `b` is set less than a line's pitch below `a`, its pieces beside `a`'s, not under them. */
function halfLineApart(a: readonly Line[], b: readonly Line[]): boolean {
  const size = Math.max(a[0].size, b[0].size);
  const d = b[0].base - a[0].base;
  if (d <= 0.4 * size || d >= HALF_PITCH * size) return false;
  for (const f of a) for (const g of b) if (f.x0 < g.x1 && g.x0 < f.x1) return false;
  return true;
}

/**
 * Whether the rows' baselines step down by one distance (within STEP_TOL sizes): half the
 * pitch of the wrapped cells' lines, the lines of the cells centred beside them in between.
 */
function evenlySpaced(band: readonly Line[][]): boolean {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < band.length; i++) {
    const d = band[i][0].base - band[i - 1][0].base;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return hi - lo <= STEP_TOL * band[0][0].size;
}
/** How much (in text sizes) the steps between a centred row's baselines may differ. */
const STEP_TOL = 0.15;

/** The pieces of several baseline rows by column: pieces set one under another together, by x. */
function columnStacks(rows: Line[][]): Line[][] {
  const pieces = rows.flat().sort((a, b) => a.x0 - b.x0);
  const out: Line[][] = [];
  let stack: Line[] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const p of pieces) {
    if (stack.length && p.x0 >= reach) {
      out.push(stack);
      stack = [];
    }
    stack.push(p);
    reach = stack.length === 1 ? p.x1 : Math.max(reach, p.x1);
  }
  if (stack.length) out.push(stack);
  return out;
}

/**
 * Whether every column's lines are centred on the middle of the row (within CENTRE_TOL sizes):
 * what a browser's middle alignment does, and what labels over the bars of a chart, set at
 * the bars' heights, do not.
 */
function centredStacks(stacks: Line[][]): boolean {
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  let size = 0;
  for (const s of stacks)
    for (const l of s) {
      top = Math.min(top, l.base);
      bottom = Math.max(bottom, l.base);
      size = Math.max(size, l.size);
    }
  // A row of one-line cells each on a baseline of its own is no row: a cell wraps beside them.
  if (!stacks.some((s) => s.length > 1)) return false;
  const middle = (top + bottom) / 2;
  for (const s of stacks) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const l of s) {
      lo = Math.min(lo, l.base);
      hi = Math.max(hi, l.base);
    }
    if (Math.abs((lo + hi) / 2 - middle) > CENTRE_TOL * size) return false;
  }
  return true;
}
/** How far (in text sizes) a column's lines may be centred off the row's middle. */
const CENTRE_TOL = 0.3;

/**
 * One piece of lines set one under another, its text top to bottom. The fields are listed in
 * makeLine's order, so the piece has the hidden class of every other line (run-shape.ts).
 */
function stacked(lines: Line[]): Line {
  if (lines.length === 1) return lines[0];
  lines.sort((a, b) => a.base - b.base || a.x0 - b.x0);
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  let size = 0;
  for (const l of lines) {
    x0 = Math.min(x0, l.x0);
    y0 = Math.min(y0, l.y0);
    x1 = Math.max(x1, l.x1);
    y1 = Math.max(y1, l.y1);
    size = Math.max(size, l.size);
  }
  const fill = lines[0].fill;
  const piece: Line = {
    runs: lines.flatMap((l) => l.runs),
    text: lines.map((l) => l.text).join(' '),
    x0,
    y0,
    x1,
    y1,
    base: lines[0].base,
    size,
    bold: lines.every((l) => l.bold),
    italic: lines.every((l) => l.italic),
    rotated: lines.some((l) => l.rotated),
    fill: lines.every((l) => l.fill === fill) ? fill : -1,
  };
  parts.set(piece, lines);
  return piece;
}
