import type { TableCell } from '@distill/core';

/**
 * Tidies the row spans of a table built from HTML (rows hold the cells that start in them):
 *  - a rowspan reaching past the last row is cut at it, as browsers do;
 *  - a row made only of spanning cells that leaves the rest of its width empty (the pivot-table
 *    idiom: `<tr><th rowspan=6>2025</th></tr>` above the rows it labels) is folded into the row
 *    below, so the table has no blank row; the spans it crossed shrink by one.
 * Cells are changed in place; the returned rows replace the input.
 */
export function tidyRowSpans(rows: TableCell[][]): TableCell[][] {
  const n = rows.length;
  let any = false;
  for (let i = 0; i < n; i++)
    for (const c of rows[i]) {
      const rs = c.rowSpan ?? 1;
      if (rs <= 1) continue;
      any = true;
      if (i + rs > n) {
        if (n - i > 1) c.rowSpan = n - i;
        else delete c.rowSpan;
      }
    }
  if (!any) return rows;
  // Width each row fills: its own cells and those spanning into it from above.
  const filled = new Array<number>(n).fill(0);
  let width = 0;
  for (let i = 0; i < n; i++) {
    for (const c of rows[i]) {
      const w = c.colSpan ?? 1;
      const rs = c.rowSpan ?? 1;
      for (let k = i; k < i + rs; k++) filled[k] += w;
    }
    width = Math.max(width, filled[i]);
  }
  const out: TableCell[][] = [];
  // Cells spanning down from earlier rows, with the last row (input index) they cover.
  let open: { cell: TableCell; last: number }[] = [];
  let carry: TableCell[] = [];
  for (let i = 0; i < n; i++) {
    open = open.filter((o) => o.last >= i);
    const row = carry.length ? [...carry, ...rows[i]] : rows[i];
    carry = [];
    const spanOnly =
      i < n - 1 &&
      rows[i].length > 0 &&
      filled[i] < width &&
      row.every((c) => (c.rowSpan ?? 1) > 1) &&
      !open.some((o) => o.last === i);
    for (const c of rows[i]) if ((c.rowSpan ?? 1) > 1) open.push({ cell: c, last: i + (c.rowSpan ?? 1) - 1 });
    if (!spanOnly) {
      out.push(row);
      continue;
    }
    // The row goes: every span crossing it loses one row; its cells start on the next row.
    for (const o of open) {
      const rs = (o.cell.rowSpan ?? 1) - 1;
      if (rs > 1) o.cell.rowSpan = rs;
      else delete o.cell.rowSpan;
    }
    carry = row;
  }
  return out;
}
