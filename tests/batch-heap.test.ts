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
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// Issue 23: every batch worker thread has a bounded heap, so a file that needs more fails alone
// with a catalogue error while the other files are converted. Through the built CLI, with a cap
// small enough for a 2.6 MB CSV (800,000 cells, inside the CSV cell budget) to exceed it.

const dir = mkdtempSync(join(tmpdir(), 'distill-batch-heap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Entry {
  path: string;
  status: 'ok' | 'error';
  code?: string;
  error?: string;
  retryable?: boolean;
}

describe('distill batch with a heap cap per worker', () => {
  it(
    'a file that exhausts its worker heap fails alone with PAYLOAD_TOO_LARGE; the good files are converted',
    async () => {
      requireBuilt();
      const input = join(dir, 'in');
      const out = join(dir, 'out');
      mkdirSync(input);
      const good = readdirSync(EXAMPLE);
      for (const f of good) copyFileSync(join(EXAMPLE, f), join(input, f));
      const rows = Array.from(
        { length: 80_000 },
        (_, i) => `r${i},${Array.from({ length: 9 }, (_, j) => `v${j}`).join(',')}`,
      );
      writeFileSync(join(input, 'heavy.csv'), rows.join('\n'));
      // One thread, so the heavy file and the good ones share it one after another: the thread
      // that died is replaced and the files after it are still converted.
      const ran = await distill(['batch', input, '--out', out, '--concurrency', '1', '--max-heap-mb', '64'], {
        timeoutMs: 8 * 60_000,
      });
      expect(ran.status, ran.stderr).toBe(1);
      const manifest = readFileSync(join(out, 'manifest.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Entry);
      const byName = new Map(manifest.map((e) => [e.path.split('/').pop()!, e]));
      for (const f of good) expect(byName.get(f)?.status, `${f}: ${byName.get(f)?.error}`).toBe('ok');
      const heavy = byName.get('heavy.csv');
      expect(heavy?.status).toBe('error');
      expect(heavy?.code).toBe('PAYLOAD_TOO_LARGE');
      expect(heavy?.error).toMatch(/more memory than a worker may use \(64 MB heap\)/);
      expect(heavy?.retryable).toBe(false);
      expect(ran.stderr).toMatch(/heavy\.csv: PAYLOAD_TOO_LARGE/);
    },
    10 * 60_000,
  );

  it('--max-heap-mb outside 64..16384 is a usage error', async () => {
    requireBuilt();
    const ran = await distill(['batch', EXAMPLE, '--out', join(dir, 'x'), '--max-heap-mb', '8']);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toMatch(/--max-heap-mb takes a whole number from 64 to 16384/);
  });
});
