import { describe, expect, it } from 'vitest';
import type { FilledBox, LayoutBlock } from '../types.js';
import { markBands } from './tint-bands.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/** A one-line block of 11 pt text at (72, 100) in colour `fill`. */
function line(fill: number, lines = 1): TextBlock {
  const box = { x0: 72, y0: 100, x1: 300, y1: 100 + 14 * lines };
  return {
    kind: 'text',
    lines: Array.from({ length: lines }, (_, i) => ({
      spans: [{ text: 'Repairs to the mains' }],
      box: { ...box, y0: 100 + 14 * i, y1: 114 + 14 * i },
      size: 11,
    })),
    box,
    size: 11,
    bold: false,
    fill,
  };
}

/** A band around line(): 4 points of padding on every side. */
const band = (fill?: number, lines = 1): FilledBox => ({
  x0: 68,
  y0: 96,
  x1: 540,
  y1: 118 + 14 * (lines - 1),
  fill,
});

const marked = (b: TextBlock, rects: FilledBox[]) => {
  markBands([b], rects, 612, 792);
  return b.band === true;
};

describe('markBands: the fill decides', () => {
  it('takes dark text on a light tint and white text on a dark bar', () => {
    expect(marked(line(0x000000), [band(0xdfe8f1)])).toBe(true);
    expect(marked(line(0xffffff), [band(0x24466b)])).toBe(true);
  });

  it('takes no text on a fill it cannot be read on (dark on dark, white on a light tint)', () => {
    expect(marked(line(0x000000), [band(0x24466b)])).toBe(false);
    expect(marked(line(0xffffff), [band(0xdfe8f1)])).toBe(false);
  });

  it('takes no fill in the page’s colour: white on a white page, the ground’s tint on a tinted one', () => {
    expect(marked(line(0x000000), [band(0xffffff)])).toBe(false);
    const ground: FilledBox = { x0: 0, y0: 0, x1: 612, y1: 792, fill: 0xf4efe2 };
    expect(marked(line(0x000000), [ground, band(0xf4efe2)])).toBe(false);
    // White bands on that ground show, and the ground itself stacks with nothing.
    expect(marked(line(0x000000), [ground, band(0xffffff)])).toBe(true);
  });

  it('takes a fill or a text colour it cannot tell as shown and read (as before fills were read)', () => {
    expect(marked(line(0x000000), [band(-1)])).toBe(true);
    expect(marked(line(0x000000), [band(undefined)])).toBe(true);
    expect(marked(line(-1), [band(0x24466b)])).toBe(true);
  });

  it('gives a box of three lines its tint but no band', () => {
    const b = line(0x000000, 3);
    expect(marked(b, [band(0xdfe8f1, 3)])).toBe(false);
    expect(b.tint).toEqual({ fill: 0xdfe8f1, inset: 4, pad: 4 });
  });
});
