import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the shared corpora live for tests: `../shared/corpora` beside the checkout (vitest runs
 * from the repo root), or DISTILL_CORPORA. Not exported from the package: tests import it directly.
 */
export const CORPORA = process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora');
export const hasCorpora = existsSync(CORPORA);

export function corpusPath(...parts: string[]): string {
  return join(CORPORA, ...parts);
}

/** Every file below a corpus folder, sorted. */
export function corpusFiles(...parts: string[]): string[] {
  const root = corpusPath(...parts);
  const out: string[] = [];
  const stack = [root];
  while (stack.length) {
    const d = stack.pop()!;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else out.push(p);
    }
  }
  return out.sort();
}
