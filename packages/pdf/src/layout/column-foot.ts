import type { Box } from '../types.js';
import { HAS_LETTER } from './letter-tests.js';
import { overlapX } from './overlap.js';

/** What the column-foot test needs of a page's item: its box, and for a line or block of text its size. */
export interface FootItem {
  box: Box;
  /** The text's font size; undefined for a table or a picture. */
  size?: number;
}

/**
 * Whether `c`, a line of text low on the page (where running footers are set), ends
 * its column rather than running under the page: a title whose text went on at the top of the
 * next column, or a column's last line. Asked once per line in `readingOrder`; a block takes its
 * first line's answer (`labelBlocks`). Two pieces of evidence, both needed:
 * - it hangs under the text above it in its column (the nearest item over it that shares its
 *   x range) at a paragraph's spacing, less than MAX_GAP sizes, on that text's left edge (less
 *   than a size set in: a title, a list's line);
 * - text in another column (sharing none of its x range) reaches down to its level, to less
 *   than REACH sizes above its top: the columns' text runs as low as it does.
 * A running footer or a page number stands under the body's last line across the whole page,
 * apart by the bottom margin. A page of one column gives no second piece of evidence, so its
 * last line is left to the footer tests (a title left at a one-column page's foot is read last
 * anyway, and the heading rules' closesPage weighs it).
 * `text` is `c`'s text: a line of neither letters (a page number) is left to the footer tests.
 */
export function atColumnFoot(c: FootItem, text: string, items: readonly FootItem[]): boolean {
  const size = c.size;
  if (size === undefined || !HAS_LETTER.test(text)) return false;
  const above = hungUnder(c, items);
  if (above === undefined || c.box.x0 - above.box.x0 <= -2 || c.box.x0 - above.box.x0 >= size) return false;
  // Another column's text: it reaches the line's level and is text of a column, not a line
  // on the line's own row alone (a footer's other half, apart from the text over it).
  return items.some(
    (o) =>
      o.size !== undefined &&
      overlapX(o.box, c.box) <= 0 &&
      o.box.y1 >= c.box.y0 - REACH * size &&
      o.box.y0 < c.box.y1 &&
      (o.box.y0 < c.box.y0 - TALL * size || hungUnder(o, items) !== undefined),
  );
}

/**
 * The text `c` hangs under in its column: the nearest item over it that shares its x range,
 * when it is text and less than MAX_GAP sizes above.
 */
function hungUnder(c: FootItem, items: readonly FootItem[]): FootItem | undefined {
  const size = c.size ?? 0;
  let above: FootItem | undefined;
  for (const o of items)
    if (
      o !== c &&
      overlapX(o.box, c.box) > 0 &&
      o.box.y1 <= c.box.y0 + 0.3 * size &&
      (!above || o.box.y1 > above.box.y1)
    )
      above = o;
  if (above?.size === undefined) return undefined;
  return c.box.y0 - above.box.y1 < MAX_GAP * Math.max(size, above.size) ? above : undefined;
}
/** A line further under the text over it than this many sizes stands apart from its column. */
const MAX_GAP = 1;
/** Text in another column ending this many sizes above a line's top still reaches its level. */
const REACH = 0.25;
/** A block starting this many sizes over a line's top holds lines over it: a column's text. */
const TALL = 1.5;
