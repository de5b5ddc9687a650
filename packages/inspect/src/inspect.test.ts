import type { Block } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { renderInspector } from './html.js';
import { cellPlaces } from './inspect.js';
import { dataFromResult, parseOcrReasons } from './model.js';

type Table = Extract<Block, { kind: 'table' }>;
const cell = (rowSpan?: number, colSpan?: number) => ({ content: [], rowSpan, colSpan });

describe('cellPlaces', () => {
  it('places merged cells as the HTML table model does', () => {
    // | A (2 rows) | B (2 cols)  |
    // |            | c   | d     |
    const t: Table = {
      kind: 'table',
      rows: [
        [cell(2), cell(1, 2)],
        [cell(), cell()],
      ],
    };
    expect(cellPlaces(t, 2, 3)).toEqual([
      [0, 0, 2, 1],
      [0, 1, 1, 2],
      [1, 1, 1, 1],
      [1, 2, 1, 1],
    ]);
  });

  it('refuses cells that do not fill the grid', () => {
    const t: Table = { kind: 'table', rows: [[cell(), cell()], [cell()]] };
    expect(cellPlaces(t, 2, 2)).toBeUndefined();
    expect(cellPlaces(t, 3, 2)).toBeUndefined();
  });
});

describe('renderInspector', () => {
  const result = {
    markdown: '# Title</script><!--\n\ntext',
    metadata: { ocrReasons: '1:no-text' },
    blocks: [
      {
        pageNumber: 1,
        width: 612,
        height: 792,
        status: 'ocr',
        items: [
          {
            id: 'p1-b0',
            type: 'heading',
            label: 'heading-1',
            content: 'Title</script>',
            source: 'ocr',
            bbox: [0.1, 0.1, 0.5, 0.2],
            markdownSpan: [0, 25] as [number, number],
            readingOrder: 0,
            confidence: { layout: 1, ocr: 0.91 },
          },
        ],
      },
    ],
  };

  it('keeps the data inside its script element and marks the OCR reason', () => {
    const data = dataFromResult(result, { file: 'a<b>.pdf', format: 'pdf', options: '' });
    expect(data.pages[0].ocrReason).toBe('no-text');
    expect(data.blocks[0].ocr).toBe(0.91);
    const html = renderInspector(data);
    // One closing tag per script element: the data cannot end its own early.
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    expect(html).toContain('distill inspect: a&lt;b&gt;.pdf');
    expect(renderInspector(dataFromResult(result, { file: 'a<b>.pdf', format: 'pdf', options: '' }))).toBe(
      html,
    );
  });

  it("reads the parser's OCR reasons", () => {
    expect([...parseOcrReasons('2:no-text,5:image-page')]).toEqual([
      [2, 'no-text'],
      [5, 'image-page'],
    ]);
  });
});
