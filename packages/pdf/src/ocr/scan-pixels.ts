/**
 * Grey pixel work for scans read without pdf.js (scan-image.ts): resampling to the resolution
 * OCR reads at, and turning by quarter turns.
 */

/** Source pixels and 14-bit weights of each output pixel along one axis. */
interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Int32Array;
  width: number;
}

const ONE = 1 << 14;

/**
 * A triangle filter as wide as the scale on a shrink (each output pixel averages the source
 * pixels it covers, as a canvas draws an image smaller) and bilinear on an enlargement.
 */
function taps(src: number, dst: number): Taps {
  const scale = src / dst;
  const support = Math.max(1, scale);
  const width = Math.ceil(support) * 2 + 1;
  const start = new Int32Array(dst);
  const count = new Int32Array(dst);
  const weights = new Int32Array(dst * width);
  const raw = new Float64Array(width);
  for (let i = 0; i < dst; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const lo = Math.max(0, Math.ceil(centre - support));
    const hi = Math.min(src - 1, Math.floor(centre + support));
    let sum = 0;
    let n = 0;
    for (let s = lo; s <= hi && n < width; s++, n++) {
      raw[n] = Math.max(0, 1 - Math.abs(s - centre) / support);
      sum += raw[n];
    }
    start[i] = lo;
    count[i] = n;
    // Integer weights summing to exactly ONE, so flat areas stay exactly their grey.
    let given = 0;
    for (let k = 0; k < n; k++) {
      const w = sum > 0 ? Math.round((raw[k] / sum) * ONE) : k === 0 ? ONE : 0;
      weights[i * width + k] = w;
      given += w;
    }
    if (n > 0) weights[i * width] += ONE - given;
  }
  return { start, count, weights, width };
}

/** `src` (sw x sh grey) resampled to dw x dh, written into `out` from `at`. */
export function resampleGrey(
  src: Uint8Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
  out: Uint8Array,
  at: number,
): void {
  const tx = taps(sw, dw);
  const ty = taps(sh, dh);
  // Rows first (each source row to dw samples), then columns.
  const mid = new Uint8Array(dw * sh);
  for (let y = 0; y < sh; y++) {
    const row = y * sw;
    for (let x = 0; x < dw; x++) {
      let acc = 0;
      const s0 = row + tx.start[x];
      const wk = x * tx.width;
      for (let k = 0; k < tx.count[x]; k++) acc += src[s0 + k] * tx.weights[wk + k];
      mid[y * dw + x] = (acc + ONE / 2) >> 14;
    }
  }
  for (let y = 0; y < dh; y++) {
    const s0 = ty.start[y];
    const wk = y * ty.width;
    const n = ty.count[y];
    const o = at + y * dw;
    for (let x = 0; x < dw; x++) {
      let acc = 0;
      for (let k = 0; k < n; k++) acc += mid[(s0 + k) * dw + x] * ty.weights[wk + k];
      out[o + x] = (acc + ONE / 2) >> 14;
    }
  }
}

/**
 * `src` (w x h grey) turned clockwise by `degrees`, written into `out` from `at`; the result is
 * h x w for a quarter turn.
 */
export function turnGrey(
  src: Uint8Array,
  w: number,
  h: number,
  degrees: 0 | 90 | 180 | 270,
  out: Uint8Array,
  at: number,
): void {
  if (degrees === 0) {
    out.set(src.subarray(0, w * h), at);
    return;
  }
  if (degrees === 180) {
    for (let i = 0, n = w * h; i < n; i++) out[at + n - 1 - i] = src[i];
    return;
  }
  // A quarter turn: the output is h wide. Clockwise, source (x, y) lands at (h-1-y, x);
  // anticlockwise (270), at (y, w-1-x).
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (degrees === 90) for (let x = 0; x < w; x++) out[at + x * h + (h - 1 - y)] = src[row + x];
    else for (let x = 0; x < w; x++) out[at + (w - 1 - x) * h + y] = src[row + x];
  }
}
