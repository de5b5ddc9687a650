import type { FilledBox } from '../types.js';

/**
 * Colours as the reader packs them (0xRRGGBB; -1 or absent where it cannot tell: a pattern, a
 * spot colour), and the tests layout and the assembler make of them: whether two fills are one
 * colour, whether a filled rectangle shows on its page, how light a colour is.
 */

/** Channels closer than this (of 255) are one colour: producers round a tint differently. */
const SAME_CHANNEL = 8;
/** A rectangle covering this share of the page is its background: its fill is the page's colour. */
const BACKGROUND_SHARE = 0.9;

export const channels = (c: number) => [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];

/** Whether both colours are known and one, each channel within SAME_CHANNEL. */
export function sameColour(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || a < 0 || b === undefined || b < 0) return false;
  const x = channels(a);
  const y = channels(b);
  return x.every((v, i) => Math.abs(v - y[i]) <= SAME_CHANNEL);
}

/** Relative lightness 0..1 of a colour (Rec. 601 weights). */
export function lightness(c: number): number {
  const [r, g, b] = channels(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

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

/**
 * The filled rectangles that show on the page: all but those filled in the page's own colour (a
 * white box on a white page). A fill the reader cannot tell counts as shown.
 */
export function visibleFills(rects: readonly FilledBox[], width: number, height: number): FilledBox[] {
  const page = pageColour(rects, width, height);
  return rects.filter((r) => !sameColour(r.fill, page));
}
