/**
 * List markers, shared by line building (a marker set apart from its text by a hanging indent
 * stays with it, so a list is never read as a marker column beside a text column) and block
 * grouping (a line opening with one starts a list item).
 *
 * Symbol fonts (Symbol, Wingdings, Webdings, as Word sets its bullets) often come out of a
 * PDF's ToUnicode map, or of a font with no map, as private-use code points (U+F0B7 for
 * Symbol's bullet, U+F0FC for Wingdings' tick, U+F0A7 for its square): one private-use
 * character set apart from the text is a marker whatever glyph it draws. Tick boxes (☐ ☑ ☒)
 * are no markers: they are a form's choices (not-tables.ts).
 */

import { asciiTwin } from '@distill/core';
import type { Line } from './lines.js';

/** A line that ends mid-sentence: on a letter, a digit or a comma. */
const ENDS_MID_SENTENCE = asciiTwin(String.raw`[\p{L}\p{N},]$`, 'u');

const GLYPHS = '•●◦▪■□◆◇►▸‣⁃∙·➢➤✓✔❖○◘▫➔➜⇒⇨✗✘✦♦◊⬧⦁';
/** The private-use area, where symbol fonts' glyphs land. */
const PRIVATE = '\\uE000-\\uF8FF';

/**
 * A marker and the space after it, at the start of a line's text; group 1 is the marker. A
 * private-use glyph is one only with a space after it: a line all in an unmapped font is text.
 */
export const BULLET = new RegExp(`^([${GLYPHS}]|[${PRIVATE}](?=\\s)|[-–—*o](?=\\s))\\s*`, 'u');

/**
 * A fragment that is only a marker: a bullet glyph, a dash, an asterisk (a bullet character
 * Word and LibreOffice offer), or a number or letter closing with a stop or parenthesis ("1.",
 * "a)", "(iv)").
 */
export const MARKER_ONLY = new RegExp(
  `^\\s*([-*${GLYPHS}${PRIVATE}]|\\(?\\d{1,2}[.)]|\\(?[a-z][.)]|\\(?[ivx]{1,4}[.)]|\\(\\d{1,2}\\))\\s*$`,
  'u',
);

/** A numbered item's label: "1.", "2)", "(3)". */
const ENUM = /^(\(?\d{1,3}[.)]|\d{1,3}\.(?=\s))\s+/;
/** A lettered item's label, or one in small roman numerals: "a)", "(b)", "c.", "iv.". */
const LETTERED = /^(\(?[a-z]\)|[a-z]\.|\(?[ivx]{1,4}[.)])\s+/;
const labelled = (text: string) => ENUM.test(text) || LETTERED.test(text);

/**
 * The marker a block opening with this line is listed under: a bullet's glyph, or a letter's
 * label, kept in the item's text ("a) the owners": Markdown numbers lists in figures only).
 * Numbered items are told from their numbers when the document is assembled.
 */
export function markerOf(text: string): string | undefined {
  return BULLET.exec(text)?.[1] ?? LETTERED.exec(text)?.[1];
}

/** Whether a line opens a list item: a bullet, or a number or letter label. */
export function opensItem(text: string): boolean {
  return BULLET.test(text) || labelled(text);
}

/** A contents entry: dot leaders, then its page number. */
const CONTENTS_ENTRY = /[.…·]{3,}\s*[\divxlc]+$/i;

interface OpenBlock {
  lines: readonly Line[];
  marker?: string;
}

/**
 * Whether line `l` ends the open block `cur` where a list starts, goes on or ends:
 * - a bullet starts an item, unless it is a dash inside a sentence (`dashContinues`);
 * - a numbered or lettered line starts one inside a list, after a line ending in a colon
 *   ("sent to:"), or set right of the block's first line (a list indented under its lead-in);
 * - a list item's lines start at its marker or right of it: a line set further left is the
 *   paragraph after the list.
 */
export function breaksList(cur: OpenBlock, l: Line): boolean {
  if (BULLET.test(l.text) && !dashContinues(cur, l)) return true;
  if (opensNote(l)) return true;
  const first = cur.lines[0];
  const inList = cur.marker !== undefined || labelled(first.text);
  if (labelled(l.text)) {
    const last = cur.lines[cur.lines.length - 1];
    if (inList) return true;
    // Contents entries indent their numbered sections under their chapters.
    const contents = l.toc || CONTENTS_ENTRY.test(last.text);
    if (!contents && (/:\s*$/.test(last.text) || l.x0 > first.x0 + 0.5 * l.size)) return true;
  }
  return inList && l.x0 < first.x0 - 0.5 * l.size;
}

/**
 * A line opening with a dash inside a paragraph whose last line stops mid-sentence ("those
 * with 51 / – 99 staff") continues it: the dash is a range or an aside wrapped to the line's
 * start, not a list marker. Bullets proper (•, ▪) are always markers.
 */
function dashContinues(cur: OpenBlock, l: Line): boolean {
  if (cur.marker !== undefined || !/^[-–—]\s/.test(l.text)) return false;
  const last = cur.lines[cur.lines.length - 1];
  return ENDS_MID_SENTENCE.test(last.text) && Math.abs(l.x0 - cur.lines[0].x0) < 0.5 * l.size;
}

/**
 * A line opening with a raised, smaller reference mark ("¹ Figures are rounded", "* Provisional")
 * starts a note: notes set one under another are one paragraph each. A mark that ends a word
 * sticks to it and never opens a line.
 */
function opensNote(l: Line): boolean {
  const r = l.runs[0];
  return (
    r !== undefined &&
    l.runs.length > 1 &&
    r.size < 0.8 * l.size &&
    r.base < l.base - 0.2 * l.size &&
    /^[\d*†‡§]{1,3}$/.test(r.text.trim())
  );
}
