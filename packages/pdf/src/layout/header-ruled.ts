import type { Rule, TextRun } from '../types.js';
import { STARTS_LOWER } from './letter-tests.js';
import type { Line } from './lines.js';
import { median } from './median.js';
import { baselines, fragments } from './row-ruled.js';
import type { FoundTable, TableCellOut } from './tables.js';
import { longHorizontalRules } from './tables.js';

/** The header's last line and the body's first sit at most this far from the rule (font sizes). */
const NEAR_RULE = 1.5;
/** Wrapped lines of one header cell sit at most this far apart, baseline to baseline (font sizes). */
const LINE_PITCH = 1.6;
/** Header lines above the rule, at most. */
const HEAD_LINES = 3;
/** Text on the header's baseline nearer than this (font sizes) past the rule's ends is the header's. */
const OUTSIDE = 4;
/** Header cells starting nearer than this (font sizes) start one column. */
const SAME_START = 0.5;

/**
 * Report tables ruled under the header only, whose cells wrap over several lines (a label
 * column beside paragraphs of text): no lines part the rows and no gap runs down the page
 * between wrapped lines, so the text reading sees prose. The rule's extent bounds the table,
 * the header cells above it give the columns (each starts where its header cell does), and a
 * row starts at a line that fills a column the line before left empty, or fills again every
 * column its row's first line did (not in lower case: a run-on line), or sits a row's padding
 * lower than a wrapped line would. Every body cell starts where its header cell does (set
 * flush left), or the table is left to the other readings. The body ends at a line that
 * crosses a column's start (prose under the table) or sits farther than a row's pitch. Rules
 * inside a table the ruled readings found are skipped, and a table none of whose rows wraps
 * is left to the text reading.
 */
export function headerRuledTables(
  runs: readonly TextRun[],
  rules: readonly Rule[],
  taken: Set<number>,
  found: readonly FoundTable[],
): FoundTable[] {
  const hs = longHorizontalRules(rules);
  const out: FoundTable[] = [];
  for (const [k, rule] of hs.entries()) {
    const inside = found.some(
      (t) => rule.y0 >= t.box.y0 - 3 && rule.y0 <= t.box.y1 + 3 && rule.x0 < t.box.x1 && rule.x1 > t.box.x0,
    );
    if (inside) continue;
    const t = tableUnder(rule, hs[k + 1]?.y0 ?? Infinity, hs[k - 1]?.y0 ?? -Infinity, runs, taken);
    if (!t) continue;
    for (const i of t.runs) taken.add(i);
    out.push(t);
  }
  return out;
}

