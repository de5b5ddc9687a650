import { settleFieldKinds } from '../shapes.js';
import type { Box, TextRun } from '../types.js';
import type { Gutter } from './gutters.js';
import { STARTS_UPPER } from './letter-tests.js';
import { MARKER_ONLY } from './markers.js';
import { smallCapsSize } from './small-caps.js';

/** A line fragment: runs on one baseline with no wide gap between them. */
export interface Line extends Box {
  runs: TextRun[];
  text: string;
  base: number;
  size: number;
  bold: boolean;
  italic: boolean;
  rotated: boolean;
  /** The fill colour of all its characters (TextRun.fill), -1 where they differ or it is not known. */
  fill: number;
  /** A contents entry (title and page number joined): never a heading. */
  toc?: boolean;
}

/** Wider than this (in font sizes) a gap on one baseline separates fragments (columns, cells). */
const FRAGMENT_GAP = 1.0;
/** A lone amount: a cell of figures, not a list item's text. */
const FIGURE = /^\s*[-+−–(]?[\d.,]+%?\)?\s*$/;
/** Wider than this (in font sizes) a gap between runs is a space. */
const SPACE_GAP = 0.17;
/**
 * Where the font style changes (roman to italic, regular to bold) the space glyph belongs to
 * neither run and tight justification can shrink the gap it leaves; a word never changes
 * style with a gap, so a smaller one is a space there.
 */
const STYLE_SPACE_GAP = 0.08;

/**
 * A run's size, or for a footnote mark (one to three digits) set smaller than it says (a
 * superscript drawn with a scaled matrix keeps the body's size), the size its width gives:
 * digits are half an em wide. The gap after "properties.²⁸" is a space at the mark's size.
 */
function markSize(r: TextRun): number {
  const n = r.text.length;
  if (n === 0 || n > 3) return r.size;
  for (let i = 0; i < n; i++) {
    const c = r.text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return r.size;
  }
  return Math.min(r.size, Math.abs(r.x1 - r.x0) / (0.5 * n));
}

/** Whether the gap between two neighbouring runs of a line is a space. */
export function spaced(prev: TextRun, r: TextRun): boolean {
  const size = Math.min(markSize(r), markSize(prev));
  const styleChange = prev.italic !== r.italic || prev.bold !== r.bold;
  const gap = r.x0 - prev.x1;
  if (gap > (styleChange ? STYLE_SPACE_GAP : SPACE_GAP) * size) return true;
  // Tight justification shrinks spaces; after a sentence's end and before a capital, any
  // visible gap is one ("did not know. This").
  return gap > STYLE_SPACE_GAP * size && sentenceBreak(prev.text, r.text);
}

/** `a` ends a sentence or clause and `b` opens the next with a capital. */
function sentenceBreak(a: string, b: string): boolean {
  const end = a.charCodeAt(a.length - 1);
  // . ! ? : ; and closing quotes.
  if (
    end !== 0x2e &&
    end !== 0x21 &&
    end !== 0x3f &&
    end !== 0x3a &&
    end !== 0x3b &&
    end !== 0x201d &&
    end !== 0x22
  )
    return false;
  return STARTS_UPPER.test(b);
}
/** What `\s` matches in a JS regular expression, by character code. */
export function isSpaceCode(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
/** `s.replace(/\s+/g, ' ')`, without building a new string when there is nothing to replace. */
export function collapseSpaces(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x20 && c < 0xa0) continue;
    if (c === 0x20) {
      if (i + 1 < s.length && isSpaceCode(s.charCodeAt(i + 1))) return s.replace(/\s+/g, ' ');
    } else if (isSpaceCode(c)) return s.replace(/\s+/g, ' ');
  }
  return s;
}
/** `/\s$/.test(s)` without a regular expression scanning the whole string. */
export const endsWithSpace = (s: string): boolean => s.length > 0 && isSpaceCode(s.charCodeAt(s.length - 1));
/** `/^\s/.test(s)`. */
export const startsWithSpace = (s: string): boolean => s.length > 0 && isSpaceCode(s.charCodeAt(0));

