import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, type Served, serveProcess } from './helpers/spawn.js';

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

/**
 * The environment of a `distill serve` whose install lacks `packages`: a preloaded hook makes
 * them fail to resolve as a missing package does, and the server's own code runs unchanged.
 */
const without = (packages: string) => ({
  NODE_OPTIONS: `--import ${pathToFileURL(resolve(import.meta.dirname, 'helpers/hide-packages.mjs')).href}`,
  DISTILL_TEST_HIDE_PACKAGES: packages,
  DISTILL_API_KEYS: KEY,
  DISTILL_REDIS_URL: '',
  DISTILL_QUEUE: '',
});

describe('distill serve, spawned, when optional packages are missing', { timeout: 90_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'distill-fallback-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('without better-sqlite3 starts with state in memory, says so in /v2/health, and serves', async () => {
    const data = join(dir, 'no-sqlite');
    const s = await serveProcess(['--data-dir', data], without('better-sqlite3'));
    try {
      const health = (await (await fetch(`${s.url}/v2/health`)).json()) as { state: { store: string } };
      expect(health.state.store).toBe('memory');
      expect(existsSync(join(data, 'state.sqlite'))).toBe(false);
      // Parsing (in worker threads, which get the same hook) and credits still work.
      const client = new Firecrawl({ apiKey: KEY, apiUrl: s.url });
      const doc = await client.parse({ data: Buffer.from('a,b\n1,2\n'), filename: 'x.csv' });
      expect(doc.markdown).toContain('| a | b |');
    } finally {
      await s.stop();
    }
    // The control: the same command with the package visible keeps its state in the file.
    const c = await serveProcess(['--data-dir', data], without(''));
    try {
      const health = (await (await fetch(`${c.url}/v2/health`)).json()) as { state: { store: string } };
      expect(health.state.store).toBe('sqlite');
      expect(existsSync(join(data, 'state.sqlite'))).toBe(true);
    } finally {
      await c.stop();
    }
  });

  it('--queue without bullmq stops at start with a message naming the package to add', async () => {
    // Nothing listens on port 1: the check comes before any connection is tried.
    const r = await distill(['serve', '--port', '0', '--queue', 'redis://127.0.0.1:1/q'], {
      env: without('bullmq'),
      timeoutMs: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'distill serve: --queue needs the package bullmq, which is not installed. Add it with: npm i bullmq',
    );
    expect(r.stderr).not.toContain('listening');
  });
});
