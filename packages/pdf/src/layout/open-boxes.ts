import type { Box, Rule } from '../types.js';

/** Rules this close (points) are one line: a side drawn again per row, or a stroke's width. */
const TOL = 2;
/** A box narrower than this (points) is a bar or a mark, not a frame round items. */
const MIN_WIDTH = 40;
/** Past this many side segments, or sides once stacked, a page is a chart or a form: no boxes looked for. */
const MAX_SIDES = 400;
const MAX_SPANS = 60;

/**
 * One-column ruled boxes that no table took: a left and a right side, drawn over the same
 * height (row by row or in one stroke), with no side between them. A list drawn in such a box
 * and broken by a page end leaves a part of two rows or fewer on each page, too few to read as
 * a table; the assembler joins the two parts where one box ends a page's body and a box of the
 * same sides opens the next (assemble/continued-boxes.ts). `tables` are the page's tables'
 * boxes.
 */
export function oneColumnBoxes(rules: readonly Rule[], tables: readonly Box[]): Box[] {
  const sides: Rule[] = [];
  for (const r of rules) if (r.x1 - r.x0 <= TOL && r.y1 - r.y0 > 2 * TOL) sides.push(r);
  if (sides.length < 2 || sides.length > MAX_SIDES) return [];
  // Each x's segments, stacked end to end, as spans.
  sides.sort((a, b) => a.x0 - b.x0 || a.y0 - b.y0);
  const spans: Rule[] = [];
  for (const s of sides) {
    const same = spans.find((p) => Math.abs(p.x0 - s.x0) <= TOL && s.y0 <= p.y1 + TOL && s.y1 >= p.y0 - TOL);
    if (same) {
      same.y0 = Math.min(same.y0, s.y0);
      same.y1 = Math.max(same.y1, s.y1);
    } else spans.push({ x0: s.x0, x1: s.x0, y0: s.y0, y1: s.y1 });
  }
  if (spans.length > MAX_SPANS) return [];
  const out: Box[] = [];
  for (const a of spans)
    for (const b of spans) {
      if (b.x0 - a.x0 < MIN_WIDTH || Math.abs(a.y0 - b.y0) > TOL || Math.abs(a.y1 - b.y1) > TOL) continue;
      const box = { x0: a.x0, y0: Math.min(a.y0, b.y0), x1: b.x0, y1: Math.max(a.y1, b.y1) };
      if (tables.some((t) => t.x0 < box.x1 && t.x1 > box.x0 && t.y0 < box.y1 && t.y1 > box.y0)) continue;
      const inner = spans.some(
        (s) => s.x0 > a.x0 + TOL && s.x0 < b.x0 - TOL && s.y1 > box.y0 + TOL && s.y0 < box.y1 - TOL,
      );
      if (!inner) out.push(box);
    }
  return out;
}
