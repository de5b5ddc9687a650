/** The median of `values` (the upper one of an even count); 10, a body size, when there is none. */
export function median(values: readonly number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 10;
}
