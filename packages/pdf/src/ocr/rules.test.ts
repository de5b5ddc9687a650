import { describe, expect, it } from 'vitest';
import { eraseGrid, findImageLines } from './rules.js';

/** A white grey image with dark boxes drawn in it. */
function image(w: number, h: number, boxes: [number, number, number, number][]): Uint8Array {
  const px = new Uint8Array(w * h).fill(255);
  for (const [x0, y0, x1, y1] of boxes)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) px[y * w + x] = 20;
  return px;
}

describe('ruling lines of a scanned page', () => {
  const dpi = 100;
  const k = 72 / dpi;

  it('finds a table grid: long thin horizontal and vertical runs, in points', () => {
    const boxes: [number, number, number, number][] = [
      [10, 10, 210, 12], // top rule, 2 px thick
      [10, 60, 210, 62], // bottom rule
      [10, 10, 12, 62], // left rule
      [208, 10, 210, 62], // right rule
    ];
    const { rules } = findImageLines(image(300, 100, boxes), 0, 300, 100, dpi, k);
    const horizontal = rules.filter((r) => r.y0 === r.y1).sort((a, b) => a.y0 - b.y0);
    const vertical = rules.filter((r) => r.x0 === r.x1).sort((a, b) => a.x0 - b.x0);
    expect(horizontal).toHaveLength(2);
    expect(vertical).toHaveLength(2);
    expect(horizontal[0].x0).toBeCloseTo(10 * k);
    expect(horizontal[0].x1).toBeCloseTo(210 * k);
    expect(horizontal[0].y0).toBeCloseTo(11 * k);
    expect(vertical[1].x0).toBeCloseTo(209 * k);
  });

  it('ignores letters, short dashes and thick filled areas', () => {
    const boxes: [number, number, number, number][] = [
      [10, 10, 14, 30], // a letter stroke
      [20, 20, 40, 22], // a dash shorter than 0.4 in
      [50, 40, 250, 90], // a filled block 50 px thick
    ];
    expect(findImageLines(image(300, 100, boxes), 0, 300, 100, dpi, k).rules).toEqual([]);
  });

  it('bridges a scan dropout of a pixel or two inside a rule, and reads past a header', () => {
    const px = image(300, 40, [
      [10, 20, 100, 21],
      [102, 20, 200, 21],
    ]);
    const header = new Uint8Array(7).fill(0);
    const withHeader = new Uint8Array(header.length + px.length);
    withHeader.set(header);
    withHeader.set(px, header.length);
    const { rules } = findImageLines(withHeader, header.length, 300, 40, dpi, k);
    expect(rules).toHaveLength(1);
    expect(rules[0].x1 - rules[0].x0).toBeCloseTo(190 * k);
  });

  it('paints a grid over for OCR and leaves the letters in its cells', () => {
    const boxes: [number, number, number, number][] = [
      [10, 10, 210, 12],
      [10, 40, 210, 42],
      [10, 70, 210, 72],
      [10, 10, 12, 72],
      [110, 10, 112, 72],
      [208, 10, 210, 72],
      [30, 20, 34, 34], // a letter stroke in a cell
    ];
    const img = image(300, 100, boxes);
    const out = eraseGrid(img, 0, 300, 100, dpi)!;
    expect(out).toBeDefined();
    expect(out[41 * 300 + 100]).toBe(255);
    expect(out[30 * 300 + 111]).toBe(255);
    expect(out[25 * 300 + 32]).toBe(20);
    // The image itself is left as it was: layout finds the rules on it.
    expect(img[41 * 300 + 100]).toBe(20);
  });

  it("leaves a page without a grid alone (rules one way only: a form's lines, a chart)", () => {
    const boxes: [number, number, number, number][] = [
      [10, 10, 210, 12],
      [10, 40, 210, 42],
      [10, 70, 210, 72],
    ];
    expect(eraseGrid(image(300, 100, boxes), 0, 300, 100, dpi)).toBeUndefined();
  });
});
