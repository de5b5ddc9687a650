import type { LineBox } from './detect.js';
import type { Grey } from './image.js';
import type { CtcChar } from './recognize.js';

/** A word of a recognised line, in image pixels, before it gets its line number. */
export interface LineWord {
  text: string;
  bbox: [number, number, number, number];
  confidence: number;
}

export interface ReadLine {
  words: LineWord[];
  /** Baseline y under the line, in pixels. */
  base: number;
  /** Ink height of the line (ascender to descender), in pixels. */
  rowHeight: number;
  /** Top of the line's ink, for ordering lines. */
  top: number;
}

/** Grey levels: ink is darker than the midpoint between the paper and the darkest print. */
function inkThreshold(img: Grey, box: LineBox): number | undefined {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    const row = y * img.width;
    for (let x = box.x0; x < box.x1; x++) {
      hist[img.pixels[row + x]]++;
      n++;
    }
  }
  // The paper is the most common grey; the print, the darkest 2 % of the pixels.
  let paper = 0;
  for (let g = 1; g < 256; g++) if (hist[g] > hist[paper]) paper = g;
  let acc = 0;
  let dark = 0;
  for (; dark < 255; dark++) {
    acc += hist[dark];
    if (acc >= n * 0.02) break;
  }
  return paper - dark < 40 ? undefined : (paper + dark) / 2;
}

/** The ink inside a rectangle: its tight bounds, or undefined when it holds none. */
function inkBox(
  img: Grey,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  thr: number,
): [number, number, number, number] | undefined {
  let [ix0, iy0, ix1, iy1] = [x1, y1, x0 - 1, y0 - 1];
  for (let y = y0; y < y1; y++) {
    const row = y * img.width;
    for (let x = x0; x < x1; x++) {
      if (img.pixels[row + x] >= thr) continue;
      if (x < ix0) ix0 = x;
      if (x > ix1) ix1 = x;
      if (y < iy0) iy0 = y;
      if (y > iy1) iy1 = y;
    }
  }
  return ix1 < ix0 ? undefined : [ix0, iy0, ix1 + 1, iy1 + 1];
}

/**
 * Baseline of a line: the median over its inked columns of the lowest ink in each (descenders
 * are the few columns below it), or the box's bottom when the line has too little ink.
 */
function baseline(img: Grey, b: [number, number, number, number], thr: number): number {
  const lows: number[] = [];
  for (let x = b[0]; x < b[2]; x++) {
    for (let y = b[3] - 1; y >= b[1]; y--) {
      if (img.pixels[y * img.width + x] < thr) {
        lows.push(y + 1);
        break;
      }
    }
  }
  if (lows.length < 3) return b[3];
  lows.sort((p, q) => p - q);
  return lows[Math.floor(lows.length / 2)];
}

/**
 * A line's words with boxes: the characters CTC read are split at spaces, each word spans the
 * columns of its first to last character's time steps (a step is `stepPx` image pixels), widened
 * by a character's width either side but never past a neighbour, and the box is then fitted to
 * the ink inside it, as tesseract's word boxes are. A word's confidence is its characters'
 * mean probability.
 */
export function lineWords(
  img: Grey,
  box: LineBox,
  chars: readonly CtcChar[],
  stepPx: number,
): ReadLine | undefined {
  const groups: CtcChar[][] = [];
  let cur: CtcChar[] = [];
  for (const c of chars) {
    if (c.text.trim() === '') {
      if (cur.length) groups.push(cur);
      cur = [];
    } else cur.push(c);
  }
  if (cur.length) groups.push(cur);
  if (groups.length === 0) return undefined;
  const thr = inkThreshold(img, box);
  const lineInk = thr === undefined ? undefined : inkBox(img, box.x0, box.y0, box.x1, box.y1, thr);
  const lb: [number, number, number, number] = lineInk ?? [box.x0, box.y0, box.x1, box.y1];
  const h = box.y1 - box.y0;
  // A character is about half a line high: the reach past a word's first and last steps.
  const reach = Math.max(stepPx, h * 0.5);
  const spans = groups.map((g) => [
    box.x0 + g[0].step * stepPx,
    box.x0 + (g[g.length - 1].step + 1) * stepPx,
  ]);
  const words: LineWord[] = [];
  for (let i = 0; i < groups.length; i++) {
    const left = i === 0 ? box.x0 : Math.max(spans[i - 1][1], (spans[i - 1][1] + spans[i][0]) / 2);
    const right =
      i === groups.length - 1 ? box.x1 : Math.min(spans[i + 1][0], (spans[i][1] + spans[i + 1][0]) / 2);
    const x0 = Math.max(box.x0, Math.floor(Math.max(left, spans[i][0] - reach)));
    const x1 = Math.min(box.x1, Math.ceil(Math.min(right, spans[i][1] + reach)));
    const ink = thr === undefined || x1 <= x0 ? undefined : inkBox(img, x0, box.y0, x1, box.y1, thr);
    const g = groups[i];
    words.push({
      text: g.map((c) => c.text).join(''),
      bbox: ink ?? [x0, lb[1], Math.max(x0 + 1, x1), lb[3]],
      confidence: g.reduce((s, c) => s + c.prob, 0) / g.length,
    });
  }
  return {
    words,
    base: thr === undefined ? lb[3] : baseline(img, lb, thr),
    rowHeight: lb[3] - lb[1],
    top: lb[1],
  };
}