// Lines (makeLine) and row statistics (buildLines) have double fields from the start (shapes.ts).
settleFieldKinds(
  {
    runs: [],
    text: '',
    x0: 0.5,
    y0: 0.5,
    x1: 0.5,
    y1: 0.5,
    base: 0.5,
    size: 0.5,
    bold: false,
    italic: false,
    rotated: false,
    fill: 0,
  } satisfies Line,
  { size: 0.5, y0: 0.5, y1: 0.5 },
);

/** Lines longer than this in runs count their keys in a Map (a scan per run would be quadratic). */
const FEW_RUNS = 32;

/**
 * The size (`bySize`) or baseline, to half a point, of most characters among a line's runs (the
 * first to reach the most, on a tie). The two keys are spelled out rather than passed as a
 * function: a cold run reads every line in the interpreter, where a call per run costs more
 * than the count itself.
 */
function dominantHalf(runs: readonly TextRun[], bySize: boolean): number {
  if (runs.length > FEW_RUNS) return dominantMany(runs, bySize);
  // Most lines have a few runs: their keys and weights in two short arrays, no Map per line.
  const keys: number[] = [];
  const weights: number[] = [];
  const r0 = runs[0];
  let best = Math.round((bySize ? r0.size : r0.base) * 2) / 2;
  let bestW = -1;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    const k = Math.round((bySize ? r.size : r.base) * 2) / 2;
    let j = 0;
    // SameValueZero, as a Map's keys compare.
    while (j < keys.length && !(keys[j] === k || (Number.isNaN(keys[j]) && Number.isNaN(k)))) j++;
    if (j === keys.length) {
      keys.push(k);
      weights.push(0);
    }
    const w = weights[j] + r.text.length;
    weights[j] = w;
    if (w > bestW) {
      bestW = w;
      best = k;
    }
  }
  return best;
}

function dominantMany(runs: readonly TextRun[], bySize: boolean): number {
  const weight = new Map<number, number>();
  const r0 = runs[0];
  let best = Math.round((bySize ? r0.size : r0.base) * 2) / 2;
  let bestW = -1;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    const k = Math.round((bySize ? r.size : r.base) * 2) / 2;
    const w = (weight.get(k) ?? 0) + r.text.length;
    weight.set(k, w);
    if (w > bestW) {
      bestW = w;
      best = k;
    }
  }
  return best;
}

/**
 * Dot leaders set as spaced glyphs (". . . . .") read as one leader ("....."), set off from
 * the title and the page number by a space.
 */
export function closeLeaders(text: string): string {
  // Most lines have neither a leader nor a double space: nothing to replace.
  if (!text.includes('. .') && !text.includes('  ')) return text;
  return text
    .replace(/ ?(?:\. ){3,}\. ?/g, (m) => ` ${'.'.repeat((m.match(/\./g) ?? []).length)} `)
    .replace(/ {2,}/g, ' ');
}

