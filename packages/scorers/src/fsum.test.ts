import { describe, expect, it } from 'vitest';
import { fsum, mean } from './fsum.js';

describe('fsum / fmean', () => {
  it('sums exactly like math.fsum', () => {
    expect(fsum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])).toBe(1);
    expect(fsum([1e100, 1, -1e100])).toBe(1);
    expect(fsum([])).toBe(0);
  });
  it('returns null for no values', () => {
    expect(mean([])).toBeNull();
    expect(mean([0.5, 1])).toBe(0.75);
  });
});
