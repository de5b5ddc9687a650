import { codePoints } from './pytext.js';

/**
 * Length of the longest common subsequence, bit-parallel (Allison–Dix / Hyyrö): one pass over
 * `b`, with `a`'s positions packed in 32-bit words, so the cost is |b|·⌈|a|/32⌉ word operations.
 */
export function lcsLength(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length > b.length) [a, b] = [b, a];
  const words = (a.length + 31) >>> 5;
  const peq = new Map<number, Uint32Array>();
  for (let i = 0; i < a.length; i++) {
    let v = peq.get(a[i]);
    if (!v) {
      v = new Uint32Array(words);
      peq.set(a[i], v);
    }
    v[i >>> 5] |= 1 << (i & 31);
  }
  // V has a 1 for each row not yet matched; LCS = number of zero bits at the end.
  const V = new Uint32Array(words).fill(0xffffffff);
  for (let j = 0; j < b.length; j++) {
    const M = peq.get(b[j]);
    if (!M) continue;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const v = V[w];
      const u = v & M[w];
      // V' = (V + U) | (V - U) == (V + U) | (V & ~M)
      const sum = v + (u >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      V[w] = (sum >>> 0) | (v & ~M[w]);
    }
  }
  let ones = 0;
  for (let w = 0; w < words; w++) {
    let x = V[w];
    if (w === words - 1 && a.length & 31) x &= (1 << (a.length & 31)) - 1;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    ones += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
  }
  return a.length - ones;
}

/** Indel distance (insertions and deletions only) = |a| + |b| − 2·LCS. */
export function indelDistance(a: Int32Array, b: Int32Array): number {
  return a.length + b.length - 2 * lcsLength(a, b);
}

/**
 * rapidfuzz `fuzz.ratio(a, b) / 100`: normalised Indel similarity, 1 when both are empty.
 * Computed in the same order as rapidfuzz so the floats agree to the last bit.
 */
export function ratio(a: string, b: string): number {
  const ca = codePoints(a);
  const cb = codePoints(b);
  const lensum = ca.length + cb.length;
  const normDist = lensum ? indelDistance(ca, cb) / lensum : 0;
  return ((1 - normDist) * 100) / 100;
}
