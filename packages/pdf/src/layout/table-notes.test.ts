import { describe, expect, it } from 'vitest';
import type { LayoutBlock } from '../types.js';
import { tableNotesAsText } from './table-notes.js';

const box = { x0: 72, y0: 100, x1: 500, y1: 110 };
const table = (size: number): LayoutBlock => ({
  kind: 'table',
  box,
  rows: [[{ text: 'a' }, { text: 'b' }]],
  ruled: true,
  size,
});
const text = (t: string, size: number, marker?: string): LayoutBlock => ({
  kind: 'text',
  lines: [{ spans: [{ text: t }], box, size }],
  box,
  size,
  bold: false,
  ...(marker ? { label: 'list-item' as const, marker } : {}),
});
const first = (b: LayoutBlock) => (b.kind === 'text' ? b.lines[0].spans[0].text : '');

describe('notes under a table', () => {
  it('reads small notes opening with *, a) or a long dash right after a table, or after other notes, as text', () => {
    const blocks = [
      table(10),
      text('Source: survey', 8),
      text('Provisional figures', 8, '*'),
      text('a) Including the islands', 8, 'a)'),
      text('Not available.', 8, '—'),
    ];
    tableNotesAsText(blocks, 10);
    expect(blocks.slice(2).map((b) => (b.kind === 'text' ? [b.label, b.marker, first(b)] : []))).toEqual([
      [undefined, undefined, '* Provisional figures'],
      [undefined, undefined, 'a) Including the islands'],
      [undefined, undefined, '— Not available.'],
    ]);
  });

  it('keeps lists at the body size, bullets, and small lists away from a table', () => {
    const blocks = [
      table(10),
      text('Speed counts every collision', 10, '*'),
      table(10),
      text('Legend item', 8, '•'),
      text('Body text between', 10),
      text('A small starred item', 8, '*'),
    ];
    tableNotesAsText(blocks, 10);
    expect(blocks.map((b) => (b.kind === 'text' ? b.label : b.kind))).toEqual([
      'table',
      'list-item',
      'table',
      'list-item',
      undefined,
      'list-item',
    ]);
  });

  it('measures notes against the table where the page is mostly table and notes', () => {
    const blocks = [table(9), text('Not available.', 8, '—')];
    tableNotesAsText(blocks, 8);
    expect(blocks[1].kind === 'text' && blocks[1].label).toBe(undefined);
  });
});
