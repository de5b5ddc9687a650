import type { Block } from '@distill/core';
import { sheetBlocks as gridBlocks, newGrid, setCell } from '../xlsx/grid.js';
import type { XlsSheet } from './workbook.js';

/** Most cells one sheet's tables may hold. */
export const MAX_CELLS = 1_000_000;

/**
 * A sheet as a heading (its name) and its regions as tables, exactly as an xlsx sheet: the
 * same grid, region finder and merged-range spans (the covered cells left out, HTML style).
 */
export function sheetBlocks(
  sheet: XlsSheet,
  warn: (message: string) => void = () => {},
  sheetNumber = 1,
): Block[] {
  const g = newGrid(sheet.name);
  let budget = MAX_CELLS;
  let dropped = 0;
  for (const [r, row] of sheet.cells)
    for (const [c, v] of row) {
      if (v === '') continue;
      if (budget-- <= 0) {
        dropped++;
        continue;
      }
      setCell(g, r, c, v);
    }
  if (dropped > 0)
    warn(
      `Sheet "${sheet.name}" holds more than ${MAX_CELLS.toLocaleString('en-US')} filled cells: ${dropped.toLocaleString('en-US')} cells past that budget were left out.`,
    );
  for (const m of sheet.merges)
    if (m.r1 <= m.r2 && m.c1 <= m.c2) g.merges.push({ r0: m.r1, c0: m.c1, r1: m.r2, c1: m.c2 });
  return gridBlocks(g, () => {}, sheetNumber);
}
