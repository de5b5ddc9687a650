import { describe, expect, it } from 'vitest';
import type { Box } from '../types.js';
import { Centres } from './centres.js';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Centres', () => {
  // Coordinates on a coarse grid so centres often fall exactly on box edges, plus NaNs and
  // boxes given upside down: the sorted search must answer as the scan over every run does.
  const rnd = random(7);
  const coord = () => Math.round(rnd() * 40) / 2;
  const box = (): Box => {
    const b = { x0: coord(), y0: coord(), x1: coord(), y1: coord() };
    if (rnd() < 0.03) b.y0 = Number.NaN;
    if (rnd() < 0.03) b.x1 = Number.NaN;
    return b;
  };
  const runs = Array.from({ length: 60 }, box);
  const keep = (i: number) => i % 7 !== 3;
  const scanClosed = (b: Box) =>
    runs.some((r, i) => {
      if (!keep(i)) return false;
      const cx = (r.x0 + r.x1) / 2;
      const cy = (r.y0 + r.y1) / 2;
      return cx >= b.x0 && cx <= b.x1 && cy >= b.y0 && cy <= b.y1;
    });
  const scanOpen = (b: Box) =>
    runs.some((r) => {
      const cx = (r.x0 + r.x1) / 2;
      const cy = (r.y0 + r.y1) / 2;
      return cx > b.x0 && cx < b.x1 && cy > b.y0 && cy < b.y1;
    });

  it('answers as a scan of every centre, closed and open, on edges, NaNs and inverted boxes', () => {
    const kept = new Centres(runs, keep);
    const all = new Centres(runs);
    let hits = 0;
    for (let k = 0; k < 5000; k++) {
      const b = box();
      const closed = scanClosed(b);
      expect(kept.inClosed(b.x0, b.y0, b.x1, b.y1)).toBe(closed);
      expect(all.inOpen(b.x0, b.y0, b.x1, b.y1)).toBe(scanOpen(b));
      if (closed) hits++;
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(hits).toBeGreaterThan(500);
    expect(hits).toBeLessThan(4500);
  });
});
