import type { TableCell } from '@distill/core';

/**
 * Drops rows that start no cell (every cell of them is covered by a row span from above) and
 * shortens the spans that crossed them. The Markdown emitter drops such rows itself, which
 * would leave the spans pointing one row too far.
 */
export function compactRows(rows: TableCell[][]): TableCell[][] {
  if (!rows.some((r) => r.length === 0)) return rows;
  const emptyBefore: number[] = [];
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].length === 0) n++;
    emptyBefore[i] = n;
  }
  rows.forEach((row, i) => {
    for (const c of row) {
      const span = c.rowSpan ?? 1;
      if (span <= 1) continue;
      const last = Math.min(rows.length - 1, i + span - 1);
      const skipped = emptyBefore[last] - emptyBefore[i];
      const s = span - skipped;
      if (s > 1) c.rowSpan = s;
      else delete c.rowSpan;
    }
  });
  return rows.filter((r) => r.length > 0);
}
