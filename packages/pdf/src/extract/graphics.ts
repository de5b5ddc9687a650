import { settleFieldKinds } from '../shapes.js';
import type { Box, FilledBox, Rule } from '../types.js';

// Rules and filled rectangles have double fields from the start (shapes.ts).
settleFieldKinds(
  { x0: 0.5, x1: 0.5, y0: 0.5, y1: 0.5 } satisfies Rule,
  { x0: 0.5, y0: 0.5, x1: 0.5, y1: 0.5, fill: 0 } satisfies FilledBox,
);

type Matrix = [number, number, number, number, number, number];

const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];
// apply's two coordinates apart, for the points of every path: no pair is built and taken
// apart again (array destructuring runs the iterator protocol in unoptimised code, which a
// cold run's first pages are).
const applyX = (m: Matrix, x: number, y: number): number => m[0] * x + m[2] * y + m[4];
const applyY = (m: Matrix, x: number, y: number): number => m[1] * x + m[3] * y + m[5];

/** The pdf.js operator codes this reader needs (from pdfjs OPS and DrawOPS). */
export interface OpCodes {
  save: number;
  restore: number;
  dependency: number;
  setGState: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  /** Sets the fill colour: pdf.js gives it as '#rrggbb', the fast reader packed (fillColour) or -1. */
  setFillRGBColor: number;
  /** A fill of a pattern or shading (pdf.js): no one colour. */
  setFillColorN: number;
  setFillTransparent: number;
}

export interface Graphics {
  rules: Rule[];
  /** With the colour each is filled in (see FilledBox): a tint band is told from the page by it. */
  rects: FilledBox[];
  images: Box[];
  /** Stroked segments neither horizontal nor vertical, and curves: plotted lines, pies, maps. */
  strokes: Box[];
}

/** Caps the slanted and curved strokes kept (a map may draw hundreds of thousands). */
const MAX_STROKES = 20_000;

/** Thicker than this (points) a filled rectangle is an area, not a line. */
const RULE_THICKNESS = 2.5;
/** Caps the work on hostile pages with millions of path operators. */
const MAX_SHAPES = 20_000;

/**
 * Walks a pdf.js operator list tracking the transformation matrix, and keeps what tables and
 * figures are made of: axis-aligned strokes and thin fills (rules), larger filled rectangles,
 * and the boxes of painted images. `view` maps user space to the top-left page frame.
 */
export function readGraphics(
  fnArray: ArrayLike<number>,
  argsArray: unknown[],
  ops: OpCodes,
  view: Matrix,
): Graphics {
  const rules: Rule[] = [];
  const rects: FilledBox[] = [];
  const images: Box[] = [];
  const strokes: Box[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = view;
  // The fill colour is graphics state: saved and restored with the matrix (black at the start).
  const fills: number[] = [];
  let fill = 0;
  let shapes = 0;
  const strokeOps = new Set([ops.stroke, ops.closeStroke]);
  const fillOps = new Set([ops.fill, ops.eoFill]);
  const bothOps = new Set([ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);

  const addRule = (ax: number, ay: number, bx: number, by: number) => {
    const x0 = applyX(ctm, ax, ay);
    const y0 = applyY(ctm, ax, ay);
    const x1 = applyX(ctm, bx, by);
    const y1 = applyY(ctm, bx, by);
    const dx = Math.abs(x1 - x0);
    const dy = Math.abs(y1 - y0);
    if (dy < 1 && dx > 2)
      rules.push({ x0: Math.min(x0, x1), x1: Math.max(x0, x1), y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 });
    else if (dx < 1 && dy > 2)
      rules.push({ x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0: Math.min(y0, y1), y1: Math.max(y0, y1) });
    else if (dx >= 0.5 && dy >= 0.5 && dx * dx + dy * dy >= 4 && strokes.length < MAX_STROKES)
      strokes.push({
        x0: Math.min(x0, x1),
        x1: Math.max(x0, x1),
        y0: Math.min(y0, y1),
        y1: Math.max(y0, y1),
      });
  };
  const addCurve = (ax: number, ay: number, bx: number, by: number) => {
    if (strokes.length >= MAX_STROKES) return;
    const x0 = applyX(ctm, ax, ay);
    const y0 = applyY(ctm, ax, ay);
    const x1 = applyX(ctm, bx, by);
    const y1 = applyY(ctm, bx, by);
    // Shorter chords are the bevels and rounded corners of borders.
    if ((x1 - x0) ** 2 + (y1 - y0) ** 2 < 4) return;
    strokes.push({ x0: Math.min(x0, x1), x1: Math.max(x0, x1), y0: Math.min(y0, y1), y1: Math.max(y0, y1) });
  };
  const addFilledBox = (pts: number[]) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < pts.length; i += 2) {
      const x = applyX(ctm, pts[i], pts[i + 1]);
      const y = applyY(ctm, pts[i], pts[i + 1]);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const w = x1 - x0;
    const h = y1 - y0;
    if (h <= RULE_THICKNESS && w > 2) rules.push({ x0, x1, y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 });
    else if (w <= RULE_THICKNESS && h > 2) rules.push({ x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0, y1 });
    else if (w > 2 && h > 2) rects.push({ x0, y0, x1, y1, fill });
  };

  const n = fnArray.length;
  // Images are not decoded in fast mode, so pdf.js drops their paint operator and leaves
  // `q cm Q` with nothing drawn between: a scaled empty group is where an image was.
  let groupStart = -1;
  let groupOnlyTransforms = false;
  for (let i = 0; i < n && shapes < MAX_SHAPES; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.save) {
      stack.push(ctm);
      fills.push(fill);
      groupStart = i;
      groupOnlyTransforms = true;
      continue;
    }
    if (fn === ops.restore) {
      if (groupOnlyTransforms && groupStart >= 0 && i > groupStart + 1) {
        const c = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
        const xs = c.map((p) => p[0]);
        const ys = c.map((p) => p[1]);
        images.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
      }
      groupOnlyTransforms = false;
      groupStart = -1;
      ctm = stack.pop() ?? ctm;
      fill = fills.pop() ?? fill;
      continue;
    }
    if (fn !== ops.transform && fn !== ops.dependency && fn !== ops.setGState) groupOnlyTransforms = false;
    if (fn === ops.transform && args) ctm = mul(ctm, args as Matrix);
    else if (fn === ops.setFillRGBColor) fill = colourOf(args?.[0]);
    else if (fn === ops.setFillColorN || fn === ops.setFillTransparent) fill = -1;
    else if (fn === ops.paintFormXObjectBegin && args) {
      stack.push(ctm);
      fills.push(fill);
      const m = args[0] as Matrix | null;
      if (m && m.length === 6) ctm = mul(ctm, [...m] as Matrix);
    } else if (fn === ops.paintFormXObjectEnd) {
      ctm = stack.pop() ?? ctm;
      fill = fills.pop() ?? fill;
    } else if (
      fn === ops.paintImageXObject ||
      fn === ops.paintInlineImageXObject ||
      fn === ops.paintImageMaskXObject
    ) {
      const c = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
      const xs = c.map((p) => p[0]);
      const ys = c.map((p) => p[1]);
      images.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
      shapes++;
    } else if (fn === ops.constructPath && args) {
      const paint = args[0] as number;
      const isStroke = strokeOps.has(paint) || bothOps.has(paint);
      const isFill = fillOps.has(paint) || bothOps.has(paint);
      if (!isStroke && !isFill) continue;
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
      if (!data) continue;
      shapes++;
      readPath(data, isStroke, isFill, addRule, addFilledBox, addCurve);
    }
  }
  return { rules, rects, images, strokes };
}

