import type { Box, FilledBox, LayoutBlock } from '../types.js';
import { lightness, visibleFills } from './colours.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/**
 * Marks the text blocks set alone on a filled rectangle: a section title on a tint band. The
 * rectangle holds the block with no more than a line's padding over and under (a call-out box
 * pads more text than a title's one or two lines), and nothing else: no other block in it,
 * none just beside it on its row (the shaded cells of a table's header row stand side by
 * side). A band stands alone among the shapes too: the bars of a chart and the striped rows of
 * a table are stacked, each rectangle within a line of the next.
 *
 * Where the reader gives the fill colour, the fill must show and the text must be read on it:
 * a rectangle filled in the page's own colour (a white box on a white page, see visibleFills)
 * is no band, and the text's colour must stand off the fill's (dark text on a light tint, white
 * text on a dark bar), else the text is not what the fill sets off (it lies over a picture, or
 * the fill is a frame's shadow). A fill the reader cannot tell (a pattern, a spot colour)
 * counts as shown.
 *
 * Every block set alone in such a box, however many lines, gets the box's `tint` (its fill and
 * how far the text is padded in from its edges), so the assembler can tell a document's
 * call-out boxes (the same tint holding paragraphs) from its title bands; only blocks of one
 * or two lines are `band`s.
 */
export function markBands(
  blocks: LayoutBlock[],
  rects: readonly FilledBox[],
  width: number,
  height: number,
): void {
  if (rects.length === 0 || rects.length > MAX_RECTS) return;
  const shown = visibleFills(rects, width, height);
  if (shown.length === 0) return;
  for (const b of blocks) {
    // A band at a page's top or foot is read with the running lines; it may be a title still.
    if (b.kind !== 'text' || (b.label && !b.label.startsWith('page-'))) continue;
    const band = shown.find((r) => holds(r, b) && legible(b.fill, r.fill));
    if (
      band &&
      blocks.every((o) => o === b || !near(o.box, band, b.size)) &&
      shown.every((r) => r === band || !stacked(r, band, b.size))
    ) {
      b.tint = { fill: band.fill ?? -1, inset: b.box.x0 - band.x0, pad: b.box.y0 - band.y0 };
      if (b.lines.length <= 2) b.band = true;
    }
  }
}

/** Caps the work on pages drawn from thousands of rectangles (maps, shaded grids). */
const MAX_RECTS = 400;
/** Text and fill lightness (0..1) at least this far apart: the text reads on the fill. */
const CONTRAST = 0.3;

/** Whether text in colour `text` reads on a fill `fill` (true where either is not known). */
function legible(text: number | undefined, fill: number | undefined): boolean {
  if (text === undefined || text < 0 || fill === undefined || fill < 0) return true;
  return Math.abs(lightness(text) - lightness(fill)) >= CONTRAST;
}

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
