// F1 of two multisets (an OCR reading's words against the truth's, a reader's characters against
// another's), as the dev benches compare outputs.

/** The words of a text: letters and digits, lower-cased. */
export const words = (t: string): string[] => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** F1 of two bags of items (each counted as often as it occurs); two empty bags agree. */
export function bagF1(got: string[], want: string[]): number {
  const bag = new Map<string, number>();
  for (const w of want) bag.set(w, (bag.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of got) {
    const k = bag.get(w) ?? 0;
    if (k > 0) {
      hit++;
      bag.set(w, k - 1);
    }
  }
  return got.length + want.length ? (2 * hit) / (got.length + want.length) : 1;
}
