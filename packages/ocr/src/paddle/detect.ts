import { type Grey, resample } from './image.js';

/** A text line found by detection, in pixels of the page image. */
export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Mean text probability over the line's pixels, 0..1. */
  score: number;
}

/**
 * The detector's input: the page scaled so its longer side is about DET_SIDE pixels (PaddleOCR's
 * own default for documents), but never below DET_MIN_DPI, so small print on a large page keeps
 * a few pixels of height, and never above the page's own resolution.
 */
export const DET_SIDE = 960;
const DET_MIN_DPI = 100;
const DET_MAX_SIDE = 2560;
/**
 * The input is padded (with paper) up to a multiple of this: onnxruntime plans its memory once
 * per input shape, and a new shape costs about three times a page's detection, so pages of
 * similar size share one shape.
 */
const SHAPE_STEP = 128;
/** PaddleOCR's DB post-processing: pixel threshold, box threshold, unclip ratio, least side. */
const PIXEL_THRESH = 0.3;
const BOX_THRESH = 0.6;
const UNCLIP = 1.5;
const MIN_SIDE = 3;
/** Lines kept at most (PaddleOCR's max_candidates). */
const MAX_LINES = 1000;

/** ImageNet mean and deviation, per channel (the detector was trained on colour; grey repeats). */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export interface DetInput {
  data: Float32Array;
  dims: [number, number, number, number];
  /** Image pixels per detector pixel. */
  scale: number;
}

/** The detector's input tensor for a page image at `dpi`. */
export function detInput(img: Grey, dpi: number, side = DET_SIDE): DetInput {
  const long = Math.max(img.width, img.height);
  let s = Math.max(side / long, DET_MIN_DPI / Math.max(1, dpi));
  s = Math.min(1, s, DET_MAX_SIDE / long);
  const w = Math.max(1, Math.round(img.width * s));
  const h = Math.max(1, Math.round(img.height * s));
  const W = Math.ceil(w / SHAPE_STEP) * SHAPE_STEP;
  const H = Math.ceil(h / SHAPE_STEP) * SHAPE_STEP;
  const n = W * H;
  const data = new Float32Array(3 * n);
  for (let c = 0; c < 3; c++) data.fill((1 - MEAN[c]) / STD[c], c * n, (c + 1) * n);
  const k = [0, 1, 2].map((c) => 1 / 255 / STD[c]);
  const m = [0, 1, 2].map((c) => MEAN[c] / STD[c]);
  resample(img, 0, 0, img.width, img.height, w, h, (i, g) => {
    const o = Math.floor(i / w) * W + (i % w);
    data[o] = g * k[0] - m[0];
    data[n + o] = g * k[1] - m[1];
    data[2 * n + o] = g * k[2] - m[2];
  });
  return { data, dims: [1, 3, H, W], scale: img.width / w };
}

/**
 * Text lines from the detector's probability map: connected regions above PIXEL_THRESH, kept
 * when their mean probability reaches BOX_THRESH, grown back by the unclip distance (the
 * detector learns lines shrunk by that much) and taken to image pixels. Boxes are upright
 * rectangles: pages reach OCR straightened, and the reader cuts lines out as rectangles.
 */
export function linesFromMap(prob: Float32Array, W: number, H: number, scale: number, img: Grey): LineBox[] {
  const label = new Uint8Array(W * H);
  const stack = new Int32Array(W * H);
  const out: LineBox[] = [];
  for (let i = 0; i < W * H && out.length < MAX_LINES; i++) {
    if (label[i] || prob[i] <= PIXEL_THRESH) continue;
    let x0 = W;
    let y0 = H;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let count = 0;
    let top = 0;
    label[i] = 1;
    stack[top++] = i;
    while (top > 0) {
      const p = stack[--top];
      const x = p % W;
      const y = (p - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      sum += prob[p];
      count++;
      if (x > 0 && !label[p - 1] && prob[p - 1] > PIXEL_THRESH) {
        label[p - 1] = 1;
        stack[top++] = p - 1;
      }
      if (x < W - 1 && !label[p + 1] && prob[p + 1] > PIXEL_THRESH) {
        label[p + 1] = 1;
        stack[top++] = p + 1;
      }
      if (y > 0 && !label[p - W] && prob[p - W] > PIXEL_THRESH) {
        label[p - W] = 1;
        stack[top++] = p - W;
      }
      if (y < H - 1 && !label[p + W] && prob[p + W] > PIXEL_THRESH) {
        label[p + W] = 1;
        stack[top++] = p + W;
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const score = sum / count;
    if (score < BOX_THRESH || Math.min(bw, bh) < MIN_SIDE) continue;
    const d = (bw * bh * UNCLIP) / (2 * (bw + bh));
    const box = {
      x0: Math.max(0, Math.floor((x0 - d) * scale)),
      y0: Math.max(0, Math.floor((y0 - d) * scale)),
      x1: Math.min(img.width, Math.ceil((x1 + 1 + d) * scale)),
      y1: Math.min(img.height, Math.ceil((y1 + 1 + d) * scale)),
      score,
    };
    if (box.x1 - box.x0 >= MIN_SIDE && box.y1 - box.y0 >= MIN_SIDE) out.push(box);
  }
  return out;
}
