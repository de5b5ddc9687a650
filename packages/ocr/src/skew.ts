/** A text line's baseline from tesseract, in pixels. */
export interface Baseline {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Lines shorter than this share of the widest line are too short to measure a slope on. */
const MIN_LINE_SHARE = 0.25;
/** Fewer measurable lines than this give no skew: a figure's labels are no measure. */
const MIN_LINES = 3;

/**
 * The page's skew in radians, measured on the baselines of the lines tesseract read: the median
 * slope of the long lines, positive when lines fall to the right (image y points down). Zero when
 * too few lines can be measured.
 */
export function measureSkew(baselines: readonly Baseline[]): number {
  let widest = 0;
  for (const b of baselines) widest = Math.max(widest, b.x1 - b.x0);
  const slopes: number[] = [];
  for (const b of baselines) {
    const dx = b.x1 - b.x0;
    if (dx > 0 && dx >= MIN_LINE_SHARE * widest) slopes.push((b.y1 - b.y0) / dx);
  }
  if (slopes.length < MIN_LINES) return 0;
  slopes.sort((p, q) => p - q);
  return Math.atan(slopes[slopes.length >> 1]);
}

/**
 * Turns a point of an image skewed by `angle` (radians, see measureSkew) into the frame of the
 * image deskewed about its centre `cx, cy`: where tesseract would have seen it after turning the
 * image by -angle.
 */
export function deskewPoint(x: number, y: number, angle: number, cx: number, cy: number): [number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * c + dy * s, cy - dx * s + dy * c];
}
