import { describe, expect, it } from 'vitest';
import { xyCut } from './xycut.js';

const opts = { minColumnGap: 9, minColumnWidth: 40 };
/** A line box: left edge, top, width, 11 points high. */
const line = (x: number, y: number, w: number) => ({ x0: x, y0: y, x1: x + w, y1: y + 11 });

// Two columns of three items each, lined up row by row, under a title across both and over a
// closing line across both, all as far apart: the row bands between items run through both
// columns and are as wide as those under the title and over the closing line.
const boxes = [
  line(50, 50, 400), // title across
  line(60, 80, 180), // left item 1
  line(300, 80, 180), // right item 1
  line(60, 110, 180), // left item 2
  line(300, 110, 180), // right item 2
  line(60, 140, 180), // left item 3
  line(300, 140, 180), // right item 3
  line(50, 170, 400), // closing line across
];

describe('xyCut with list columns', () => {
  it('reads two columns of list items column by column', () => {
    const items = boxes.map((_, i) => i > 0 && i < 7);
    expect(xyCut(boxes, opts, items)).toEqual([0, 1, 3, 5, 2, 4, 6, 7]);
  });
  it('reads rows across when only one side holds list items (side headings, labels)', () => {
    const items = boxes.map((_, i) => i === 2 || i === 4 || i === 6);
    expect(xyCut(boxes, opts, items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(xyCut(boxes, opts)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('xyCut with two columns of short lines on the same baselines', () => {
  const rows = (leftX: number, leftW: number, rightX: number) =>
    Array.from({ length: 5 }, (_, r) => [
      line(leftX, 80 + r * 30, leftW),
      line(rightX, 80 + r * 30, 150),
    ]).flat();
  const title = line(50, 50, 400);
  it('reads two halves of five bands or more column by column (addresses in a two-column section)', () => {
    const page = [title, ...rows(50, 150, 300)];
    expect(xyCut(page, opts)).toEqual([0, 1, 3, 5, 7, 9, 2, 4, 6, 8, 10]);
  });
  it('reads labels beside values row by row: the gutter does not halve the region', () => {
    const page = [title, ...rows(50, 70, 160)];
    expect(xyCut(page, opts)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
