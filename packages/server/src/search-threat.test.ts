import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineServices, engineServices } from './services/engine.js';
import { postJson, type Running, startServer } from './testing/harness.js';

/**
 * Search-level threatProtection through the real engines: a loopback stand-in for SearXNG
 * (its documented JSON answer) lists two loopback pages, one under a blacklisted host; the
 * search scrapes both with the server's scraper, and only the other is fetched.
 */
let s: Running;
let services: EngineServices;
let site: Server;
let searx: Server;
const fetched: string[] = [];

beforeAll(async () => {
  site = createHttpServer((req, res) => {
    fetched.push(`${req.headers.host}${req.url}`);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      '<html><head><title>Tides</title></head><body><main><h1>Tides</h1><p>High water at six.</p></main></body></html>',
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const port = (site.address() as AddressInfo).port;
  searx = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        query: 'tides',
        results: [
          { url: `http://127.0.0.1:${port}/blocked`, title: 'Blocked', content: 'tides' },
          { url: `http://localhost:${port}/allowed`, title: 'Allowed', content: 'tides' },
        ],
      }),
    );
  });
  await new Promise<void>((r) => searx.listen(0, '127.0.0.1', r));
  services = engineServices({
    env: {},
    searxngUrl: `http://127.0.0.1:${(searx.address() as AddressInfo).port}`,
    allowPrivateUrls: true,
    dataDir: mkdtempSync(join(tmpdir(), 'distill-threat-')),
  });
  s = await startServer({
    services,
    apiKeys: [{ key: 'tp-key', features: ['threatProtection'] }],
  });
});

afterAll(async () => {
  await s?.close();
  await services?.close();
  site?.close();
  searx?.close();
});

describe('search-level threat protection', () => {
  it('applies to every URL the search scrapes: the blacklisted one is refused, the other scraped', async () => {
    const r = await postJson(
      s.url,
      '/v2/search',
      {
        query: 'tides',
        threatProtection: { blacklist: ['127.0.0.1'] },
        scrapeOptions: { formats: ['markdown'], maxAge: 0 },
      },
      { authorization: 'Bearer tp-key' },
    );
    expect(r.status).toBe(200);
    const web = (
      r.json.data as { web: { url: string; markdown: string | null; metadata: { error?: string } }[] }
    ).web;
    const blocked = web.find((w) => w.url.includes('/blocked'))!;
    const allowed = web.find((w) => w.url.includes('/allowed'))!;
    expect(blocked.markdown).toBeNull();
    expect(blocked.metadata.error).toMatch(/blacklist/);
    expect(allowed.markdown).toContain('High water at six.');
    expect(fetched.some((f) => f.endsWith('/blocked'))).toBe(false);
  });
});
