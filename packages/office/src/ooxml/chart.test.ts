import { inlineText } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { chartBlocks } from './chart.js';

const label = (title?: string, kind?: string) => {
  const [b] = chartBlocks({ title, kind, rows: [] });
  return b?.kind === 'paragraph' ? inlineText(b.content) : undefined;
};

describe('chartBlocks', () => {
  it('names a chart by its title and kind, an untitled one by its kind alone', () => {
    expect(label('Sales', 'Bar chart')).toBe('Chart: Sales (Bar chart)');
    expect(label(undefined, 'Line chart')).toBe('Line chart');
    expect(label('Sales')).toBe('Chart: Sales');
    expect(label()).toBeUndefined();
  });
});
