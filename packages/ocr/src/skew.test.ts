import { describe, expect, it } from 'vitest';
import { deskewPoint, measureSkew } from './skew.js';

/** Baselines of `n` lines 1000 px long, falling by `slope` to the right. */
function lines(n: number, slope: number, x0 = 100, len = 1000) {
  return Array.from({ length: n }, (_, i) => ({
    x0,
    y0: 100 + 50 * i,
    x1: x0 + len,
    y1: 100 + 50 * i + slope * len,
  }));
}

describe('skew from baselines', () => {
  it('is the median slope of the long lines, as an angle', () => {
    expect(measureSkew(lines(10, 0.02))).toBeCloseTo(Math.atan(0.02), 6);
    expect(measureSkew(lines(10, -0.05))).toBeCloseTo(Math.atan(-0.05), 6);
    // A few short labels sloping otherwise do not move it.
    const mixed = [...lines(8, 0.01), ...lines(5, 0.3, 0, 100)];
    expect(measureSkew(mixed)).toBeCloseTo(Math.atan(0.01), 6);
  });

  it('is zero when too few lines can be measured', () => {
    expect(measureSkew(lines(2, 0.05))).toBe(0);
    expect(measureSkew([])).toBe(0);
  });

  it('moves points of a crooked line onto one row', () => {
    const angle = Math.atan(0.03);
    const [cx, cy] = [500, 700];
    const ys = [0, 300, 900].map((x) => deskewPoint(x, 400 + 0.03 * (x - cx), angle, cx, cy)[1]);
    for (const y of ys) expect(y).toBeCloseTo(ys[0], 6);
    // The centre stays where it is.
    expect(deskewPoint(cx, cy, angle, cx, cy)).toEqual([cx, cy]);
  });
});
