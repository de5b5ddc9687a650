import { describe, expect, it } from 'vitest';
import { run } from '../testing/page-input.js';
import type { Box } from '../types.js';
import { bandTopRules, rowBands } from './row-bands.js';

// A row of three cells at x 60, 200, 340 on a line at y 120, its fill from y 116 to 134.
const cells = [run('North coast', 64, 120), run('4,210', 204, 120), run('4.2%', 344, 120)];
const band = (y0: number, y1: number, xs = [60, 480]): Box[] =>
  xs.slice(1).map((x1, i) => ({ x0: xs[i], y0, x1, y1 }));

describe('fills that shade rows rather than draw cells', () => {
  it('takes a band behind a row of several columns, painted whole or cell by cell', () => {
    const whole = band(116, 134);
    expect([...rowBands(whole, cells, [])]).toEqual(whole);
    const byCell = band(116, 134, [60, 200, 340, 480]);
    expect(rowBands(byCell, cells, []).size).toBe(3);
  });

  it('leaves fills that draw cells: a line down through the band, fills stacked on it, a cell beside it', () => {
    const whole = band(116, 134);
    expect(rowBands(whole, cells, [{ x0: 196, x1: 196, y0: 116, y1: 134 }]).size).toBe(0);
    expect(rowBands([...whole, ...band(134, 152)], cells, []).size).toBe(0);
    expect(rowBands([...whole, { x0: 480, y0: 116, x1: 540, y1: 152 }], cells, []).size).toBe(0);
  });

  it('leaves all the fills of a table whose stripes stand close anywhere (two rows deep, parted by white rules)', () => {
    // Rows 18 points deep: two shaded rows, a bare row, then one shaded row.
    const table = [...band(116, 134), ...band(134, 152), ...band(170, 188)];
    const rows = [...cells, ...cells.map((c) => ({ ...c, y0: 174, y1: 184, base: 182 }))];
    expect(rowBands(table, rows, []).size).toBe(0);
    // Every other row shaded: each band stands alone and all go.
    expect(rowBands([...band(116, 134), ...band(170, 188)], rows, []).size).toBe(2);
  });

  it('leaves a shaded box of one column of text (a note, a callout)', () => {
    expect(rowBands(band(116, 134), [run('A note set in a shaded box', 64, 120)], []).size).toBe(0);
  });

  it("takes a band's top for a table's top rule only over rules of the band's width, drawn whole or cell by cell", () => {
    const head = new Set(band(116, 134, [60, 200, 340, 480]));
    const ruleAt = (y: number, xs = [60, 480]) =>
      xs.slice(1).map((x1, i) => ({ x0: xs[i], x1, y0: y, y1: y }));
    expect(bandTopRules(head, ruleAt(156, [60, 200, 340, 480]))).toEqual([
      { x0: 60, x1: 480, y0: 116, y1: 116 },
    ]);
    expect(bandTopRules(head, ruleAt(156))).toHaveLength(1);
    // No rules below (zebra stripes alone), or rules of another width (the page's running rule).
    expect(bandTopRules(head, [])).toEqual([]);
    expect(bandTopRules(head, ruleAt(156, [40, 560]))).toEqual([]);
  });
});
