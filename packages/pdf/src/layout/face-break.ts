import { asciiTwin } from '@distill/core';
import { leadGap } from './leading.js';
import type { Line } from './lines.js';

/** A lower-case letter anywhere: a line holding one is not set in capitals. */
const HAS_LOWER = asciiTwin(String.raw`\p{Ll}`, 'u');
/** Three capitals: a line of figures and an initial ("2024 A") sets no face. */
const THREE_CAPITALS = asciiTwin(String.raw`\p{Lu}(?:[^\p{Lu}]*\p{Lu}){2}`, 'u');

/**
 * More white than the page's own leading, in font sizes, that sets a face's lines apart from
 * the text under them. Browsers and word processors leave a title's bottom margin (0.3–0.5 em)
 * on top of the leading; lines of one paragraph vary by rounding (about 0.05 em).
 */
const EXTRA_WHITE = 0.2;
/** A title breaks onto three lines at most (to-doc takes no longer block for a heading). */
const TITLE_LINES = 3;

/** The face a line is set in, where it is one that sets a title apart at the body size. */
function faceOf(l: Line): 'italic' | 'capitals' | undefined {
  if (l.italic) return 'italic';
  if (!HAS_LOWER.test(l.text) && THREE_CAPITALS.test(l.text)) return 'capitals';
  return undefined;
}

/**
 * The page's leading: the median white between consecutive lines read one after the other
 * that would join into one paragraph by size and spacing alone, in font sizes; undefined with
 * none (a page of one-line blocks has no paragraph to learn it from).
 */
export function pageLeading(lines: readonly Line[]): number | undefined {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const p = lines[i - 1];
    const l = lines[i];
    if (p.rotated || l.rotated || Math.abs(l.size - p.size) > 0.15 * Math.max(l.size, p.size)) continue;
    const gap = leadGap([p], [l]);
    if (gap > -0.5 * p.size && gap < 0.75 * Math.max(p.size, l.size)) ratios.push(gap / p.size);
  }
  if (ratios.length === 0) return undefined;
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)];
}

/**
 * Whether a block whose lines are all in one face (italic, or capitals: a sub-heading at the
 * body size that has no other mark) ends where `next`, in another face (roman, lower case),
 * starts: with more white between them than the page sets between a paragraph's lines. Set
 * at the body size and a little closer than a paragraph's break, such a title otherwise runs
 * into the paragraph it heads. The white is the evidence: a paragraph that only opens with a
 * line in italic or capitals keeps its leading. Only a title's few lines are tested: a longer
 * passage in one face is no heading whatever follows it.
 */
export function faceEnds(block: readonly Line[], next: Line, leading: number | undefined): boolean {
  if (leading === undefined || block.length > TITLE_LINES) return false;
  const face = faceOf(block[0]);
  if (face === undefined || faceOf(next) === face || block.some((l) => faceOf(l) !== face)) return false;
  const p = block[block.length - 1];
  return leadGap([p], [next]) > (leading + EXTRA_WHITE) * p.size;
}
