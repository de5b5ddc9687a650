import { leadGap } from './leading.js';
import { STARTS_LOWER } from './letter-tests.js';
import type { Line } from './lines.js';

/** Lines this close to the table's own line spacing (in text sizes) are one cell's lines. */
const TIGHT = 0.12;
/** Rows parted by at least this much more white than the line spacing are padded apart... */
const PARTED = 0.25;
/** ...and by less than this: more is a blank row or another block, not a cell's padding. */
const MOST_PADDING = 1.0;
/** Padding is one width: the partings between rows agree within this (text sizes). */
const EVEN = 0.35;
/** Partings at least: one alone (under a header) may be a header's rule. */
const MIN_PARTINGS = 2;

/** How far (points) a cell's later line may start left of its first: the reader's rounding. */
const OUTDENT = 1;
/** A cell's lines are of one size, within this share. */
const SAME_SIZE = 0.05;

const FIGURE = /^[-+−–(]?[$€£¥]?[\d.,']+%?\)?$/;

/**
 * A table whose cells are padded (a web page's table: a few points above and below each
 * cell's text, top-aligned) parts its rows by more white than a wrapped cell parts its own
 * lines, which sit at the text's line spacing. Read by baselines, every row whose cells wrap
 * ("Freebird60 / Full Kit" beside "MX-style / hot-swap" and "$160") is two rows or three, the
 * second ones a few cells each, and the block fails as a table (rows of unlike length) or
 * reads each line as a row. Where the block's lines are set either at one spacing (the
 * narrowest white between two of them) or, at least twice, further apart
 * by a like amount less than a blank line, a line at the narrow spacing continues the row
 * above: when each of its pieces stands under pieces of one column of that row, in their face, it
 * holds fewer pieces than the row's fullest line or all open in lower case (a row of its own
 * fills its columns), and no figure stands under a figure (figures do not wrap).
 * Rows set solid (no padding: every parting is the line spacing) and rows parted by blank
 * lines are left as they are. Returns, per row of `rows`, whether it continues the one above.
 */
export function paddedWraps(rows: readonly Line[][]): boolean[] {
  const out = rows.map(() => false);
  if (rows.length < 4) return out;
  const gaps: number[] = [];
  for (let k = 1; k < rows.length; k++) gaps.push(leadGap(rows[k - 1], rows[k]));
  const size = rows[0][0].size;
  const spacing = Math.min(...gaps);
  const tight = (g: number) => g <= spacing + TIGHT * size;
  let partings = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let wrapped = 0;
  for (let k = 0; k < gaps.length; k++) {
    const g = gaps[k];
    if (tight(g)) {
      wrapped++;
      continue;
    }
    // Between the line spacing and a parting: neither one cell's lines nor padding.
    if (g < spacing + PARTED * size) return out;
    if (g >= spacing + MOST_PADDING * size) continue;
    partings++;
    lo = Math.min(lo, g);
    hi = Math.max(hi, g);
  }
  if (partings < MIN_PARTINGS || wrapped === 0 || hi - lo > EVEN * size) return out;
  let row: Line[] = rows[0];
  let fullest = rows[0].length;
  for (let k = 1; k < rows.length; k++) {
    const r = rows[k];
    if (tight(gaps[k - 1]) && continues(row, fullest, r)) {
      out[k] = true;
      row = [...row, ...r];
      continue;
    }
    row = r;
    fullest = r.length;
  }
  return out;
}

/** Whether line `r`, close under `row`, is more of its cells (see paddedWraps). */
function continues(row: readonly Line[], fullest: number, r: readonly Line[]): boolean {
  if (r.length >= fullest && !r.every((f) => STARTS_LOWER.test(f.text))) return false;
  const figure = (f: Line) => FIGURE.test(f.text.trim());
  const over = (g: Line, f: Line) => g.x0 < f.x1 && f.x0 < g.x1;
  return r.every((f) => {
    const above = row.filter((g) => over(g, f));
    // In one column (the pieces it stands under stand under each other: a note under the
    // table runs across the columns), in the row's face and size (a bold section label under a
    // row starts a group, notes are set smaller).
    // Where its cell's text starts or right of it (centred): a line set further left is a
    // label outdented under the row ("Female" under "American Indian/ / Alaska Native").
    return (
      above.length > 0 &&
      f.x0 >= Math.min(...above.map((g) => g.x0)) - OUTDENT &&
      above.every(
        (g) =>
          above.every((h) => over(g, h)) &&
          g.bold === f.bold &&
          Math.abs(g.size - f.size) <= SAME_SIZE * g.size,
      ) &&
      !(figure(f) && above.some(figure))
    );
  });
}

/**
 * The last row of a block of rows `from`..`end` may wrap past it: its lines after the first hold
 * a piece or two and do not count as rows of cells, so the block ends before them and they would
 * be read as text under the table ("gasket mount" losing "mount"). The block's end, moved over
 * the lines that continue its last row as paddedWraps reads them.
 */
export function paddedEnd(rows: readonly Line[][], from: number, end: number): number {
  let last = end;
  while (last + 1 < rows.length && paddedWraps(rows.slice(from, last + 2))[last + 1 - from]) last++;
  return last;
}
