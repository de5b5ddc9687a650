import { asciiTwin } from '@distill/core';
import type { LayoutLine } from '../types.js';

/** A line ending in a hyphen right after a letter ("rally-", "Ende-zu-Ende-"). */
const LETTER_HYPHEN = asciiTwin(String.raw`\p{L}-$`, 'u');
/** A line opening with a letter. */
const OPENS_LETTER = asciiTwin(String.raw`^\p{L}`, 'u');

/**
 * A heading's text on one line: its lines joined by a space, except after a line that ends in
 * a hyphen right after a letter, where the next line's word goes on from it with the hyphen
 * kept ("Rocket Pass 4 brings a new rally-" / "inspired car"). A title's measure breaks a
 * compound at its own hyphen (titles are seldom hyphenated at a syllable), so the hyphen
 * belongs to the word; a paragraph's line break (see lineInlines) may be a syllable's, which
 * goes. A title hyphenated at a syllable after all ("Stock Mar-" / "ket", ICDAR eu-027) comes
 * out one character off its word ("Mar-ket"), where a space kept it two off.
 */
export function headingText(lines: readonly LayoutLine[]): string {
  let out = '';
  for (const l of lines) {
    const text = l.spans
      .map((s) => s.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) continue;
    if (out && !(LETTER_HYPHEN.test(out) && OPENS_LETTER.test(text))) out += ' ';
    out += text;
  }
  return out;
}
