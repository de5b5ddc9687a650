import type { TableCellOut } from './tables.js';

/** A cell that is a figure, not a label: a group label is words. */
const FIGURE = /^[-+−–(]?[\d.,]+%?\)?$/;

/**
 * Row labels that group the rows under them ("North" beside "Towns", "Villages", "Farms"): in a
 * table whose rows each hold a stub in the second column, a first-column label set at the top of
 * its group leaves the first column empty on the group's other rows. The label spans them, as a
 * rowspan does in the source (a table with no text in the first column of a full body row holds
 * no such empty cell in DP-Bench's or ICDAR's truth). Only rows without spans are read, from the
 * first one with a label; a table of two columns, figures as labels, or a body row with an empty
 * stub or most of its cells empty (a wrapped line, a note) leave the table as it is.
 */
export function stubGroupSpans(rows: TableCellOut[][]): TableCellOut[][] {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  if (width < 3) return rows;
  const plain = (r: TableCellOut[]) => r.length === width && r.every((c) => !c.rowSpan && !c.colSpan);
  // The body: the plain rows after the header's spans, from the first with a label.
  let start = rows.length;
  for (let k = rows.length - 1; k >= 0 && plain(rows[k]); k--) start = k;
  while (start < rows.length && rows[start][0].text === '') start++;
  const body = rows.slice(start);
  if (body.length < 3) return rows;
  const filled = (r: TableCellOut[]) => r.slice(1).filter((c) => c.text !== '').length;
  for (const r of body) {
    if (r[1].text === '' || filled(r) < Math.max(2, (width - 1) / 2)) return rows;
    if (FIGURE.test(r[0].text.trim())) return rows;
  }
  const labels = body.filter((r) => r[0].text !== '').length;
  if (labels < 2 || labels === body.length) return rows;
  const out = rows.slice(0, start).map((r) => r.slice());
  let owner: TableCellOut | undefined;
  for (const r of body) {
    if (r[0].text !== '') {
      owner = { ...r[0] };
      out.push([owner, ...r.slice(1)]);
      continue;
    }
    owner!.rowSpan = (owner!.rowSpan ?? 1) + 1;
    out.push(r.slice(1));
  }
  return out;
}
