import { describe, expect, it } from 'vitest';
import { seedOf } from './seeded.js';

describe('seedOf', () => {
  it('reads one whole number, 1 when absent', () => {
    expect(seedOf(undefined)).toBe(1);
    expect(seedOf('4')).toBe(4);
  });
  it('refuses a range or anything that is no whole number, instead of running seed NaN', () => {
    for (const v of ['3..5', '3-5', '', 'x', '1.5']) expect(() => seedOf(v)).toThrow(/one whole number/);
  });
});
