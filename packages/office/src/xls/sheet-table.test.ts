import { describe, expect, it } from 'vitest';
import { MAX_CELLS, sheetBlocks } from './sheet-table.js';
import type { XlsSheet } from './workbook.js';

describe('sheet tables', () => {
  it('stay bounded when cells are far apart', () => {
    const cells = new Map<number, Map<number, string>>();
    for (let r = 0; r < 99_000; r += 3) cells.set(r, new Map([[r % 2 ? 16_383 : 0, `v${r}`]]));
    const sheet: XlsSheet = { name: 'S', cells, merges: [] };
    const [, table] = sheetBlocks(sheet);
    expect(table.kind).toBe('table');
    if (table.kind !== 'table') return;
    const total = table.rows.reduce((n, r) => n + r.length, 0);
    expect(total).toBeLessThanOrEqual(MAX_CELLS);
  });

  it('turns merged ranges into spans and leaves covered cells out', () => {
    const cells = new Map([
      [
        0,
        new Map([
          [0, 'A'],
          [2, 'C'],
        ]),
      ],
      [
        1,
        new Map([
          [0, 'x'],
          [1, 'y'],
          [2, 'z'],
        ]),
      ],
    ]);
    const [, table] = sheetBlocks({ name: 'M', cells, merges: [{ r1: 0, r2: 0, c1: 0, c2: 1 }] });
    if (table.kind !== 'table') throw new Error('no table');
    expect(table.rows[0].map((c) => c.colSpan ?? 1)).toEqual([2, 1]);
    expect(table.rows[1]).toHaveLength(3);
  });
});
