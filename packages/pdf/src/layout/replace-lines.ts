import type { Line } from './lines.js';

/**
 * The lines with some replaced: a line mapped to a new line gives that line in its place, a
 * line mapped to null is dropped (merged into another), any other is kept. Order is kept.
 */
export function replaceLines(lines: readonly Line[], replace: ReadonlyMap<Line, Line | null>): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const r = replace.get(l);
    if (r === undefined) out.push(l);
    else if (r) out.push(r);
  }
  return out;
}
