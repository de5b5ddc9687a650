/** Crafted page inputs for layout tests: runs placed by hand, as an extractor would report them. */
import type { PageInput, TextRun } from '../types.js';

/** A run of `text` at (x, top) in a font of `size`; width estimated at half the size per character. */
export function run(text: string, x: number, top: number, size = 10, bold = false): TextRun {
  return {
    text,
    x0: x,
    x1: x + text.length * size * 0.5,
    y0: top,
    y1: top + size,
    base: top + size * 0.8,
    size,
    bold,
    italic: false,
    rotated: false,
    fill: 0,
  };
}

export function page(runs: TextRun[], pageNumber = 1): PageInput {
  return { pageNumber, width: 612, height: 792, runs, rules: [], rects: [], images: [], links: [] };
}
