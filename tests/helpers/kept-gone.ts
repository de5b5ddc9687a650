import { expect } from 'vitest';

/**
 * The main-content tests' one assertion: each of `kept` stands in the output and none of
 * `gone` does, each failure naming the snippet.
 */
export function expectKeptGone(out: string, kept: readonly string[], gone: readonly string[] = []): void {
  for (const k of kept) expect(out, k).toContain(k);
  for (const g of gone) expect(out, g).not.toContain(g);
}
