import type { Box, FilledBox, LayoutBlock } from '../types.js';

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
 * a rectangle filled in the page's own colour (a white box on a white page) is no band, and
 * the text's colour must stand off the fill's (dark text on a light tint, white text on a dark
 * bar), else the text is not what the fill sets off (it lies over a picture, or the fill is a
 * frame's shadow). A fill the reader cannot tell (a pattern, a spot colour) counts as shown.
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
  const page = pageColour(rects, width, height);
  const shown = rects.filter((r) => !sameColour(r.fill, page));
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
/** A rectangle covering this share of the page is its background: its fill is the page's colour. */
const BACKGROUND_SHARE = 0.9;
/** Channels closer than this (of 255) are one colour: producers round a tint differently. */
const SAME_CHANNEL = 8;
/** Text and fill lightness (0..1) at least this far apart: the text reads on the fill. */
const CONTRAST = 0.3;

/** The page's colour: white, or that of the last rectangle drawn over nearly all of it. */
function pageColour(rects: readonly FilledBox[], width: number, height: number): number {
  let colour = 0xffffff;
  for (const r of rects)
    if (
      r.fill !== undefined &&
      r.fill >= 0 &&
      (Math.min(r.x1, width) - Math.max(r.x0, 0)) * (Math.min(r.y1, height) - Math.max(r.y0, 0)) >=
        BACKGROUND_SHARE * width * height
    )
      colour = r.fill;
  return colour;
}

const channels = (c: number) => [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];

/** Whether a known fill is the colour `page` (an unknown one, -1 or absent, is not). */
function sameColour(fill: number | undefined, page: number): boolean {
  if (fill === undefined || fill < 0) return false;
  const a = channels(fill);
  const b = channels(page);
  return a.every((v, i) => Math.abs(v - b[i]) <= SAME_CHANNEL);
}

/** Relative lightness 0..1 of a colour (Rec. 601 weights). */
function lightness(c: number): number {
  const [r, g, b] = channels(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

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
