/**
 * Notes set under a table ("* Excluding transfers", "a) Provisional figures") are printed
 * smaller than the body (or than the table), right after the table or after other such notes ("Source: …"). Their
 * asterisk or letter is a reference mark, not a list marker: a one-item bullet list there would
 * say the document lists something where it annotates a table. A list set under a table at
 * the body size, or with bullets and dashes, stays a list.
 */
import type { LayoutBlock } from '../types.js';

/**
 * Reference marks that open a note: an asterisk (or several), a lettered label "a)", or the
 * long dash a statistical table prints for "not available" ("— Not available.").
 */
const NOTE_MARK = /^(\*{1,3}|\(?[a-z]\)|[—–])$/;
/** Notes are set smaller than the body; this much smaller at least. */
const NOTE_SIZE = 0.92;

export function tableNotesAsText(blocks: LayoutBlock[], bodySize: number): void {
  // The size notes are set under: the body's, or the table's where a page is mostly table
  // and its notes (then the notes are the page's body).
  let under = 0;
  for (const b of blocks) {
    if (b.kind === 'table') {
      under = Math.max(bodySize, b.size ?? 0);
      continue;
    }
    if (b.kind !== 'text' || b.size >= under * NOTE_SIZE) {
      under = 0;
      continue;
    }
    if (b.label !== 'list-item' || !b.marker || !NOTE_MARK.test(b.marker)) continue;
    // The bullet pattern took an asterisk or a dash out of the text; a letter's label stayed in it.
    if (!/[a-z]/.test(b.marker)) {
      const first = b.lines[0].spans[0];
      if (first) first.text = `${b.marker} ${first.text}`;
      else b.lines[0].spans.push({ text: b.marker });
    }
    delete b.label;
    delete b.marker;
  }
}
