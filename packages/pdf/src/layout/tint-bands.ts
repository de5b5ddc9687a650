import type { Box, LayoutBlock } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/**
 * Marks the text blocks set alone on a filled rectangle: a section title on a tint band, dark
 * or light, whose fill colour the page's shapes do not tell. The rectangle holds the block
 * with no more than a line's padding over and under (a call-out box pads more text than a
 * title's one or two lines), and nothing else: no other block in it, none just beside it on
 * its row (the shaded cells of a table's header row stand side by side). A band stands alone
 * among the shapes too: the bars of a chart and the striped rows of a table are stacked, each
 * rectangle within a line of the next.
 */
export function markBands(blocks: LayoutBlock[], rects: readonly Box[]): void {
  if (rects.length === 0 || rects.length > MAX_RECTS) return;
  for (const b of blocks) {
    // A band at a page's top or foot is read with the running lines; it may be a title still.
    if (b.kind !== 'text' || b.lines.length > 2 || (b.label && !b.label.startsWith('page-'))) continue;
    const band = rects.find((r) => holds(r, b));
    if (
      band &&
      blocks.every((o) => o === b || !near(o.box, band, b.size)) &&
      rects.every((r) => r === band || !stacked(r, band, b.size))
    )
      b.band = true;
  }
}

/** Caps the work on pages drawn from thousands of rectangles (maps, shaded grids). */
const MAX_RECTS = 400;

function holds(r: Box, b: TextBlock): boolean {
  const { box } = b;
  return (
    r.x0 <= box.x0 + 1 &&
    r.x1 >= box.x1 - 1 &&
    r.y0 <= box.y0 + 1 &&
    r.y1 >= box.y1 - 1 &&
    r.y1 - r.y0 <= box.y1 - box.y0 + 2 * b.size
  );
}

/** Whether `o` lies in the band, or beside it on its row closer than a line's size. */
function near(o: Box, band: Box, size: number): boolean {
  const mid = (o.y0 + o.y1) / 2;
  return mid > band.y0 && mid < band.y1 && o.x1 > band.x0 - size && o.x0 < band.x1 + size;
}

/** Whether `r` lies over, under or beside `band`, sharing part of its span, closer than `size`. */
function stacked(r: Box, band: Box, size: number): boolean {
  const apartY = Math.max(r.y0 - band.y1, band.y0 - r.y1);
  const apartX = Math.max(r.x0 - band.x1, band.x0 - r.x1);
  return apartY < size && apartX < size;
}
