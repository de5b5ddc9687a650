import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

describe('heavy dependencies load lazily', () => {
  it('playwright-core is only imported for types or dynamically on first browser use', () => {
    const here = new URL('.', import.meta.url).pathname;
    for (const f of files(here)) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'playwright-core'/gms)) {
        expect(m[1], `${f} imports playwright-core eagerly`).toBe('type ');
      }
    }
    expect(readFileSync(join(here, 'browser/pool.ts'), 'utf8')).toContain("await import('playwright-core')");
  });
});
