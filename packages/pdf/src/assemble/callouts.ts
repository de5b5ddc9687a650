import { sameColour } from '../layout/colours.js';
import type { LayoutBlock, PageLayout, Tint } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

const textOf = (b: TextBlock) => b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ');

/** A paragraph's close: a sentence's punctuation, a quote or bracket after it. */
const CLOSED = /[.!?:;]["”’)]?$/u;

/**
 * The boxes a document sets its call-outs in: the tint (fill and padding, see markBands) of
 * each block set alone in a filled box that is no title, three lines or more or closed like a
 * sentence. Sorted, so that the statistics of a document read page by page are the same
 * however they are read.
 */
export function calloutTintsOf(pages: readonly PageLayout[]): Tint[] {
  const out: Tint[] = [];
  for (const p of pages)
    for (const b of p.blocks) {
      if (b.kind !== 'text' || !b.tint || b.tint.fill < 0) continue;
      if (b.lines.length < 3 && !CLOSED.test(textOf(b).trim())) continue;
      if (!out.some((t) => sameTint(t, b.tint!, b.size))) out.push(b.tint);
    }
  return out.sort((a, b) => a.fill - b.fill || a.inset - b.inset || a.pad - b.pad);
}

/**
 * A line alone on a band is a title by the band alone (see titleMarks), but a one-line call-out
 * sits alone in its box too. Where the document sets paragraphs in a box of the very same
 * tint, fill and padding alike (`callouts`), a line of the body's size and weight in such a
 * box is one of its call-outs, and its band marks nothing: a house style gives its title bands
 * a padding or fill of their own, or sets their text apart by size or weight.
 */
export function withdrawCalloutBands(
  pages: readonly PageLayout[],
  body: number,
  callouts: readonly Tint[],
): void {
  if (callouts.length === 0) return;
  for (const p of pages)
    for (const b of p.blocks)
      if (
        b.kind === 'text' &&
        b.band &&
        b.tint &&
        !b.bold &&
        Math.abs(b.size / body - 1) < BODY_SIZE &&
        callouts.some((t) => sameTint(t, b.tint!, b.size))
      )
        b.band = false;
}

/** Sizes within this share of the body's are the body's (a title band set 5% larger is not). */
const BODY_SIZE = 0.03;
/** Paddings closer than this share of the text's size are one house style's. */
const SAME_PAD = 0.1;

function sameTint(a: Tint, b: Tint, size: number): boolean {
  return (
    sameColour(a.fill, b.fill) &&
    Math.abs(a.inset - b.inset) <= SAME_PAD * size &&
    Math.abs(a.pad - b.pad) <= SAME_PAD * size
  );
}
