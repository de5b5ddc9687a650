import type { Box, Rule } from '../types.js';

/**
 * Ruling lines of a scanned page, found in its rendering: a scan has no drawing operators, so
 * the table grids that fast mode reads from the content stream must be seen in the pixels.
 * A rule is a long, thin run of dark pixels, horizontal or vertical; letters give short runs
 * and filled areas are too thick, so neither counts.
 */

/**
 * Luma this far below the paper's is a rule's ink: table rules are often a light grey (230 on
 * white), far lighter than text; thickness and length keep shading and letters out.
 */
const RULE_CONTRAST = 20;
/** Shortest rule, in inches: table rules span a column; letters and dashes are far shorter. */
const MIN_LENGTH_IN = 0.4;
/** Thickest rule, in inches (about 4 pt): thicker dark areas are fills or pictures. */
const MAX_THICK_IN = 0.055;
/** Pixels a run's ends may wander between rows of one rule (anti-aliasing, scan noise). */
const SLACK = 3;
/** Gaps this short (pixels) inside a run are scan dropouts, not the end of a rule. */
const GAP = 2;

interface Segment {
  a0: number;
  a1: number;
  start: number;
  end: number;
  /** Darkest pixel seen on the segment. */
  ink: number;
}

/**
 * Runs of dark pixels at least `min` long along the rows of `pixels` (`lines` rows of `length`
 * pixels from `offset`), per row, merged across neighbouring rows into segments. Read by index,
 * not through a pixel callback: on a scanned page this walk was the costliest thing distill did
 * besides tesseract (about 0.08 CPU s a page through the callback).
 */
function segments(
  pixels: Uint8Array,
  offset: number,
  lines: number,
  length: number,
  min: number,
  dark: number,
): Segment[] {
  const done: Segment[] = [];
  let active: Segment[] = [];
  for (let line = 0; line < lines; line++) {
    const next: Segment[] = [];
    const row = offset + line * length;
    let i = 0;
    while (i < length) {
      if (pixels[row + i] >= dark) {
        i++;
        continue;
      }
      const a0 = i;
      let last = i;
      let ink = 255;
      while (i < length) {
        const v = pixels[row + i];
        if (v >= dark && i - last > GAP) break;
        if (v < dark) last = i;
        if (v < ink) ink = v;
        i++;
      }
      const a1 = last;
      if (a1 - a0 + 1 < min) continue;
      const prev = active.find((s) => Math.abs(s.a0 - a0) <= SLACK && Math.abs(s.a1 - a1) <= SLACK);
      if (prev) {
        prev.end = line;
        prev.a0 = Math.min(prev.a0, a0);
        prev.a1 = Math.max(prev.a1, a1);
        prev.ink = Math.min(prev.ink, ink);
        next.push(prev);
        active = active.filter((s) => s !== prev);
      } else next.push({ a0, a1, start: line, end: line, ink });
    }
    done.push(...active);
    active = next;
  }
  done.push(...active);
  return done;
}

/**
 * The image's pixels column by column (a column a row), so the columns are walked in memory
 * order: walking them in place touches a new cache line every pixel. Transposed in tiles.
 */
function transpose(image: Uint8Array, offset: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const T = 64;
  for (let y0 = 0; y0 < h; y0 += T)
    for (let x0 = 0; x0 < w; x0 += T) {
      const y1 = Math.min(h, y0 + T);
      const x1 = Math.min(w, x0 + T);
      for (let y = y0; y < y1; y++) {
        const row = offset + y * w;
        for (let x = x0; x < x1; x++) out[x * h + y] = image[row + x];
      }
    }
  return out;
}

/**
 * The long dark runs of a grey image, along its rows and its columns, with the paper's grey: what
 * findImageLines and eraseGrid both start from. Found once per page and given to both, since
 * walking every pixel twice each way cost as much as the rest of the two together.
 */
export interface PixelRuns {
  paper: number;
  rows: Segment[];
  cols: Segment[];
}

export function pixelRuns(
  image: Uint8Array,
  offset: number,
  widthPx: number,
  heightPx: number,
  dpi: number,
): PixelRuns {
  const min = Math.max(8, Math.round(MIN_LENGTH_IN * dpi));
  // The paper: the most common grey (sampled).
  const hist = new Uint32Array(256);
  for (let i = offset; i < image.length; i += 7) hist[image[i]]++;
  let paper = 0;
  for (let g = 1; g < 256; g++) if (hist[g] > hist[paper]) paper = g;
  const dark = Math.max(60, paper - RULE_CONTRAST);
  return {
    paper,
    rows: segments(image, offset, heightPx, widthPx, min, dark),
    cols: segments(transpose(image, offset, widthPx, heightPx), 0, widthPx, heightPx, min, dark),
  };
}

/** Rules with ink this dark are rules wherever they are; lighter ones only in a grid. */
const STRONG_INK = 140;

