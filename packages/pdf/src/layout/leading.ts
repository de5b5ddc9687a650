/**
 * Vertical distances between lines of text, measured from baselines and font sizes. A run's
 * box top and bottom come from its font's ascent and descent, which each producer writes its
 * own way: LibreOffice's FontDescriptor metrics span 1.0 em where the same font's hhea table
 * spans about 1.16, a standard 14 font's about 0.9. A rule on box edges moves with the producer
 * and with which of those the reader takes; baselines and sizes do not.
 */

/**
 * The nominal box set round each baseline is the em square the font size names, 0.8 of it
 * above the baseline and 0.2 below (about where common faces split it). It matches no font's
 * own box and needs none: against the boxes fonts give (0.79 for Courier, 1.0 for most
 * descriptors, 1.17 for DejaVu's hhea) it kept dpbench-dev and ICDAR dev as they were, where a
 * box of 1.15 (a TrueType hhea's) cost ICDAR dev relations in three documents: a group header
 * over rows set solid in Courier was lost, a stub label in Helvetica Neue went into the header.
 */
const ASCENT = 0.8;
const DESCENT = 0.2;

interface Based {
  base: number;
  size: number;
}

/** The top of a line's nominal box (y grows downwards). */
export const nominalTop = (f: Based): number => f.base - ASCENT * f.size;

/** The bottom of a line's nominal box. */
export const nominalBottom = (f: Based): number => f.base + DESCENT * f.size;

/**
 * The white between the lines `above` and the lines `below` (pieces of one row each, or of
 * several), from the lowest nominal bottom above to the highest nominal top below; negative
 * when they overlap.
 */
export function leadGap(above: readonly Based[], below: readonly Based[]): number {
  let bottom = Number.NEGATIVE_INFINITY;
  for (const f of above) bottom = Math.max(bottom, nominalBottom(f));
  let top = Number.POSITIVE_INFINITY;
  for (const f of below) top = Math.min(top, nominalTop(f));
  return top - bottom;
}
