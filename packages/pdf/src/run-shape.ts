import type { TextRun } from './types.js';

/**
 * A run with some fields changed. A spread (`{ ...run, x0 }`) makes an object of another
 * hidden class than the runs the page was read into, and the layout functions that read runs
 * (findGutters, buildLines, makeLine...) then meet several classes and are deoptimised and
 * compiled again on a cold run (see shapes.ts). This literal lists the fields in the order
 * every run is made with (extract/page.ts, ocr/runs.ts).
 */
export function changedRun(r: TextRun, change: Partial<TextRun>): TextRun {
  return {
    text: change.text ?? r.text,
    x0: change.x0 ?? r.x0,
    y0: change.y0 ?? r.y0,
    x1: change.x1 ?? r.x1,
    y1: change.y1 ?? r.y1,
    base: change.base ?? r.base,
    size: change.size ?? r.size,
    bold: change.bold ?? r.bold,
    italic: change.italic ?? r.italic,
    rotated: change.rotated ?? r.rotated ?? false,
    fill: change.fill ?? r.fill,
  };
}
