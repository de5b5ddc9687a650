const ROMAN: readonly [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

/**
 * Lower-case roman numerals, shared by list numbering (DOCX) and page labels (PDF). Past 3999
 * the thousands repeat (one m per thousand), as Word and pdf.js write them; past `max` the
 * number is written in digits, so a hostile start value cannot make megabytes of m's.
 */
export function romanNumeral(n: number, max = Number.POSITIVE_INFINITY): string {
  if (n > max) return String(n);
  let out = '';
  let left = n;
  for (const [v, s] of ROMAN) {
    while (left >= v) {
      out += s;
      left -= v;
    }
  }
  return out;
}
