import { codePoints } from './pytext.js';

const HIGH = 0x80000000;

/**
 * Levenshtein distance (unit costs), Myers' bit-vector algorithm in 32-bit blocks
 * (Hyyrö's block formulation, as in edlib): |b|·⌈|a|/32⌉ word operations.
 */
export function levenshteinCodes(a: Int32Array, b: Int32Array): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  if (a.length > b.length) [a, b] = [b, a];
  const m = a.length;
  const blocks = (m + 31) >>> 5;
  const peq = new Map<number, Uint32Array>();
  for (let i = 0; i < m; i++) {
    let v = peq.get(a[i]);
    if (!v) {
      v = new Uint32Array(blocks);
      peq.set(a[i], v);
    }
    v[i >>> 5] |= 1 << (i & 31);
  }
  const zero = new Uint32Array(blocks);
  const Pv = new Uint32Array(blocks).fill(0xffffffff);
  const Mv = new Uint32Array(blocks);
  const lastBit = 1 << ((m - 1) & 31);
  let score = m;
  for (let j = 0; j < b.length; j++) {
    const EqV = peq.get(b[j]) ?? zero;
    let hin = 1; // first row of the DP grows by one per column (global distance)
    for (let w = 0; w < blocks; w++) {
      const pv = Pv[w];
      const mv = Mv[w];
      let eq = EqV[w];
      const xv = (eq | mv) >>> 0;
      if (hin < 0) eq = (eq | 1) >>> 0;
      const xh = ((((((eq & pv) >>> 0) + pv) >>> 0) ^ pv) | eq) >>> 0;
      let ph = (mv | ~(xh | pv)) >>> 0;
      let mh = (pv & xh) >>> 0;
      const mask = w === blocks - 1 ? lastBit : HIGH;
      const hout = ph & mask ? 1 : mh & mask ? -1 : 0;
      ph = (ph << 1) >>> 0;
      mh = (mh << 1) >>> 0;
      if (hin < 0) mh = (mh | 1) >>> 0;
      else if (hin > 0) ph = (ph | 1) >>> 0;
      Pv[w] = (mh | ~(xv | ph)) >>> 0;
      Mv[w] = (ph & xv) >>> 0;
      hin = hout;
    }
    score += hin;
  }
  return score;
}

export function levenshtein(a: string, b: string): number {
  return levenshteinCodes(codePoints(a), codePoints(b));
}

/** Code-point length, as Python's len(). */
export function pyLen(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
