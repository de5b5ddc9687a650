import type { Line } from './lines.js';
import { formPart } from './not-tables.js';

/**
 * A form's rows ("Surname: ______ First name: ______") break into fragments at their wide gaps,
 * and XY-cut would then read the labels as one column and the blanks as another. Where a page
 * has at least two rows made only of form parts (labels ending in a colon, blanks, tick boxes),
 * at least one a blank or a tick box, each row is joined back into one line, left to right.
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
  const formRows = rows.filter((r) => {
    if (r.length < 2) return false;
    const parts = r.map((l) => formPart(l.text));
    return parts.every((p) => p !== undefined) && parts.some((p) => p === 'blank');
  });
  if (formRows.length < 2) return lines;
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
  const out: Line[] = [];
  for (const l of lines) {
    const r = replace.get(l);
    if (r === undefined) out.push(l);
    else if (r) out.push(r);
  }
  return out;
}
