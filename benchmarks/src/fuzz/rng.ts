/** A small seeded PRNG (mulberry32): every case is reproducible from (campaign seed, case index). */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Mostly one of `light`, sometimes (p) one of `heavy`: huge inputs cost seconds, so they stay the minority. */
  heavy<T>(light: readonly T[], heavy: readonly T[], p = 0.08): T {
    return this.chance(p) ? this.pick(heavy) : this.pick(light);
  }
  /** A size skewed to small values, sometimes huge: 1..max. */
  size(max: number): number {
    const r = this.next();
    if (r < 0.6) return 1 + this.int(Math.min(max, 16));
    if (r < 0.9) return 1 + this.int(Math.min(max, 4096));
    return 1 + this.int(max);
  }
}

/** Mixes the campaign seed with a case index (splitmix-style). */
export function caseSeed(seed: number, index: number): number {
  let z = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}
