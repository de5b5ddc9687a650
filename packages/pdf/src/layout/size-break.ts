import { leadGap } from './leading.js';
import type { Line } from './lines.js';

/**
 * A title's lines over its text: set larger than the text (by more than one font's sizes
 * differ in rounding) and parted from it by more white than the page's leading. Lines of one
 * paragraph keep one size; a size step alone (a word set larger, a line of another font's
 * metrics) keeps the leading.
 */
const SIZE_STEP = 1.04;
/**
 * More white than the page's leading, in the title's size, that parts a title from the text
 * under it where the size steps too: half of what a title's margin alone needs (see
 * face-break.ts's EXTRA_WHITE), and twice the rounding between a paragraph's lines (about
 * 0.05 em). A browser's title set a little larger than the body over a bold lead paragraph
 * keeps as little as 0.2 em of margin under it.
 */
const EXTRA_WHITE = 0.1;
/** A title breaks onto three lines at most (to-doc takes no longer block for a heading). */
const TITLE_LINES = 3;

/**
 * Whether a block of a title's few lines, all of one size, ends where `next` starts in a
 * smaller size with more white between them than the page sets between a paragraph's lines
 * (`leading`, see pageLeading): a title set in the weight of the text under it (a bold title
 * over a bold lead paragraph, a regular one over regular text) is parted from it by size and
 * spacing, not weight.
 */
export function sizeEnds(block: readonly Line[], next: Line, leading: number | undefined): boolean {
  if (leading === undefined || block.length > TITLE_LINES) return false;
  const p = block[block.length - 1];
  if (p.size < next.size * SIZE_STEP || block.some((l) => Math.abs(l.size - p.size) > 0.02 * p.size))
    return false;
  return leadGap([p], [next]) > (leading + EXTRA_WHITE) * p.size;
}
