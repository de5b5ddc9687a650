import type { TextRun } from '../types.js';

/** Lower-case letters: a line holding one is not set in small capitals. */
const LOWER = /\p{Ll}/u;

/**
 * Small capitals as word processors and browsers set them (Word's and LibreOffice's small caps,
 * CSS `font-variant: small-caps` on a font without them): capital letters in two sizes, the
 * larger opening the words (one or two letters a run), the rest about 0.6–0.85 of their size,
 * all on one baseline (subscripts, as in "P_LL", sit below it). Read as the larger size, a title
 * in small capitals stands at the body size, where its capitals are its title mark; read at the
 * smaller one it looks like a caption or a footnote.
 * `size` is the line's dominant size; returns it unchanged for any other line.
 */
export function smallCapsSize(runs: readonly TextRun[], size: number): number {
  let big = size;
  for (const r of runs) if (r.size > big) big = r.size;
  // Most lines have one size, or a smaller mark beside the dominant one: nothing to test.
  if (big < size * 1.15 || big > size / 0.6) return size;
  let initials = 0;
  const base = runs[0].base;
  for (const r of runs) {
    if (LOWER.test(r.text) || Math.abs(r.base - base) > 0.1 * size) return size;
    if (r.size < size * 1.15) continue;
    if (r.text.trim().length > 2) return size;
    initials++;
  }
  return initials > 0 ? big : size;
}
