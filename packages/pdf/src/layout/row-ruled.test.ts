import { describe, expect, it } from 'vitest';
import { run } from '../testing/page-input.js';
import type { Rule } from '../types.js';
import { rowRuledTable } from './row-ruled.js';

// Columns at x 60, 200 (blank under "Date"), 300; lines 12 points apart, size 10.
const rule = (y: number): Rule => ({ x0: 56, x1: 480, y0: y, y1: y });
const texts = (rows: { t: string; x: number; y: number }[]) => rows.map((r) => run(r.t, r.x, r.y));

describe('tables ruled only between their rows', () => {
  it('reads each band as one row, wrapped cells and all, with the header above the first rule', () => {
    const runs = texts([
      { t: 'Site', x: 60, y: 100 },
      { t: 'Date', x: 200, y: 100 },
      { t: 'Findings', x: 300, y: 100 },
      { t: 'North depot', x: 60, y: 120 },
      { t: 'Doors held open', x: 300, y: 120 },
      { t: 'in the store', x: 300, y: 132 },
      { t: 'Water works', x: 60, y: 152 },
      { t: 'Pressure record', x: 300, y: 152 },
      { t: 'and alarm log', x: 300, y: 164 },
      { t: 'Town hall', x: 60, y: 184 },
      { t: 'Lift certificate', x: 300, y: 184 },
    ]);
    const t = rowRuledTable([rule(115), rule(147), rule(179), rule(198)], runs, new Set());
    expect(t?.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Site', 'Date', 'Findings'],
      ['North depot', '', 'Doors held open in the store'],
      ['Water works', '', 'Pressure record and alarm log'],
      ['Town hall', '', 'Lift certificate'],
    ]);
    expect(t?.runs.size).toBe(runs.length);
  });

  it('leaves bands that hold several rows each (a booktabs body) to the text reading', () => {
    const body = [0, 1, 2, 3].flatMap((k) =>
      texts([
        { t: `Region ${k}`, x: 60, y: 120 + 12 * k },
        { t: `${k},210`, x: 200, y: 120 + 12 * k },
        { t: `${k}.2%`, x: 300, y: 120 + 12 * k },
      ]),
    );
    const head = texts([
      { t: 'Region', x: 60, y: 100 },
      { t: 'Total', x: 200, y: 100 },
      { t: 'Share', x: 300, y: 100 },
    ]);
    expect(rowRuledTable([rule(96), rule(115), rule(170)], [...head, ...body], new Set())).toBeUndefined();
  });
});
