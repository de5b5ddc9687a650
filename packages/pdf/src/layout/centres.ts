import type { Box } from '../types.js';

/**
 * The centres of a page's runs, sorted by y, for asking of each of many boxes whether one
 * lies inside it. Table and chart finders ask that of every frame and every mark of a page,
 * and a scan of all runs per box (hundreds of boxes over thousands of runs) was a tenth of a
 * cold folder's time: here each box looks only at the centres of its own height. Centres are
 * computed as `(x0 + x1) / 2`, so the answers are those of the scan, comparison for comparison.
 */
export class Centres {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;

  constructor(runs: readonly Box[], keep: (i: number) => boolean = () => true) {
    const cxs: number[] = [];
    const cys: number[] = [];
    runs.forEach((r, i) => {
      if (!keep(i)) return;
      const cy = (r.y0 + r.y1) / 2;
      // A NaN centre is in no box (every comparison with it is false), and would not sort.
      if (Number.isNaN(cy)) return;
      cxs.push((r.x0 + r.x1) / 2);
      cys.push(cy);
    });
    const order = cxs.map((_, k) => k).sort((a, b) => cys[a] - cys[b]);
    this.xs = Float64Array.from(order, (k) => cxs[k]);
    this.ys = Float64Array.from(order, (k) => cys[k]);
  }

  /** The first index whose y is at least `y` (strict: greater than `y`). */
  private from(y: number, strict: boolean): number {
    const ys = this.ys;
    let a = 0;
    let z = ys.length;
    while (a < z) {
      const m = (a + z) >> 1;
      if (ys[m] < y || (strict && ys[m] === y)) a = m + 1;
      else z = m;
    }
    return a;
  }

  /** Whether a centre lies in the closed box [x0, x1] × [y0, y1]. */
  inClosed(x0: number, y0: number, x1: number, y1: number): boolean {
    if (!(y0 <= y1)) return false;
    const xs = this.xs;
    const ys = this.ys;
    for (let k = this.from(y0, false); k < ys.length && ys[k] <= y1; k++)
      if (xs[k] >= x0 && xs[k] <= x1) return true;
    return false;
  }

  /** Whether a centre lies in the open box (x0, x1) × (y0, y1). */
  inOpen(x0: number, y0: number, x1: number, y1: number): boolean {
    if (!(y0 < y1)) return false;
    const xs = this.xs;
    const ys = this.ys;
    for (let k = this.from(y0, true); k < ys.length && ys[k] < y1; k++)
      if (xs[k] > x0 && xs[k] < x1) return true;
    return false;
  }
}
