import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, type Served, serveProcess } from './helpers/spawn.js';

// Issue 23, finding 4: one input cannot take `distill serve` down. The built command is spawned
// as a user starts it; a 49 MB CSV (which used to block the event loop and kill the process)
// is posted while /v2/health is polled and a small file is parsed at the same time.

const KEY = 'k';
let served: Served;
let starved: Served;

/** 49 MB of CSV: 10 columns, about 2.3 million rows. */
function bigCsv(): Buffer {
  const row = 'alpha,beta,1234.5,gamma,delta,67890,epsilon,zeta,eta,theta\n';
  const n = Math.ceil((49 * 1024 * 1024) / row.length);
  return Buffer.from(`c0,c1,c2,c3,c4,c5,c6,c7,c8,c9\n${row.repeat(n)}`);
}

async function post(base: string, data: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([data]), filename);
  const res = await fetch(`${base}/v2/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      success: boolean;
      code?: string;
      error?: string;
      data?: { markdown?: string; warning?: string };
    },
  };
}

/** Polls /v2/health until `done` settles; returns the slowest answer and the failures. */
async function pollHealth(base: string, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let slowest = 0;
  let polls = 0;
  let failures = 0;
  while (!finished) {
    const t0 = performance.now();
    try {
      const r = await fetch(`${base}/v2/health`, { signal: AbortSignal.timeout(10_000) });
      if (r.status !== 200) failures++;
      await r.arrayBuffer();
    } catch {
      failures++;
    }
    slowest = Math.max(slowest, performance.now() - t0);
    polls++;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { slowest, polls, failures };
}

beforeAll(async () => {
  [served, starved] = await Promise.all([
    serveProcess([], { DISTILL_API_KEYS: KEY }),
    // A worker heap far too small for the big CSV: its parse must fail alone.
    serveProcess([], { DISTILL_API_KEYS: KEY, DISTILL_PARSE_HEAP_MB: '48' }),
  ]);
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await starved?.stop();
});

describe('distill serve survives anything one input does', { timeout: 300_000 }, () => {
  const csv = bigCsv();
  const small = readFileSync(join(EXAMPLE, 'field-notes.docx'));

  it('a 49 MB CSV is parsed (capped, with a warning) while health answers and a small file parses', async () => {
    expect(csv.length).toBeGreaterThan(49 * 1024 * 1024);
    const big = post(served.url, csv, 'big.csv');
    const health = pollHealth(served.url, big);
    await new Promise((r) => setTimeout(r, 300));
    const other = await post(served.url, small, 'field-notes.docx');
    expect(other.status).toBe(200);
    expect(other.body.data?.markdown).toContain('Coastal Erosion');
    const b = await big;
    const h = await health;
    expect(b.status, JSON.stringify(b.body).slice(0, 300)).toBe(200);
    expect(b.body.data?.warning).toMatch(/CSV cut at 500,000 cells/);
    expect(h.failures).toBe(0);
    // Health answered several times while the big parse ran (before, the event loop was blocked
    // and it answered none); how fast it answered is a benchmark's business, not a test's.
    expect(h.polls).toBeGreaterThan(3);
    console.log(`49 MB CSV: health polled ${h.polls} times, slowest ${Math.round(h.slowest)} ms`);
  });

  it('a parse that exhausts its worker heap fails alone with 413; health and other parses go on', async () => {
    const big = post(starved.url, csv, 'big.csv');
    const health = pollHealth(starved.url, big);
    const b = await big;
    const h = await health;
    expect(b.status).toBe(413);
    expect(b.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(h.failures).toBe(0);
    const after = await post(starved.url, small, 'field-notes.docx');
    expect(after.status).toBe(200);
    expect(after.body.data?.markdown).toContain('Coastal Erosion');
    const alive = await fetch(`${starved.url}/v2/health`);
    expect(alive.status).toBe(200);
    expect(starved.child.exitCode).toBeNull();
  });
});
