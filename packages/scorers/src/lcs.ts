import { codePoints } from './pytext.js';

/**
 * Length of the longest common subsequence, bit-parallel (Allison–Dix / Hyyrö): one pass over
 * `b`, with `a`'s positions packed in 30-bit words, so the cost is |b|·⌈|a|/30⌉ word operations.
 */
export function lcsLength(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length > b.length) [a, b] = [b, a];
  // 30 bits per word: V + U + carry stays below 2^31, so V8 keeps the loop in small-integer
  // arithmetic instead of falling back to doubles.
  const W = 30;
  const MASK = (1 << W) - 1;
  const words = Math.ceil(a.length / W);
  const peq = new Map<number, Int32Array>();
  for (let i = 0; i < a.length; i++) {
    let v = peq.get(a[i]);
    if (!v) {
      v = new Int32Array(words);
      peq.set(a[i], v);
    }
    v[(i / W) | 0] |= 1 << (i % W);
  }
  // V has a 1 for each row not yet matched; LCS = number of zero bits at the end.
  const V = new Int32Array(words).fill(MASK);
  for (let j = 0; j < b.length; j++) {
    const M = peq.get(b[j]);
    if (!M) continue;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const v = V[w];
      const m = M[w];
      // V' = (V + U) | (V - U) with U = V & M, and V - U == V & ~M.
      const sum = v + (v & m) + carry;
      carry = sum >>> W;
      V[w] = (sum & MASK) | (v & ~m);
    }
  }
  let ones = 0;
  const tail = a.length % W;
  for (let w = 0; w < words; w++) {
    let x = V[w];
    if (w === words - 1 && tail) x &= (1 << tail) - 1;
    while (x) {
      x &= x - 1;
      ones++;
    }
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
