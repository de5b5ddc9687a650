import { HAS_LETTER } from './letter-tests.js';
import type { Line } from './lines.js';
import { replaceLines } from './replace-lines.js';

/** A page number closing a contents entry: arabic or roman, possibly after dot leaders. */
const PAGE_NO = /^(?:[.·…\s]*)(\d{1,4}|[ivxlcdm]{1,7})$/i;

/**
 * Contents pages set each entry's page number far to the right of its title, so the row
 * breaks into two fragments, and XY-cut may then read the numbers as a column of their own.
 * Where a page has at least three rows whose rightmost fragment is a bare page number and
 * those numbers end at nearly the same x (right-aligned, as contents pages set them), each
 * title and its number are joined back into one line, marked `toc` so it never becomes a
 * heading. Returns the lines with the joined rows replaced.
 */
export function joinContentsRows(lines: Line[]): Line[] {
  const upright = lines.filter((l) => !l.rotated).sort((a, b) => a.base - b.base);
  // Bounded work on hostile pages; a contents page has a few hundred lines at most.
  if (upright.length > 5000 || upright.filter((l) => PAGE_NO.test(l.text)).length > 1000) return lines;
  const maxSize = Math.max(...upright.map((l) => l.size));
  const pairs: { title: Line; num: Line }[] = [];
  for (let k = 0; k < upright.length; k++) {
    const num = upright[k];
    if (!PAGE_NO.test(num.text)) continue;
    const sameRow: Line[] = [];
    const near = (l: Line) => Math.abs(l.base - num.base) < 0.3 * Math.max(l.size, num.size);
    for (let j = k - 1; j >= 0 && num.base - upright[j].base < 0.3 * maxSize; j--)
      if (near(upright[j])) sameRow.push(upright[j]);
    for (let j = k + 1; j < upright.length && upright[j].base - num.base < 0.3 * maxSize; j++)
      if (near(upright[j])) sameRow.push(upright[j]);
    if (sameRow.some((l) => l.x0 > num.x0)) continue;
    const left = sameRow.filter((l) => l.x1 <= num.x0 + 1).sort((a, b) => b.x1 - a.x1)[0];
    if (!left || !HAS_LETTER.test(left.text) || PAGE_NO.test(left.text)) continue;
    pairs.push({ title: left, num });
  }
  if (pairs.length < 3) return lines;
  // The numbers of one contents column share a right edge; keep the largest such group.
  const groups = new Map<number, { title: Line; num: Line }[]>();
  for (const p of pairs) {
    const key = [...groups.keys()].find((k) => Math.abs(k - p.num.x1) <= Math.max(3, 0.6 * p.num.size));
    if (key === undefined) groups.set(p.num.x1, [p]);
    else groups.get(key)!.push(p);
  }
  const best = [...groups.values()].sort((a, b) => b.length - a.length)[0];
  if (best.length < 3) return lines;
  const replace = new Map<Line, Line | null>();
  for (const { title, num } of best) {
    if (replace.has(title) || replace.has(num)) continue;
    replace.set(title, {
      ...title,
      runs: [...title.runs, ...num.runs],
      text: `${title.text} ${num.text.replace(/^[.·…\s]+/, '')}`,
      x1: Math.max(title.x1, num.x1),
      y0: Math.min(title.y0, num.y0),
      y1: Math.max(title.y1, num.y1),
      toc: true,
    });
    replace.set(num, null);
  }
  return replaceLines(lines, replace);
}
