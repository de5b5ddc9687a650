import { describe, expect, it } from 'vitest';
import type { Matrix } from './extract/graphics.js';
import { textItemsToRuns } from './extract/page.js';
import { ocrPageInput } from './ocr/runs.js';
import { changedRun } from './run-shape.js';

// Every run is made with the same properties in the same order, so V8 gives all of them one
// hidden class and the layout functions reading them are compiled once (see shapes.ts). A new
// field added at one site and not the others would split them again: these tests fail then.
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const style = () => ({ bold: false, italic: false });

describe('runs keep one shape', () => {
  const [upright, turned] = textItemsToRuns(
    [
      { str: 'upright', transform: [10, 0, 0, 10, 72, 700], width: 40 },
      { str: 'turned', transform: [0, 10, -10, 0, 72, 300], width: 30 },
    ],
    IDENTITY,
    style,
  );
  const keys = Object.keys(upright);

  it('upright and rotated text make runs with the same keys in the same order', () => {
    expect(turned.rotated).toBe(true);
    expect(upright.rotated).toBe(false);
    expect(Object.keys(turned)).toEqual(keys);
  });

  it('a changed run keeps them, and the fields not changed', () => {
    const moved = changedRun(upright, { x0: 1, text: 'u' });
    expect(Object.keys(moved)).toEqual(keys);
    expect(moved).toEqual({ ...upright, x0: 1, text: 'u' });
    expect(changedRun(upright, { rotated: true }).rotated).toBe(true);
  });

  it('runs read by OCR have them too', () => {
    const { input } = ocrPageInput(
      1,
      {
        words: [
          {
            text: 'scanned',
            bbox: [10, 10, 90, 30],
            confidence: 95,
            line: 0,
            base: 28,
            rowHeight: 20,
            lineEnd: true,
          },
        ],
        text: 'scanned',
        confidence: 0.95,
        skewDegrees: 0,
        orientation: 0,
      },
      { widthPx: 600, heightPx: 800, dpi: 72 },
    );
    expect(input.runs.length).toBe(1);
    expect(Object.keys(input.runs[0])).toEqual(keys);
  });
});