function tableUnder(
  rule: Rule,
  nextRule: number,
  prevRule: number,
  runs: readonly TextRun[],
  taken: Set<number>,
): FoundTable | undefined {
  const x0 = rule.x0 - 2;
  const x1 = rule.x1 + 2;
  const free: number[] = [];
  runs.forEach((r, i) => {
    const cx = (r.x0 + r.x1) / 2;
    if (!taken.has(i) && !r.rotated && /\S/.test(r.text) && cx >= x0 && cx <= x1) free.push(i);
  });
  const above = fragments(free.map((i) => runs[i]).filter((r) => r.y1 <= rule.y0 + 1 && r.y0 > prevRule));
  const below = fragments(free.map((i) => runs[i]).filter((r) => r.y0 >= rule.y0 - 1 && r.y1 < nextRule));
  if (!above.length || below.length < 2) return undefined;
  const size = median([...above, ...below].map((l) => l.size));
  const within = (l: Line) => l.x0 >= x0 - 1 && l.x1 <= x1 + 1;

  // The header: lines just above the rule at a wrapped cell's pitch, of two cells at least.
  const up = baselines(above, size).reverse();
  const head: Line[][] = [];
  for (const ls of up) {
    const prev = head[head.length - 1];
    const gap = prev ? prev[0].base - ls[0].base : rule.y0 - Math.max(...ls.map((l) => l.y1));
    if (gap > (prev ? LINE_PITCH : NEAR_RULE) * size || !ls.every(within)) break;
    head.push(ls);
    if (head.length >= HEAD_LINES) break;
  }
  if (!head.length) return undefined;
  // Columns start where the header's cells do; a header line crossing a start is prose (a
  // caption over the table), and the header ends under it.
  let headLines = head;
  let starts: number[] = [];
  const colOf = (l: Line) => {
    let c = -1;
    for (let j = 0; j < starts.length; j++) if (l.x0 >= starts[j] - SAME_START * size) c = j;
    return c;
  };
  const crosses = (l: Line) => {
    const c = colOf(l);
    return c < 0 || (c + 1 < starts.length && l.x1 > starts[c + 1] - 1);
  };
  for (;;) {
    starts = [];
    for (const l of headLines.flat().sort((a, b) => a.x0 - b.x0))
      if (!starts.length || l.x0 - starts[starts.length - 1] > SAME_START * size) starts.push(l.x0);
    const cut = headLines.findIndex((ls) => ls.some(crosses));
    if (cut < 0) break;
    if (cut === 0) return undefined;
    headLines = headLines.slice(0, cut);
  }
  if (starts.length < 2) return undefined;
  const topLine = headLines[headLines.length - 1];
  // The rule spans the header: a header cell beside its ends (the rule drawn cell by cell, in
  // pieces that do not meet) makes the rule no table's extent.
  const beside = (r: TextRun) =>
    (r.x0 > x1 && r.x0 < x1 + OUTSIDE * size) || (r.x1 < x0 && r.x1 > x0 - OUTSIDE * size);
  const heads = headLines.flat();
  if (
    runs.some(
      (r) => /\S/.test(r.text) && beside(r) && heads.some((l) => Math.abs(r.base - l.base) < 0.3 * size),
    )
  )
    return undefined;
  if (new Set(topLine.map(colOf)).size < 2) return undefined;

  // The body: lines under the rule in the header's columns, at a row's pitch at most.
  const down = baselines(below, size);
  const firstGap = Math.min(...down[0].map((l) => l.y0)) - rule.y0;
  if (firstGap > NEAR_RULE * size) return undefined;
  const body: Line[][] = [];
  let pitch = Infinity;
  for (const ls of down) {
    const prev = body[body.length - 1];
    if (prev) {
      const step = ls[0].base - prev[0].base;
      // A row's pitch: a line's and the cells' padding above and below.
      if (step > LINE_PITCH * size + 2 * Math.max(0, firstGap) + 0.5 * size) break;
      pitch = Math.min(pitch, step);
    }
    if (!ls.every(within) || ls.some(crosses)) break;
    // Cells set flush left start where their header cells do, wrapped lines too; a cell that
    // starts elsewhere (figures set flush right, a centred cell) is a table of another kind.
    if (ls.some((l) => l.x0 - starts[colOf(l)] > SAME_START * size)) return undefined;
    body.push(ls);
  }
  if (body.length < 3) return undefined;
  const sets = body.map((ls) => new Set(ls.map(colOf)));
  const rowsLines: Line[][][] = [];
  let rowFirst = sets[0];
  for (let k = 0; k < body.length; k++) {
    let opens = k === 0;
    if (k > 0) {
      const prev = sets[k - 1];
      const fresh = [...sets[k]].some((c) => !prev.has(c));
      const again =
        [...rowFirst].every((c) => sets[k].has(c)) && !body[k].every((l) => STARTS_LOWER.test(l.text));
      const lower = body[k][0].base - body[k - 1][0].base > pitch + 0.4 * size;
      opens = fresh || again || lower;
    }
    if (opens) {
      rowsLines.push([body[k]]);
      rowFirst = sets[k];
    } else rowsLines[rowsLines.length - 1].push(body[k]);
  }
  // Wrapping is what the text reading misses: at least one row runs over several lines, and
  // the rows fill two cells at least (a list under a heading fills one).
  if (rowsLines.length < 2 || !rowsLines.some((r) => r.length > 1)) return undefined;
  const cellsOf = (lines: Line[]): TableCellOut[] => {
    const texts: string[][] = starts.map(() => []);
    for (const l of [...lines].sort((p, q) => p.base - q.base || p.x0 - q.x0))
      texts[colOf(l)].push(l.text.trim());
    return texts.map((t) => ({ text: t.join(' ').replace(/\s+/g, ' ').trim() }));
  };
  const rows = [cellsOf(headLines.flat()), ...rowsLines.map((r) => cellsOf(r.flat()))];
  const filled = rows.slice(1).filter((r) => r.filter((c) => c.text).length >= 2).length;
  if (filled < Math.max(2, 0.6 * (rows.length - 1))) return undefined;
  const lines = [...headLines.flat(), ...body.flat()];
  const used = new Set<number>();
  for (const i of free) {
    const r = runs[i];
    const cx = (r.x0 + r.x1) / 2;
    const cy = (r.y0 + r.y1) / 2;
    if (lines.some((l) => cx >= l.x0 - 0.5 && cx <= l.x1 + 0.5 && cy >= l.y0 && cy <= l.y1)) used.add(i);
  }
  const box = {
    x0,
    x1,
    y0: Math.min(...topLine.map((l) => l.y0)),
    y1: Math.max(...body[body.length - 1].map((l) => l.y1)),
  };
  return { box, rows, ruled: true, runs: used };
}
