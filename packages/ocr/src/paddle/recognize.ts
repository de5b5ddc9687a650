import type { LineBox } from './detect.js';
import { type Grey, resample } from './image.js';

/** The recogniser's input height (PP-OCRv4's rec_image_shape is 3 x 48 x W). */
export const REC_HEIGHT = 48;
/**
 * Widest input in pixels: the recogniser's cost per column is flat up to about 1,300 columns
 * and grows past it, and a line this long is a table row read across its gaps anyway.
 */
const REC_MAX_WIDTH = 2400;

export interface RecInput {
  data: Float32Array;
  dims: [number, number, number, number];
  /** Crop pixels per input pixel, horizontally. */
  scaleX: number;
}

/** The width a line takes in the recogniser's input, scaled to REC_HEIGHT (before padding). */
export function recWidth(box: LineBox): number {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  return Math.max(8, Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * w) / h)));
}

/** A line cut out of the page and scaled to REC_HEIGHT, grey repeated over three channels, in -1..1. */
export function recInput(img: Grey, box: LineBox): RecInput {
  const rw = recWidth(box);
  // The model reduces the width by 8: an input a multiple of 8 maps time steps to columns exactly.
  const W = Math.ceil(rw / 8) * 8;
  const data = new Float32Array(3 * REC_HEIGHT * W);
  const scaleX = writeLine(img, box, rw, W, data, 0);
  return { data, dims: [1, 3, REC_HEIGHT, W], scaleX };
}

/**
 * Writes one line, scaled to rw x REC_HEIGHT, as the batch item at `offset` of `data` (three
 * planes of REC_HEIGHT x W): grey repeated over the channels, in -1..1, the columns past rw
 * left at 0 (PaddleOCR's padding). Returns crop pixels per input pixel, horizontally.
 */
export function writeLine(
  img: Grey,
  box: LineBox,
  rw: number,
  W: number,
  data: Float32Array,
  offset: number,
): number {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const plane = REC_HEIGHT * W;
  data.fill(0, offset, offset + 3 * plane);
  resample(img, box.x0, box.y0, w, h, rw, REC_HEIGHT, (i, g) => {
    const o = offset + Math.floor(i / rw) * W + (i % rw);
    const v = g / 127.5 - 1;
    data[o] = v;
    data[plane + o] = v;
    data[2 * plane + o] = v;
  });
  return w / rw;
}

/** A character read by CTC: the time step where it peaked and its probability. */
export interface CtcChar {
  text: string;
  step: number;
  prob: number;
}

/**
 * Greedy CTC decoding of one line's [T x C] probabilities: the best class per time step,
 * repeats collapsed, blanks (class 0) dropped. `dict[c]` is class c's text.
 */
export function ctcDecode(probs: Float32Array, T: number, C: number, dict: readonly string[]): CtcChar[] {
  const out: CtcChar[] = [];
  let prev = 0;
  for (let t = 0; t < T; t++) {
    const o = t * C;
    let best = 0;
    let bp = probs[o];
    for (let c = 1; c < C; c++) {
      const p = probs[o + c];
      if (p > bp) {
        bp = p;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) out.push({ text: dict[best] ?? '', step: t, prob: bp });
    prev = best;
  }
  return out;
}
