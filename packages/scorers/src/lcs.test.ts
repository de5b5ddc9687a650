import { describe, expect, it } from 'vitest';
import { indelDistance, lcsLength, ratio } from './lcs.js';
import { levenshtein, levenshteinCodes } from './levenshtein.js';
import { codePoints } from './pytext.js';

function lcsDp(a: Int32Array, b: Int32Array): number {
  const prev = new Int32Array(b.length + 1);
  const cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    prev.set(cur);
  }
  return prev[b.length];
}

function levDp(a: Int32Array, b: Int32Array): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

// Deterministic pseudo-random strings over a small alphabet, so matches are frequent.
function rng(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
}
function randomCodes(r: () => number, n: number, alphabet: number): Int32Array {
  return Int32Array.from({ length: n }, () => 97 + Math.floor(r() * alphabet));
}

describe('bit-parallel LCS', () => {
  it('matches the quadratic DP across word boundaries', () => {
    const r = rng(7);
    for (const [n, m] of [
      [0, 5],
      [1, 1],
      [31, 33],
      [32, 32],
      [33, 100],
      [64, 65],
      [200, 150],
      [517, 300],
    ]) {
      for (const alpha of [2, 4, 26]) {
        const a = randomCodes(r, n, alpha);
        const b = randomCodes(r, m, alpha);
        expect(lcsLength(a, b)).toBe(lcsDp(a, b));
      }
    }
  });

  it('counts code points, not UTF-16 units, as rapidfuzz does on Python strings', () => {
    expect(indelDistance(codePoints('a😀b'), codePoints('ab'))).toBe(1);
    expect(ratio('a😀b', 'ab')).toBeCloseTo(1 - 1 / 5, 12);
  });

  it('gives rapidfuzz fuzz.ratio/100, 1 for two empty strings', () => {
    expect(ratio('', '')).toBe(1);
    expect(ratio('abc', '')).toBe(0);
    // fuzz.ratio("this is a test", "this is a test!") == 96.55172413793103
    expect(ratio('this is a test', 'this is a test!')).toBeCloseTo(0.9655172413793104, 12);
  });

  it('scores a 10k-character page pair', () => {
    const r = rng(3);
    const a = randomCodes(r, 10_000, 30);
    const b = randomCodes(r, 10_000, 30);
    const l = lcsLength(a, b);
    expect(l).toBeGreaterThan(3000);
    expect(l).toBeLessThan(10_000);
  });
});

describe('bit-parallel Levenshtein', () => {
  it('matches the quadratic DP across block boundaries', () => {
    const r = rng(11);
    for (const [n, m] of [
      [0, 3],
      [1, 0],
      [5, 5],
      [31, 32],
      [32, 33],
      [63, 64],
      [65, 20],
      [100, 230],
    ]) {
      for (const alpha of [2, 3, 26]) {
        const a = randomCodes(r, n, alpha);
        const b = randomCodes(r, m, alpha);
        expect(levenshteinCodes(a, b)).toBe(levDp(a, b));
      }
    }
  });

  it('handles the textbook cases', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
  });
});
