import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Served, serveProcess } from './helpers/spawn.js';

// The spawned `distill serve` as an operator meets it: request ids that join logs up, and a
// shutdown that answers new requests 503 while the ones in flight finish.

const KEY = 'lifecycle-key';
let slow: Server;
let slowUrl: string;
// Resolved when the slow page is asked for: the scrape is then in flight inside the server.
let asked: () => void;
const fetched = new Promise<void>((r) => {
  asked = r;
});

beforeAll(async () => {
  // A page that takes two seconds to answer: a request in flight while the server drains.
  slow = createServer((_req, res) => {
    asked();
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        '<html><body><main><h1>Slow page</h1><p>It took its time, but every word of this paragraph arrived in the end.</p></main></body></html>',
      );
    }, 2000);
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`;
});
afterAll(() => {
  slow?.close();
});

describe('distill serve, spawned: request ids and draining', { timeout: 60_000 }, () => {
  let s: Served;
  beforeAll(async () => {
    s = await serveProcess(['--allow-private-urls'], { DISTILL_API_KEYS: KEY });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const ok = await fetch(`${s.url}/v2/health`, { headers: { 'x-request-id': 'job-42.retry:1' } });
    expect(ok.headers.get('x-request-id')).toBe('job-42.retry:1');
    expect(((await ok.json()) as { id: string }).id).toBe('job-42.retry:1');
    const bad = await fetch(`${s.url}/v2/health`, { headers: { 'x-request-id': 'x'.repeat(300) } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('on SIGTERM answers new requests 503 with Retry-After, finishes the one in flight, then exits 0', async () => {
    const inflight = fetch(`${s.url}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: slowUrl, formats: ['markdown'], proxy: 'basic', maxAge: 0 }),
    });
    await fetched;
    const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
    s.child.kill('SIGTERM');
    // The signal is handled on the server's event loop, after whatever it is doing: ask until
    // the drain has begun (each answer before that is an ordinary 200).
    let refused = await fetch(`${s.url}/v2/health`);
    while (refused.status === 200) {
      await refused.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
      refused = await fetch(`${s.url}/v2/health`);
    }
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { error: string }).error).toContain('shutting down');
    const done = await inflight;
    expect(done.status).toBe(200);
    expect(((await done.json()) as { data: { markdown: string } }).data.markdown).toContain('every word');
    expect(await exited).toBe(0);
  });
});
