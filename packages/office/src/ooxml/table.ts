import type { Block, TableCell } from '@distill/core';

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

/**
 * A sheet region as blocks: rows that are one value merged across the region's full width
 * (a banner such as "Reading List" above the column labels) are titles, not data, so they
 * become paragraphs and the table starts at the real column labels. A region left with no
 * value at all gives no table.
 */
export function sheetRegionBlocks(rows: TableCell[][], width: number): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < rows.length && width > 1) {
    const row = rows[i];
    const only = row.length === 1 ? row[0] : undefined;
    if (!only || (only.colSpan ?? 1) < width || (only.rowSpan ?? 1) > 1) break;
    if (only.content.length > 0) out.push({ kind: 'paragraph', content: only.content });
    i++;
  }
  const rest = i === 0 ? rows : rows.slice(i);
  if (rest.some((r) => r.some((c) => c.content.length > 0))) {
    if (i > 0) rest[0] = rest[0].map((c) => ({ ...c, header: true }));
    out.push({ kind: 'table', rows: rest });
  }
  return out;
}
