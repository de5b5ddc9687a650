import type { Line } from './lines.js';
import { formPart } from './not-tables.js';
import { replaceLines } from './replace-lines.js';

/**
 * A form's rows ("Surname: ______ First name: ______") break into fragments at their wide gaps,
 * and XY-cut would then read the labels as one column and the blanks as another. Where a page
 * has at least two rows made only of form parts (labels ending in a colon, blanks, tick boxes),
 * at least one a blank or a tick box, or three rows or more of a bold label and a regular value,
 * each row is joined back into one line, left to right (and, no longer all bold, no heading).
 */
export function joinFormRows(lines: Line[]): Line[] {
  const upright = lines.filter((l) => !l.rotated).sort((a, b) => a.base - b.base || a.x0 - b.x0);
  if (upright.length > 5000) return lines;
  const rows: Line[][] = [];
  for (const l of upright) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(last[0].base - l.base) < 0.3 * Math.max(l.size, last[0].size)) last.push(l);
    else rows.push([l]);
  }
  const blanksRows = rows.filter((r) => {
    if (r.length < 2) return false;
    // Every line a form part, one at least a blank: read until the first that is none.
    let blank = false;
    for (const l of r) {
      const p = formPart(l.text);
      if (p === undefined) return false;
      if (p === 'blank') blank = true;
    }
    return blank;
  });
  // A filled-in form: a bold label and its value, three rows or more one under the other, labels
  // and values each starting at one x (see keyValueRows). Rows apart (a column's bold headings
  // level with lines of the next column) are no such form.
  const pair = (r: Line[]) => r.length === 2 && r[0].bold && !r[1].bold && r[0].x1 < r[1].x0;
  const valueRows: Line[][] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i;
    const same = (r: Line[]) =>
      pair(r) && Math.abs(r[0].x0 - rows[i][0].x0) <= 2 && Math.abs(r[1].x0 - rows[i][1].x0) <= 2;
    while (j < rows.length && pair(rows[i]) && same(rows[j])) j++;
    if (j - i >= 3) valueRows.push(...rows.slice(i, j));
    i = Math.max(j, i + 1);
  }
  const formRows = [
    ...(blanksRows.length >= 2 ? blanksRows : []),
    ...(valueRows.length >= 3 ? valueRows : []),
  ];
  if (formRows.length === 0) return lines;
  const replace = new Map<Line, Line | null>();
  for (const r of formRows) {
    const row = r.slice().sort((a, b) => a.x0 - b.x0);
    replace.set(row[0], {
      ...row[0],
      runs: row.flatMap((l) => l.runs),
      text: row.map((l) => l.text).join(' '),
      x1: Math.max(...row.map((l) => l.x1)),
      y0: Math.min(...row.map((l) => l.y0)),
      y1: Math.max(...row.map((l) => l.y1)),
    });
    for (const l of row.slice(1)) replace.set(l, null);
  }
  return replaceLines(lines, replace);
}
