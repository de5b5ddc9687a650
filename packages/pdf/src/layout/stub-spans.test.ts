import { describe, expect, it } from 'vitest';
import { stubGroupSpans } from './stub-spans.js';
import type { TableCellOut } from './tables.js';

const rows = (...texts: string[][]): TableCellOut[][] => texts.map((r) => r.map((text) => ({ text })));

describe('group labels in the first column', () => {
  it('spans a label over the rows under it that leave the first column empty', () => {
    const out = stubGroupSpans(
      rows(
        ['District', 'User', '2022'],
        ['North', 'Farms', '12'],
        ['', 'Industry', '3'],
        ['South', 'Farms', '9'],
        ['', 'Households', '4'],
        ['', 'Industry', '5'],
      ),
    );
    expect(out.map((r) => r.map((c) => (c.rowSpan ? `${c.text}/${c.rowSpan}` : c.text)))).toEqual([
      ['District', 'User', '2022'],
      ['North/2', 'Farms', '12'],
      ['Industry', '3'],
      ['South/3', 'Farms', '9'],
      ['Households', '4'],
      ['Industry', '5'],
    ]);
  });

  it('leaves rows whose stub is empty or mostly empty (a wrapped line, a note), figures as labels, and two columns', () => {
    const wrapped = rows(
      ['North', 'Farms', '12', '14'],
      ['', 'and fields', '', ''],
      ['South', 'Farms', '9', '8'],
      ['', 'Towns', '2', '3'],
    );
    expect(stubGroupSpans(wrapped)).toBe(wrapped);
    const noStub = rows(['North', 'Farms', '12'], ['', '', '3'], ['South', 'Farms', '9'], ['', 'Farms', '9']);
    expect(stubGroupSpans(noStub)).toBe(noStub);
    const figures = rows(
      ['2021', 'Farms', '12'],
      ['', 'Industry', '3'],
      ['2022', 'Farms', '9'],
      ['', 'Farms', '9'],
    );
    expect(stubGroupSpans(figures)).toBe(figures);
    const two = rows(['North', 'Farms'], ['', 'Industry'], ['South', 'Farms'], ['', 'Towns']);
    expect(stubGroupSpans(two)).toBe(two);
  });
});
