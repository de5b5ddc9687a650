import type { Box } from '../types.js';
import { HAS_LETTER } from './letter-tests.js';
import { overlapX } from './overlap.js';

/** What the top band's test needs of a page's item: its box, and for a line its size. */
export interface BandItem {
  box: Box;
  /** A line's font size; undefined for a table or a picture. */
  size?: number;
  /** A line's text. */
  text?: string;
}

/**
 * The lines of the page's top band (`top`, indices into `items`) that are the page's own text
 * rather than running lines: each stands right over the next line of its column (`body`, the
 * lines under the band), less than MAX_GAP sizes above it, as a title stands over its text or
 * a column's first line over its second. A running header or a page number stands apart from
 * the body by the margin's space.
 * Lines that stand on the body are read with it by XY-cut, each in its column: a column's first
 * lines cut by the band are no longer read ahead of the columns before it, and a title over
 * the left column no longer reads into the right column's first line. A line over another band
 * line that stands on the body stands on the body too (a title broken over two lines).
 */
export function topLinesOnBody(
  items: readonly BandItem[],
  top: readonly number[],
  body: readonly number[],
): Set<number> {
  const on = new Set<number>();
  const below = new Set(body);
  // The band line each line stands on (for a figure-only line: see below).
  const onto = new Map<number, number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const i of top) {
      if (on.has(i)) continue;
      const c = items[i];
      // A line of neither letters nor figures (a rule of underscores) is no column's text.
      if (c.size === undefined || !/[\p{L}\p{N}]/u.test(c.text ?? '')) continue;
      // The nearest item under the line in its column, band lines included.
      let best = -1;
      for (let j = 0; j < items.length; j++) {
        const b = items[j].box;
        if (j === i || b.y0 < c.box.y1 - 0.3 * c.size) continue;
        if (overlapX(b, c.box) <= 0) continue;
        if (best < 0 || b.y0 < items[best].box.y0) best = j;
      }
      if (best < 0 || !below.has(best)) continue;
      const under = items[best];
      if (under.size === undefined || under.box.y0 - c.box.y1 >= MAX_GAP * Math.max(c.size, under.size))
        continue;
      on.add(i);
      below.add(i);
      onto.set(i, best);
      grew = true;
    }
  }
  // A line of figures only (a page number) is the body's only as the end
  // of a line of text over it that stands on the body through it ("… trends for" / "2026").
  const carried = new Set<number>();
  for (const i of on)
    if (HAS_LETTER.test(items[i].text ?? ''))
      for (let j = onto.get(i); j !== undefined && on.has(j); j = onto.get(j)) carried.add(j);
  for (const i of on) if (!HAS_LETTER.test(items[i].text ?? '') && !carried.has(i)) on.delete(i);
  return on;
}
/** A band line further above the line under it than this many sizes is not its column's text. */
const MAX_GAP = 0.8;
