import type { LayoutBlock } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/**
 * A line ending in a colon that no heading rule took, with its neighbours and `place` (the
 * caller's PagePlace, handed back to its test).
 */
export interface ColonLine<Place> {
  b: TextBlock;
  prev?: LayoutBlock;
  next?: LayoutBlock;
  place: Place;
}

/** Whether a block that is no heading candidate is kept as a ColonLine: one or two lines ending in a colon. */
export const colonEnded = (b: TextBlock, text: string): boolean =>
  b.lines.length <= 2 && text.trimEnd().endsWith(':');

const round = (v: number) => Math.round(v * 2) / 2;

/** What a title's face is: size (to the half point), weight, slant and colour. */
const faceOf = (b: TextBlock) => `${round(b.size)} ${b.bold} ${b.italic === true} ${b.fill ?? -1}`;

/**
 * Lines ending in a colon set in the face of the document's own titles: the face of
 * STYLED_TITLES headings or more found without them (`cands`), that stand over their text as
 * a title does (`standsAsTitle`). A bold line ending in a colon is most often a label of what
 * follows ("Reagents:" over its list, "Note:"), which DP-Bench's truth writes as text; where
 * the document sets its section titles in that very face, and the line stands over its text
 * as they do, it is one of them ("Key features:", "Shownotes:" under an article's other bold
 * titles).
 */
export function styledColonTitles<Place>(
  colons: readonly ColonLine<Place>[],
  cands: readonly TextBlock[],
  standsAsTitle: (c: ColonLine<Place>) => boolean,
): TextBlock[] {
  if (!colons.length) return [];
  const faces = new Map<string, number>();
  for (const b of cands) faces.set(faceOf(b), (faces.get(faceOf(b)) ?? 0) + 1);
  return colons
    .filter((c) => (faces.get(faceOf(c.b)) ?? 0) >= STYLED_TITLES && standsAsTitle(c))
    .map(({ b }) => b);
}
const STYLED_TITLES = 2;
