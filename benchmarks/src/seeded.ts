/** A seeded generator of floats in [0, 1) (mulberry32): benchmark inputs made the same every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: a seed from a name (a table's or article's id and its style). */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The `--seed` option of a synthetic set: one whole number. A range such as `3..5` used to run
 * as seed NaN without a word (every document made from NaN), so anything else stops here.
 */
export function seedOf(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^\d+$/.test(value))
    throw new Error(`--seed takes one whole number (got "${value}"); run each seed on its own`);
  return Number(value);
}