export function makeLine(runs: TextRun[]): Line {
  runs.sort((a, b) => a.x0 - b.x0);
  // One indexed pass gathers the text, the box and the style of the kept runs: a cold run
  // makes every line in the interpreter, where each iterator, callback and array of a second
  // pass costs bytecodes per run (same results as a pass per property).
  let text = '';
  let prev: TextRun | undefined;
  const kept: TextRun[] = [];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let rotated = false;
  // Of the runs with visible characters: how many, whether all are bold / italic, their fill.
  let chars = 0;
  let bold = true;
  let italic = true;
  let fill = -1;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    if (prev) {
      const gap = r.x0 - prev.x1;
      // Text painted twice over itself (fake bold, shadows) is kept once.
      if (gap < -0.5 * r.size && r.text === prev.text && Math.abs(r.x0 - prev.x0) < 0.3 * r.size) continue;
      if (spaced(prev, r) && !endsWithSpace(text) && !startsWithSpace(r.text)) text += ' ';
    }
    text += r.text;
    kept.push(r);
    prev = r;
    x0 = Math.min(x0, r.x0);
    y0 = Math.min(y0, r.y0);
    x1 = Math.max(x1, r.x1);
    y1 = Math.max(y1, r.y1);
    if (r.rotated) rotated = true;
    if (r.text.trim() === '') continue;
    if (!r.bold) bold = false;
    if (!r.italic) italic = false;
    // sharedFill: the first's fill, -1 once one differs from it.
    if (chars === 0) fill = r.fill;
    else if (r.fill !== fill && fill !== -1) fill = -1;
    chars++;
  }
  const size = smallCapsSize(kept, dominantHalf(kept, true));
  return {
    runs: kept,
    text: closeLeaders(collapseSpaces(text)).trim(),
    x0,
    y0,
    x1,
    y1,
    base: dominantHalf(kept, false),
    size,
    bold: chars > 0 && bold,
    italic: chars > 0 && italic,
    rotated,
    fill,
  };
}

/** The fill colour all of `runs` share, -1 if they differ (or none is known). */
export function sharedFill(runs: readonly TextRun[]): number {
  if (runs.length === 0) return -1;
  const fill = runs[0].fill;
  for (let i = 1; i < runs.length; i++) if (runs[i].fill !== fill) return -1;
  return fill;
}

/** A row's largest size and vertical extent (buildLines). */
interface RowStats {
  size: number;
  y0: number;
  y1: number;
}

function statsOf(row: TextRun[]): RowStats {
  let size = row[0].size;
  let y0 = row[0].y0;
  let y1 = row[0].y1;
  for (let k = 1; k < row.length; k++) {
    size = Math.max(size, row[k].size);
    y0 = Math.min(y0, row[k].y0);
    y1 = Math.max(y1, row[k].y1);
  }
  return { size, y0, y1 };
}

function grow(into: RowStats, from: RowStats): void {
  into.size = Math.max(into.size, from.size);
  into.y0 = Math.min(into.y0, from.y0);
  into.y1 = Math.max(into.y1, from.y1);
}

/** Whether row `cur` (stats `cs`) is a script row of `target` (stats `ts`): smaller, overlapping it, touching its text. */
function absorbs(
  cur: TextRun[],
  cs: RowStats,
  target: TextRun[] | undefined,
  ts: RowStats | undefined,
): boolean {
  if (!target || !ts) return false;
  if (cs.size > 0.85 * ts.size) return false;
  const overlap = Math.min(ts.y1, cs.y1) - Math.max(ts.y0, cs.y0);
  if (overlap <= 0.4 * (cs.y1 - cs.y0)) return false;
  // A script mark touches the larger text it belongs to; small text beside a big
  // heading in another column does not.
  for (let i = 0; i < cur.length; i++) {
    const c = cur[i];
    for (let j = 0; j < target.length; j++) {
      const t = target[j];
      if (
        Math.min(t.y1, c.y1) - Math.max(t.y0, c.y0) > 0 &&
        ((t.size > 1.1 * c.size && c.x0 <= t.x1 + t.size && c.x1 >= t.x0 - t.size) ||
          // A footnote mark set just before the (smaller) note text it opens.
          (t.size < c.size && Math.abs(c.x0 - t.x1) < 0.5 * c.size))
      )
        return true;
    }
  }
  return false;
}

/** Whether a gutter runs between x `end` and `x0` at height `cy`. */
function gutterBetween(gutters: readonly Gutter[], end: number, x0: number, cy: number): boolean {
  for (let i = 0; i < gutters.length; i++) {
    const g = gutters[i];
    if (g.x > end && g.x < x0 && cy >= g.y0 && cy <= g.y1) return true;
  }
  return false;
}

