import { describe, expect, it } from 'vitest';
import {
  aggregate,
  evaluateHeadingLevel,
  evaluateReadingOrder,
  evaluateTable,
  pyReadText,
  scoreDocument,
} from './dpbench.js';

describe('NID', () => {
  it('is null without ground-truth text, and counts markup', () => {
    expect(evaluateReadingOrder('  \n', 'x')).toEqual([null, null]);
    const [nid] = evaluateReadingOrder('# Title\n\nHello  world', '# Title Hello world');
    expect(nid).toBe(1);
    expect(evaluateReadingOrder('**bold** text', 'bold text')[0]).toBeLessThan(1);
    expect(evaluateReadingOrder('**bold** text', 'bold text', { stripEmphasis: true })[0]).toBe(1);
  });
  it('NID-S drops tables from both sides', () => {
    const gt = 'intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\noutro';
    const [nid, nidS] = evaluateReadingOrder(gt, 'intro outro');
    expect(nidS).toBe(1);
    expect(nid!).toBeLessThan(1);
  });
});

describe('TEDS', () => {
  const gt = '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>';
  it('is null without tables in the ground truth and 0 without predicted tables', () => {
    expect(evaluateTable('no table', 'x')).toEqual([null, null]);
    expect(evaluateTable(gt, 'a b c d')).toEqual([0, 0]);
  });
  it('is 1 for the same table written as Markdown', () => {
    expect(evaluateTable(gt, '| a | b |\n|---|---|\n| c | d |')).toEqual([1, 1]);
  });
  it('charges normalised Levenshtein for cell text, not for structure', () => {
    const [teds, tedsS] = evaluateTable(gt, '| a | b |\n|---|---|\n| c | x |');
    expect(tedsS).toBe(1);
    // One cell of 1 character fully renamed: 1 - 1/7 nodes (outer table, table, 2 tr, 4 td = 8; n = 7 descendants)
    expect(teds).toBeCloseTo(1 - 1 / 7, 12);
  });
  it('treats a spanning cell as a different node', () => {
    const [, tedsS] = evaluateTable(
      gt,
      '<table><tr><td colspan="2">a b</td></tr><tr><td>c</td><td>d</td></tr></table>',
    );
    expect(tedsS).toBeLessThan(1);
  });
});

describe('MHS', () => {
  it('is null without headings in the ground truth, 0 without predicted headings', () => {
    expect(evaluateHeadingLevel('text', '# x')).toEqual([null, null]);
    expect(evaluateHeadingLevel('# H\n\ntext', 'H text')).toEqual([0, 0]);
  });
  it('ignores heading levels', () => {
    expect(evaluateHeadingLevel('# H\n\ntext', '### H\ntext')).toEqual([1, 1]);
  });
});

describe('document score and aggregate', () => {
  it('averages the non-null metrics', () => {
    const s = scoreDocument('# H\n\ntext', '# H\n\ntext');
    expect(s).toMatchObject({ overall: 1, nid: 1, teds: null, mhs: 1 });
    const m = aggregate([s, { ...s, overall: 0.5, teds: 0.25 }]);
    expect(m.overall).toBe(0.75);
    expect(m.teds).toBe(0.25);
    expect(m.teds_count).toBe(1);
  });
  it('reads text like Python (universal newlines, BOM kept, bad UTF-8 = empty)', () => {
    expect(pyReadText(new TextEncoder().encode('a\r\nb\rc'))).toBe('a\nb\nc');
    expect(pyReadText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('\ufeffa');
    expect(pyReadText(Uint8Array.from([0xff, 0xfe]))).toBe('');
  });
});
