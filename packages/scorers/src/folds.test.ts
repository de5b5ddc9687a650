import { describe, expect, it } from 'vitest';
import { foldOf, inFold } from './folds.js';

describe('folds', () => {
  it('puts a document in the same fold whatever else is in the set', () => {
    expect(foldOf('t0001')).toBe(foldOf('t0001'));
    expect(foldOf('01030000000001')).toBe('b');
    expect(foldOf('eu-003')).toBe('a');
  });
  it('splits a large set near half and half', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `p${i}`);
    const a = ids.filter((id) => foldOf(id) === 'a').length;
    expect(a).toBeGreaterThan(400);
    expect(a).toBeLessThan(600);
  });
  it('filters by fold, or keeps all', () => {
    const docs = ['eu-003', '01030000000001'].map((id) => ({ id }));
    expect(docs.filter(inFold())).toHaveLength(2);
    expect(docs.filter(inFold('a')).map((d) => d.id)).toEqual(['eu-003']);
  });
});
