import { describe, expect, it } from 'vitest';
import { treeEditDistance } from './tree-edit.js';

interface L {
  label: string;
  children: L[];
}
const t = (label: string, ...children: L[]): L => ({ label, children });
const unit = (a: L, b: L) => (a.label === b.label ? 0 : 1);

describe('Zhang–Shasha tree edit distance', () => {
  it('gives the classic example distance', () => {
    // Zhang & Shasha (1989): f(d(a, c(b)), e) vs f(c(d(a, b)), e) = 2
    const a = t('f', t('d', t('a'), t('c', t('b'))), t('e'));
    const b = t('f', t('c', t('d', t('a'), t('b'))), t('e'));
    expect(treeEditDistance(a, b, unit)).toBe(2);
  });

  it('counts inserts, deletes and renames', () => {
    expect(treeEditDistance(t('a'), t('a'), unit)).toBe(0);
    expect(treeEditDistance(t('a'), t('b'), unit)).toBe(1);
    expect(treeEditDistance(t('a', t('b'), t('c')), t('a'), unit)).toBe(2);
    expect(treeEditDistance(t('a'), t('a', t('b', t('c'))), unit)).toBe(2);
  });

  it('uses fractional rename costs', () => {
    const half = (x: L, y: L) => (x.label === y.label ? 0 : 0.5);
    expect(treeEditDistance(t('r', t('x'), t('y')), t('r', t('z'), t('y')), half)).toBe(0.5);
  });

  it('does not overflow the stack on deep trees', () => {
    let a = t('leaf');
    for (let i = 0; i < 5000; i++) a = t('n', a);
    expect(treeEditDistance(a, t('n'), unit)).toBe(5000);
  });
});