/** A fill colour operand packed as 0xRRGGBB: pdf.js's '#rrggbb', the fast reader's number; -1 otherwise. */
function colourOf(arg: unknown): number {
  if (typeof arg === 'number') return arg;
  if (typeof arg === 'string' && /^#[0-9a-f]{6}$/i.test(arg)) return Number.parseInt(arg.slice(1), 16);
  return -1;
}

/** Path data in pdf.js DrawOPS: 0 moveTo x y, 1 lineTo x y, 2 curveTo 6, 3 quadraticCurveTo 4, 4 closePath. */
function readPath(
  data: ArrayLike<number>,
  isStroke: boolean,
  isFill: boolean,
  addRule: (ax: number, ay: number, bx: number, by: number) => void,
  addFilledBox: (pts: number[]) => void,
  addCurve: (ax: number, ay: number, bx: number, by: number) => void,
): void {
  let sub: number[] = [];
  let curved = false;
  const flush = () => {
    if (sub.length >= 4) {
      if (isStroke && !curved)
        for (let k = 2; k < sub.length; k += 2) addRule(sub[k - 2], sub[k - 1], sub[k], sub[k + 1]);
      else
        for (let k = 2; k < sub.length; k += 2)
          if (curved || (sub[k] !== sub[k - 2] && sub[k + 1] !== sub[k - 1]))
            addCurve(sub[k - 2], sub[k - 1], sub[k], sub[k + 1]);
      if (isFill && !curved && sub.length >= 6) addFilledBox(sub);
      else if (isFill && !curved && sub.length === 4) addRule(sub[0], sub[1], sub[2], sub[3]);
    }
    sub = [];
    curved = false;
  };
  let i = 0;
  while (i < data.length) {
    const op = data[i];
    if (op === 0) {
      flush();
      sub.push(data[i + 1], data[i + 2]);
      i += 3;
    } else if (op === 1) {
      sub.push(data[i + 1], data[i + 2]);
      i += 3;
    } else if (op === 2) {
      curved = true;
      sub.push(data[i + 5], data[i + 6]);
      i += 7;
    } else if (op === 3) {
      curved = true;
      sub.push(data[i + 3], data[i + 4]);
      i += 5;
    } else if (op === 4) {
      if (sub.length >= 2) sub.push(sub[0], sub[1]);
      i += 1;
    } else break;
  }
  flush();
}

export type { Matrix };
export { apply as applyMatrix, mul as multiplyMatrix };
