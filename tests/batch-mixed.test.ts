import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCase } from '../benchmarks/src/fuzz/campaign.js';
import { loadSeeds } from '../benchmarks/src/fuzz/seeds.js';
import { distill, ROOT } from './helpers/spawn.js';

// Issue 23: a batch over a folder that mixes 200 good files with 200 fuzzed ones, through the
// built `distill batch DIR --out OUT`: every good file is converted, every other file is in
// manifest.jsonl, converted or with its catalogue error (never UNKNOWN_ERROR), and the batch ends.
// The fuzzed files are made from the repository's fixtures only (seeded), so the test needs no corpora.

const dir = mkdtempSync(join(tmpdir(), 'distill-batch-mixed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Entry {
  path: string;
  status: 'ok' | 'error';
  code?: string;
  error?: string;
}

describe('distill batch over 200 good and 200 fuzzed files', () => {
  it(
    'converts every good file and lists every fuzzed one with its outcome',
    async () => {
      const input = join(dir, 'in');
      const out = join(dir, 'out');
      mkdirSync(input);
      const fixtures = ['fixtures/example', 'fixtures/office-roundtrip'].flatMap((d) =>
        readdirSync(join(ROOT, d))
          .filter((f) => !f.endsWith('.md'))
          .map((f) => join(ROOT, d, f)),
      );
      const good = new Set<string>();
      for (let i = 0; i < 200; i++) {
        const src = fixtures[i % fixtures.length];
        const name = `good-${String(i).padStart(3, '0')}-${src.split('/').pop()}`;
        copyFileSync(src, join(input, name));
        good.add(name);
      }
      const seeds = loadSeeds(ROOT, undefined);
      const fuzzed = new Set<string>();
      for (let i = 0; fuzzed.size < 200; i++) {
        const c = makeCase(seeds, 4242, i);
        if (!c) continue;
        const name = `fuzz-${String(i).padStart(4, '0')}.${c.ext}`;
        writeFileSync(join(input, name), c.bytes);
        fuzzed.add(name);
      }
      const ran = await distill(['batch', input, '--out', out, '--concurrency', '2'], {
        timeoutMs: 14 * 60_000,
      });
      const manifest = readFileSync(join(out, 'manifest.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry);
      const byName = new Map(manifest.map((e) => [e.path.split('/').pop()!, e]));
      const failedGood = [...good].filter((n) => byName.get(n)?.status !== 'ok');
      expect(failedGood, ran.stderr.slice(-2000)).toEqual([]);
      const missing = [...fuzzed].filter((n) => !byName.has(n));
      expect(missing).toEqual([]);
      const unclean = [...fuzzed]
        .map((n) => byName.get(n)!)
        .filter((e) => e.status === 'error' && (!e.code || e.code === 'UNKNOWN_ERROR'));
      expect(unclean).toEqual([]);
      const errors = [...fuzzed].map((n) => byName.get(n)!).filter((e) => e.status === 'error');
      const codes: Record<string, number> = {};
      for (const e of errors) codes[e.code!] = (codes[e.code!] ?? 0) + 1;
      console.log(
        `mixed batch: ${good.size} good converted; fuzzed ${fuzzed.size - errors.length} converted, ${errors.length} catalogue errors ${JSON.stringify(codes)}; exit ${ran.status}`,
      );
    },
    15 * 60_000,
  );
});
