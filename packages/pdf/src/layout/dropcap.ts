import { asciiTwin } from '@distill/core';
import { changedRun } from '../run-shape.js';
import type { TextRun } from '../types.js';
import { STARTS_LOWER } from './letter-tests.js';

/** One capital letter, as a drop cap is. */
const ONE_CAPITAL = asciiTwin(String.raw`^\p{Lu}$`, 'u');

/**
 * A drop cap is the first letter of a paragraph set several lines tall beside it. Left alone
 * it is a one-letter line of its own ("T" then "his report…"); moved onto the baseline of the
 * first line it sits beside, it joins that line's first word ("This report…"). Returns the
 * runs with each drop cap so moved.
 */
export function placeDropCaps(runs: readonly TextRun[]): TextRun[] {
  const sizes = runs
    .filter((r) => !r.rotated)
    .map((r) => r.size)
    .sort((a, b) => a - b);
  if (sizes.length < 4) return runs as TextRun[];
  const typical = sizes[Math.floor(sizes.length / 2)];
  let out: TextRun[] | undefined;
  runs.forEach((cap, i) => {
    if (cap.rotated || !ONE_CAPITAL.test(cap.text.trim()) || cap.size < 2.5 * typical) return;
    // The first line beside it: starts just right of the letter, its middle within the letter's height.
    let first: TextRun | undefined;
    for (const r of runs) {
      if (r === cap || r.rotated || r.size > 1.5 * typical) continue;
      const cy = (r.y0 + r.y1) / 2;
      if (r.x0 < cap.x1 - 1 || r.x0 > cap.x1 + 2 * r.size || cy < cap.y0 || cy > cap.y1) continue;
      if (!first || r.base < first.base - 0.5 || (Math.abs(r.base - first.base) <= 0.5 && r.x0 < first.x0))
        first = r;
    }
    if (!first || !STARTS_LOWER.test(first.text)) return;
    out ??= runs.slice();
    out[i] = changedRun(cap, {
      text: cap.text.trim(),
      x0: first.x0 - first.size * 0.6,
      x1: first.x0,
      y0: first.y0,
      y1: first.y1,
      base: first.base,
      size: first.size,
    });
  });
  return out ?? (runs as TextRun[]);
}
