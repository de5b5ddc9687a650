import { createServer as createHttpServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { csv, KEY, type Running, startServer } from '../testing/harness.js';
import { DistillClient } from './client.js';
import { DistillApiError } from './errors.js';
import { parseRetryAfter, retryDelayMs } from './retry.js';

/** A loopback HTTP server answering with a scripted list of statuses, then 200. */
async function scripted(
  answers: { status: number; headers?: Record<string, string> }[],
): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const a = answers[n++];
      if (!a) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data: { web: [] }, warning: null, id: 'x', creditsUsed: 0 }));
        return;
      }
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(JSON.stringify({ success: false, error: `status ${a.status}`, code: `C${a.status}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => n,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('retry policy', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('computes min(2^retry, 30) s plus up to 1 s of jitter, or Retry-After plus jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((r) => retryDelayMs(r, undefined, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(retryDelayMs(2, undefined, () => 0.5)).toBe(4500);
    expect(retryDelayMs(0, 7, () => 0.25)).toBe(7250);
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThanOrEqual(4);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('retries each retryable status, honouring Retry-After, then succeeds', async () => {
    const srv = await scripted([
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 500 },
      { status: 503 },
      { status: 408 },
    ]);
    close = srv.close;
    const waits: number[] = [];
    const client = new DistillClient({
      apiUrl: `${srv.url}/v2`,
      apiKey: 'k',
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
    });
    const r = await client.search({ query: 'x' });
    expect(r.success).toBe(true);
    expect(srv.hits()).toBe(5);
    expect(waits).toEqual([3500, 2500, 4500, 8500]);
  });

  it('gives up after 5 attempts with the last error', async () => {
    const srv = await scripted(Array.from({ length: 10 }, () => ({ status: 502 })));
    close = srv.close;
    const waits: number[] = [];
    const client = new DistillClient({
      apiUrl: srv.url,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
    });
    const err = await client.search({ query: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(DistillApiError);
    expect(err).toMatchObject({ status: 502, code: 'C502', attempts: 5 });
    expect(srv.hits()).toBe(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never retries other statuses', async () => {
    for (const status of [400, 401, 402, 403, 404, 409, 413, 422, 501]) {
      const srv = await scripted([{ status }, { status }]);
      const client = new DistillClient({ apiUrl: srv.url, sleep: async () => {}, random: () => 0 });
      const err = await client.search({ query: 'x' }).catch((e) => e);
      expect(err.status).toBe(status);
      expect(srv.hits()).toBe(1);
      await srv.close();
    }
  });
});

describe('DistillClient against the server', () => {
  let s: Running;
  afterEach(() => s.close());

  it('parses a file and surfaces catalogue errors', async () => {
    s = await startServer();
    const client = new DistillClient({ apiUrl: s.url, apiKey: KEY });
    const r = await client.parse({ data: csv, filename: 'a.csv' }, { formats: ['markdown'] });
    expect(r.data.markdown).toContain('| apple | 3 |');
    expect(r.creditsUsed).toBe(1);
    const bad = new DistillClient({ apiUrl: s.url, apiKey: 'wrong' });
    const err = await bad.parse({ data: csv, filename: 'a.csv' }).catch((e) => e);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized: Invalid token' });
    expect(await client.health()).toBe(true);
  });
});
