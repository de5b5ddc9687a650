import { type Block, type TableCell, text } from '@distill/core';
import type { XlsSheet } from './workbook.js';

/** Beyond this many rows between the first and last used row, blank rows are left out. */
const DENSE_ROW_LIMIT = 100_000;
/** Most cells one sheet's table may hold. */
export const MAX_CELLS = 5_000_000;

/**
 * A sheet as a heading (its name) and one table over the used range, merged ranges as
 * spans (the covered cells left out, HTML style). The first row is the header row.
 */
export function sheetBlocks(sheet: XlsSheet): Block[] {
  const out: Block[] = [{ kind: 'heading', level: 2, content: [text(sheet.name)] }];
  const used = [...sheet.cells.entries()].filter(([, row]) => [...row.values()].some((v) => v !== ''));
  if (used.length === 0) return out;
  const rowsIdx = used.map(([r]) => r).sort((a, b) => a - b);
  let c1 = Number.POSITIVE_INFINITY;
  let c2 = -1;
  for (const [, row] of used)
    for (const [c, v] of row)
      if (v !== '') {
        c1 = Math.min(c1, c);
        c2 = Math.max(c2, c);
      }
  const r1 = rowsIdx[0];
  const r2 = rowsIdx[rowsIdx.length - 1];
  let rowList = r2 - r1 <= DENSE_ROW_LIMIT ? Array.from({ length: r2 - r1 + 1 }, (_, i) => r1 + i) : rowsIdx;
  // A sparse sheet with far-apart cells must not become a huge grid: first drop blank rows,
  // then cut the columns so the table stays within MAX_CELLS.
  if (rowList.length * (c2 - c1 + 1) > MAX_CELLS) rowList = rowsIdx;
  if (rowList.length * (c2 - c1 + 1) > MAX_CELLS)
    c2 = c1 + Math.max(0, Math.floor(MAX_CELLS / rowList.length) - 1);
  const covered = new Set<string>();
  const spanAt = new Map<string, { rowSpan: number; colSpan: number }>();
  for (const m of sheet.merges) {
    if (m.r1 > m.r2 || m.c1 > m.c2 || (m.r2 - m.r1 + 1) * (m.c2 - m.c1 + 1) > 1_000_000) continue;
    const rs = Math.min(m.r2, r2) - m.r1 + 1;
    const cs = Math.min(m.c2, c2) - m.c1 + 1;
    if (rs < 1 || cs < 1 || m.r1 < r1 || m.c1 < c1) continue;
    spanAt.set(`${m.r1},${m.c1}`, { rowSpan: rs, colSpan: cs });
    for (let r = m.r1; r < m.r1 + rs; r++)
      for (let c = m.c1; c < m.c1 + cs; c++) if (r !== m.r1 || c !== m.c1) covered.add(`${r},${c}`);
  }
  const rows: TableCell[][] = rowList.map((r, i) => {
    const src = sheet.cells.get(r);
    const cells: TableCell[] = [];
    for (let c = c1; c <= c2; c++) {
      if (covered.has(`${r},${c}`)) continue;
      const v = src?.get(c) ?? '';
      const tc: TableCell = { content: v === '' ? [] : [text(v)] };
      const span = spanAt.get(`${r},${c}`);
      if (span?.rowSpan && span.rowSpan > 1) tc.rowSpan = span.rowSpan;
      if (span?.colSpan && span.colSpan > 1) tc.colSpan = span.colSpan;
      if (i === 0) tc.header = true;
      cells.push(tc);
    }
    return cells;
  });
  out.push({ kind: 'table', rows });
  return out;
}