const crosses = (h: Rule, v: Rule) =>
  v.x0 >= h.x0 - 3 && v.x0 <= h.x1 + 3 && h.y0 >= v.y0 - 3 && h.y0 <= v.y1 + 3;

/**
 * Light rules (a pale grey, like a chart's gridlines) count only where they form a grid of
 * their own: two or more light rules each way that cross two or more light rules of the other
 * way, as a table drawn in pale lines does. A chart's pale gridlines run one way (its bars,
 * however thin, are dark) and would make a table of it.
 */
function keepLightRules(strong: Rule[], light: Rule[]): Rule[] {
  const horizontal = (r: Rule) => r.y0 === r.y1;
  const hs = light.filter(horizontal);
  const vs = light.filter((r) => !horizontal(r));
  const gridH = hs.filter((h) => vs.filter((v) => crosses(h, v)).length >= 2).length;
  const gridV = vs.filter((v) => hs.filter((h) => crosses(h, v)).length >= 2).length;
  return gridH >= 2 && gridV >= 2 ? [...strong, ...light] : strong;
}

/** Tallest shaded band taken for a filled cell or row, in inches; taller ones are pictures. */
const MAX_FILL_IN = 1;

/**
 * Rules and filled rectangles (shaded cells and zebra rows of a table, whose edges are its
 * grid when it has no rules) of a grey image, as fast mode reads them from drawing operators.
 */
export function findImageLines(
  image: Uint8Array,
  offset: number,
  widthPx: number,
  heightPx: number,
  dpi: number,
  k: number,
  runs = pixelRuns(image, offset, widthPx, heightPx, dpi),
): { rules: Rule[]; rects: Box[] } {
  const thick = Math.max(2, Math.round(MAX_THICK_IN * dpi));
  const rules: Rule[] = [];
  const light: Rule[] = [];
  const { rows, cols } = runs;
  const rects: Box[] = [];
  const maxFill = Math.round(MAX_FILL_IN * dpi);
  for (const s of rows) {
    const h = s.end - s.start + 1;
    if (h > thick) {
      if (h <= maxFill)
        rects.push({ x0: s.a0 * k, y0: s.start * k, x1: (s.a1 + 1) * k, y1: (s.end + 1) * k });
      continue;
    }
    const y = ((s.start + s.end + 1) / 2) * k;
    (s.ink < STRONG_INK ? rules : light).push({ x0: s.a0 * k, x1: (s.a1 + 1) * k, y0: y, y1: y });
  }
  for (const s of cols) {
    if (s.end - s.start + 1 > thick) continue;
    const x = ((s.start + s.end + 1) / 2) * k;
    (s.ink < STRONG_INK ? rules : light).push({ x0: x, x1: x, y0: s.a0 * k, y1: (s.a1 + 1) * k });
  }
  return { rules: keepLightRules(rules, light), rects };
}

/**
 * A copy of a grey image with its ruling lines painted over in the paper's grey, or undefined
 * when the page draws no grid. Tesseract takes a boxed table for a picture and reads none of
 * its cells; without the grid it reads them as text, and layout still has the rules (found on
 * the image as it was) to build the table from. Only thin runs go (those `findImageLines`
 * calls rules), so letters, fills and pictures stay as they are.
 */
export function eraseGrid(
  image: Uint8Array,
  offset: number,
  widthPx: number,
  heightPx: number,
  dpi: number,
  runs = pixelRuns(image, offset, widthPx, heightPx, dpi),
): Uint8Array | undefined {
  const thick = Math.max(2, Math.round(MAX_THICK_IN * dpi));
  const { paper } = runs;
  const thin = (s: Segment) => s.end - s.start + 1 <= thick;
  const hs = runs.rows.filter(thin);
  const vs = runs.cols.filter(thin);
  // A grid: two rules each way or more, each crossing two of the other way.
  const cross = (h: Segment, v: Segment) =>
    v.start >= h.a0 - SLACK && v.start <= h.a1 + SLACK && h.start >= v.a0 - SLACK && h.start <= v.a1 + SLACK;
  const gridH = hs.filter((h) => vs.filter((v) => cross(h, v)).length >= 2).length;
  const gridV = vs.filter((v) => hs.filter((h) => cross(h, v)).length >= 2).length;
  if (gridH < 2 || gridV < 2) return undefined;
  const out = image.slice();
  // One pixel beyond each edge: the rule's anti-aliased fringe would read as a stroke.
  const paint = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = Math.max(0, y0 - 1); y <= Math.min(heightPx - 1, y1 + 1); y++)
      for (let x = Math.max(0, x0 - 1); x <= Math.min(widthPx - 1, x1 + 1); x++) {
        const i = offset + y * widthPx + x;
        if (out[i] < paper) out[i] = paper;
      }
  };
  for (const s of hs) paint(s.a0, s.a1, s.start, s.end);
  for (const s of vs) paint(s.start, s.end, s.a0, s.a1);
  return out;
}
