import { describe, expect, it } from 'vitest';
import { joinLines } from './markdown.js';

/**
 * Fuzz finding (pnpm fuzz seed 23, case 11899: a CSV line with a million tabs inserted): a table
 * cell's `/\s*\n\s*\/g` replace was quadratic on whitespace without a break and never ended.
 */
describe('joinLines', () => {
  it('is what /\\s*\\n\\s*/g -> " " was, on assorted strings', () => {
    const alphabet = ['a', ' ', '\t', '\n', '\r', 'b', '\u00a0'];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let k = 0; k < 2000; k++) {
      const s = Array.from(
        { length: Math.floor(rnd() * 12) },
        () => alphabet[Math.floor(rnd() * alphabet.length)],
      ).join('');
      expect(joinLines(s), JSON.stringify(s)).toBe(s.replace(/\s*\n\s*/g, ' '));
    }
  });

  it('is linear on a million tabs without a line break', () => {
    const s = `a${'\t'.repeat(1_000_000)}b\nc`;
    const t0 = Date.now();
    expect(joinLines(s)).toBe(`a${'\t'.repeat(1_000_000)}b c`);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
