import { parseOptionsSchema, validate } from '@distill/core';
import { afterAll, describe, expect, it } from 'vitest';
import { ParsePool } from './parse-pool.js';

// The pool's memory at rest: a thread that worked and then sat idle is ended (its heap goes
// with it), and the last one is replaced by a fresh thread so the next request finds one warm.

const pool = new ParsePool({ size: 2, idleMs: 300 });
afterAll(() => pool.close());

const csv = (n: number) => ({
  bytes: new TextEncoder().encode(
    `id,name\n${Array.from({ length: n }, (_, i) => `${i},row ${i}`).join('\n')}\n`,
  ),
  filename: 'rows.csv',
  options: validate(parseOptionsSchema, {}, 'options'),
  maxBytes: 50 * 1024 * 1024,
});

/** Resolves once the pool's threads differ from `before` (polled; the test's timeout bounds it). */
async function replaced(before: number[]): Promise<number[]> {
  for (;;) {
    const now = pool.threadIds();
    if (now.length > 0 && now.every((id) => !before.includes(id))) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('ParsePool at rest', { timeout: 60_000 }, () => {
  it('ends threads that sat idle after a job and keeps one fresh thread warm', async () => {
    const [a, b] = await Promise.all([pool.parse(csv(10)), pool.parse(csv(20))]);
    expect(a.data.markdown).toContain('row 9');
    expect(b.data.markdown).toContain('row 19');
    const busy = pool.threadIds();
    expect(busy).toHaveLength(2);
    const fresh = await replaced(busy);
    expect(fresh).toHaveLength(1);
    // The fresh thread has parsed nothing, so it is not ended in turn: it serves the next job.
    await new Promise((r) => setTimeout(r, 900));
    expect(pool.threadIds()).toEqual(fresh);
    expect((await pool.parse(csv(5))).data.markdown).toContain('row 4');
  });
});
