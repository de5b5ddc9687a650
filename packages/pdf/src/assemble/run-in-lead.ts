import type { LayoutBlock, LayoutLine } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

const lineText = (l: LayoutLine) => l.spans.map((s) => s.text).join('');

/**
 * Whether bold `b` is the opening of its paragraph, broken off where the bold run wraps: the
 * regular text right under it goes on from its last line as the paragraph's next line does.
 * Three things show it, none of them the letter case of the word that follows (German sets
 * its nouns in capitals: "Zum anderen sind Hummeln leider tierische / Nachmacher. Experimente…"):
 * - the text under it is set in `b`'s size and at its line pitch (a title stands apart from its
 *   text by some space, or is set larger), from `b`'s left edge or left of it (a first-line indent);
 * - `b`'s last line ends on the right edge of the text under it (EDGE), the paragraph's wrapped
 *   lines giving the column's measure (two lines at least): a justified line, which the measure
 *   ended; a title ends its line where its text ends;
 * - the first word of the next line would not have fitted after it.
 */
export function wrapsIntoParagraph(b: TextBlock, next: LayoutBlock | undefined): boolean {
  if (next?.kind !== 'text' || next.bold || next.label || !b.lines.length || next.lines.length < 2)
    return false;
  if (Math.abs(next.size - b.size) > SAME_SIZE * b.size) return false;
  const indent = b.box.x0 - next.box.x0;
  if (indent <= -2 || indent >= 3 * b.size) return false;
  const last = b.lines[b.lines.length - 1];
  const [first, second] = next.lines;
  const pitch = second.box.y0 - first.box.y0;
  if (pitch <= 0 || Math.abs(first.box.y0 - last.box.y0 - pitch) > PITCH * pitch) return false;
  const edge = next.box.x1;
  if (Math.abs(last.box.x1 - edge) > EDGE) return false;
  const text = lineText(first).trim();
  const word = /^\S+/u.exec(text)?.[0];
  if (!word || text.length < 2 * word.length) return false;
  // The width of that word and the space before it, at the average advance of its line.
  const advance = (first.box.x1 - first.box.x0) / text.length;
  return last.box.x1 + (word.length + 1) * advance > edge;
}
/** Sizes this close (a fraction) are one size. */
const SAME_SIZE = 0.02;
/** How far (a fraction of the paragraph's line pitch) the step from `b` to its text may differ from it. */
const PITCH = 0.1;
/** How near (pt) a line set to the measure ends to the column's right edge. */
const EDGE = 0.25;
