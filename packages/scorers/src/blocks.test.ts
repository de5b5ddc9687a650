import { describe, expect, it } from 'vitest';
import { addScores, emptyScores, iou, type RefElement, scoreBlocks } from './blocks.js';

const ref = (category: string, x0: number, y0: number, x1: number, y1: number, page = 1): RefElement => ({
  category,
  page,
  coordinates: [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ],
});

describe('blocks scorer', () => {
  it('computes intersection over union', () => {
    expect(iou([0, 0, 1, 1], [0, 0, 1, 1])).toBe(1);
    expect(iou([0, 0, 1, 1], [2, 2, 3, 3])).toBe(0);
    // Half overlap of two unit squares: 0.5 / 1.5.
    expect(iou([0, 0, 1, 1], [0.5, 0, 1.5, 1])).toBeCloseTo(1 / 3, 12);
    expect(iou([0, 0, 0, 0], [0, 0, 0, 0])).toBe(0);
  });

  it('counts matches at IoU >= 0.5 and label agreement by category', () => {
    const s = scoreBlocks(
      [
        ref('Paragraph', 0.1, 0.1, 0.9, 0.3), // exact text block: matched, agrees
        ref('Heading1', 0.1, 0.05, 0.5, 0.08), // matched by a heading-2: agrees
        ref('Table', 0.1, 0.4, 0.9, 0.8), // matched by a block labelled text: disagrees
        ref('Footer', 0.1, 0.9, 0.9, 0.95), // only a third overlaps: unmatched
        ref('Caption', 0.1, 0.1, 0.9, 0.3, 2), // same box on another page: unmatched
      ],
      [
        { page: 1, label: 'text', bbox: [0.1, 0.1, 0.9, 0.3] },
        { page: 1, label: 'heading-2', bbox: [0.1, 0.05, 0.5, 0.08] },
        { page: 1, label: 'text', bbox: [0.1, 0.42, 0.9, 0.8] },
        { page: 1, label: 'page-footer', bbox: [0.5, 0.9, 1.3, 0.95] },
      ],
    );
    expect(s.overall).toEqual({ n: 5, matched: 3, agree: 2 });
    expect(s.byCategory.Table).toEqual({ n: 1, matched: 1, agree: 0 });
    expect(s.byCategory.Footer).toEqual({ n: 1, matched: 0, agree: 0 });
    expect(s.byCategory.Caption).toEqual({ n: 1, matched: 0, agree: 0 });
  });

  it('adds documents together', () => {
    const a = scoreBlocks([ref('List', 0, 0, 1, 1)], [{ page: 1, label: 'list', bbox: [0, 0, 1, 1] }]);
    const b = scoreBlocks([ref('List', 0, 0, 1, 1), ref('Paragraph', 0, 0, 1, 1)], []);
    const t = addScores(addScores(emptyScores(), a), b);
    expect(t.overall).toEqual({ n: 3, matched: 1, agree: 1 });
    expect(t.byCategory.List).toEqual({ n: 2, matched: 1, agree: 1 });
    expect(t.byCategory.Paragraph).toEqual({ n: 1, matched: 0, agree: 0 });
  });
});