/**
 * Groups runs into line fragments: runs sharing a baseline (superscripts join the line they
 * sit on), split where the gap between neighbours is wide enough to be a column or a cell.
 * Loops are indexed and tests are functions of their own, not closures made per row: a cold
 * run groups every page's runs in the interpreter.
 */
export function buildLines(runs: readonly TextRun[], gutters: readonly Gutter[] = []): Line[] {
  const upright = runs.filter((r) => !r.rotated).sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const rows: TextRun[][] = [];
  let row: TextRun[] = [];
  let rowBase = 0;
  let rowSize = 0;
  for (let i = 0; i < upright.length; i++) {
    const r = upright[i];
    if (row.length > 0 && Math.abs(r.base - rowBase) <= 0.3 * Math.max(rowSize, r.size)) {
      row.push(r);
      continue;
    }
    if (row.length) rows.push(row);
    row = [r];
    rowBase = r.base;
    rowSize = r.size;
  }
  if (row.length) rows.push(row);

  // Superscripts and subscripts sit off the baseline in a smaller size: fold them into the
  // row they overlap, so "order.19" stays one line.
  // Each row's largest size and vertical extent, kept up to date as rows absorb others
  // (rather than measured again for every test).
  const rowStats = rows.map(statsOf);
  const merged: TextRun[][] = [];
  const mergedStats: RowStats[] = [];
  for (let i = 0; i < rows.length; i++) {
    const cur = rows[i];
    const cs = rowStats[i];
    // Only rows of fewer than four runs are script rows (tested first: absorbs has no effects).
    const next = rows[i + 1];
    if (cur.length < 4 && absorbs(cur, cs, next, rowStats[i + 1])) {
      next.push(...cur);
      grow(rowStats[i + 1], cs);
      continue;
    }
    const last = merged[merged.length - 1];
    const lastStats = mergedStats[mergedStats.length - 1];
    if (cur.length < 4 && absorbs(cur, cs, last, lastStats)) {
      last.push(...cur);
      grow(lastStats, cs);
      continue;
    }
    merged.push(cur);
    mergedStats.push(cs);
  }

  const lines: Line[] = [];
  for (let m = 0; m < merged.length; m++) {
    const r = merged[m];
    r.sort((a, b) => a.x0 - b.x0);
    let frag: TextRun[] = [];
    let end = -Infinity;
    for (let k = 0; k < r.length; k++) {
      const run = r[k];
      const gap = run.x0 - end;
      const size = Math.max(run.size, frag[frag.length - 1]?.size ?? 0);
      // A list bullet stays with its text however far the text is indented; a figure after a
      // bracketed one ("(63)", a negative amount, then "5,116") is the next column's cell.
      const bulletOnly =
        frag.length === 1 && MARKER_ONLY.test(frag[0].text) && gap < 4 * size && !FIGURE.test(run.text);
      const cy = (run.y0 + run.y1) / 2;
      const gutter = gap > 0 && gutters.length > 0 && gutterBetween(gutters, end, run.x0, cy);
      if (frag.length > 0 && (gap > FRAGMENT_GAP * size || gutter) && !bulletOnly) {
        lines.push(makeLine(frag));
        frag = [];
        end = -Infinity;
      }
      frag.push(run);
      end = Math.max(end, run.x1);
    }
    if (frag.length) lines.push(makeLine(frag));
  }
  return withRotated(lines, runs);
}

/**
 * `upright`, the lines of the upright runs of `runs`, then a line for each rotated run, empty
 * lines left out: buildLines(runs) for lines read already from the same upright runs.
 */
export function withRotated(upright: readonly Line[], runs: readonly TextRun[]): Line[] {
  const lines = upright.filter((l) => l.text !== '');
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    if (r.rotated) {
      const l = makeLine([r]);
      if (l.text !== '') lines.push(l);
    }
  }
  return lines;
}
