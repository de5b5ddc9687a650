import { asciiTwin } from '@distill/core';
import { STARTS_LOWER } from './letter-tests.js';
import type { Line } from './lines.js';
import type { TableCellOut } from './tables.js';

/** Text that ends as a wrapped line of prose does: on a letter or a comma. */
const ENDS_ON_WORD = asciiTwin(String.raw`[\p{L},]$`, 'u');

/**
 * Grids that line up like tables and are none: a form (labels to fill in beside blank lines and
 * tick boxes) and justified prose (a line's words spaced wide enough to pass for cells). Both
 * are judged from the cells' text, which holds whatever the page's fonts and sizes.
 */

/** A blank to fill in: a line typed as underscores (or dots), with nothing written on it. */
const BLANK = /^[_.…\s]{3,}$/u;
/** A tick box, ticked or not, opening a choice ("☐ Resident"). */
const TICK_BOX = /^[☐☑☒□■▢✓✔✗✘]/u;
/** A label that asks for what follows it ("Date of birth:"). */
const LABEL = asciiTwin(String.raw`\p{L}[\p{L}\s()*/-]*:\s*$`, 'u');

/**
 * What a piece of a form is: a blank to fill in or a tick box ('blank'), a label asking for
 * what follows ('label'), a label with its blank ("Colour: ______", 'blank'), else undefined.
 */
export function formPart(text: string): 'blank' | 'label' | undefined {
  const t = text.trim();
  if (BLANK.test(t) || TICK_BOX.test(t)) return 'blank';
  // Both other parts hold a colon: a line without one (most lines) is no form part, and LABEL,
  // unanchored at its start, would try it from every letter.
  if (!t.includes(':')) return undefined;
  if (/:\s*[_.…]{3,}\s*$/u.test(t)) return 'blank';
  if (LABEL.test(t)) return 'label';
  return undefined;
}

/** Share of the non-empty cells that must be form parts for a grid to be a form. */
const FORM_SHARE = 0.6;

/**
 * A form laid out in rows: most of its filled cells are labels ending in a colon, blanks or tick
 * boxes, and at least one is a blank or a tick box (a table of "Total:" stubs has figures).
 */
export function formGrid(rows: readonly TableCellOut[][]): boolean {
  const cells = rows
    .flat()
    .map((c) => c.text.trim())
    .filter(Boolean);
  if (cells.length < 4) return false;
  const blanks = cells.filter((t) => BLANK.test(t) || TICK_BOX.test(t)).length;
  const labels = cells.filter((t) => !BLANK.test(t) && t.includes(':') && LABEL.test(t)).length;
  // A cell can hold a label and its blank ("Colour: ______").
  const both = cells.filter((t) => /:\s*[_.…]{3,}/u.test(t)).length;
  return blanks + both > 0 && blanks + labels + both >= FORM_SHARE * cells.length;
}

/** Share of a row's neighbouring cells that read on as one sentence for prose. */
const FLOW_SHARE = 0.5;

/**
 * Justified prose cut into cells: across the rows, most neighbouring cells read on as one
 * sentence (a cell ending in a letter or comma before one starting in lower case: "regional |
 * offices." "of | the"), which a table's cells, one entry each, rarely do side by side.
 */
export function proseAcross(rows: readonly TableCellOut[][]): boolean {
  let pairs = 0;
  let flowing = 0;
  for (const r of rows) {
    const texts = r.map((c) => c.text.trim()).filter(Boolean);
    for (let k = 0; k + 1 < texts.length; k++) {
      pairs++;
      if (ENDS_ON_WORD.test(texts[k]) && STARTS_LOWER.test(texts[k + 1])) flowing++;
    }
  }
  return pairs >= 4 && flowing >= FLOW_SHARE * pairs;
}

/**
 * A filled-in form or a record card: rows of a bold label and its value, every row alike, the
 * first one too (a table's header row sets its columns' names, both in bold, over the data).
 * Read as lines ("Name Maria Jensen"), nothing is lost; as a table, the first record would
 * pass for the header.
 */
export function keyValueRows(rows: readonly Line[][]): boolean {
  const pairs = rows.filter((r) => r.length >= 2);
  if (pairs.length < 3 || pairs.some((r) => r.length !== 2)) return false;
  return pairs.every((r) => r[0].bold && !r[1].bold);
}

/**
 * Cards set in columns (contact or address blocks side by side): each column repeats one
 * record, a bold title over the same number of plain lines, the titles side by side on one
 * row. Read as a table, the cards of both columns would be cut into rows that mix them; read
 * as two columns, each card stays whole. A table has one bold header row, or section rows whose
 * bold text opens its first column only.
 */
export function recordColumns(rows: readonly Line[][]): boolean {
  const titles: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const bold = rows[k].filter((f) => f.bold).length;
    if (bold === 0) continue;
    // A bold fragment beside plain ones is a stub, a total or a mark: table matter.
    if (rows[k].length < 2 || bold < rows[k].length) return false;
    titles.push(k);
  }
  if (titles.length < 3 || titles[0] !== 0) return false;
  const period = titles[1];
  if (period < 3 || !titles.every((t, i) => t === i * period)) return false;
  // The last card is whole: as many lines as the others, give or take a wrapped one.
  const last = rows.length - titles[titles.length - 1];
  return last >= period - 1 && last <= period + 1;
}
