import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiDocument, type ValidatingProxy, validatingProxy } from './helpers/openapi.js';
import { distill, EXAMPLE, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// `distill serve` as a user starts it: the built command spawned as its own process with only
// an API key and an index, spoken to by the official `firecrawl` client from npm, unmodified.
// The client (and firecrawl-mcp) reach it through a proxy that checks every response against
// the server's own /v2/openapi.json; responses fetched directly are checked one by one.

const KEY = 'fd-test-key';
const MCP_KEY = 'fd-test-mcp-key';
let dir: string;
let served: Served;
let bare: Served;
let site: Server;
let siteUrl: string;
let client: Firecrawl;
let api: ApiDocument;
let proxy: ValidatingProxy;
/** Fetches from the server and checks the response against the OpenAPI document. */
async function checked(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: unknown; res: Response }> {
  const res = await fetch(url, init);
  const { problems, body } = await api.conforms(res, init?.method ?? 'GET');
  expect(problems).toEqual([]);
  return { status: res.status, body, res };
}

// A page whose words only exist after its JavaScript runs: a fetch sees an empty shell.
const JS_PAGE = `<!doctype html><html><head><title>Tide tables</title></head><body><div id="app"></div>
<script>
  const app = document.getElementById('app');
  app.innerHTML = '<h1>Tide tables for North Point</h1><p>High water is at 06:42 and 19:05; the spring tide peaks on the fourteenth, when the lower beach path floods for two hours either side of high water.</p><p>Rendered by script, so only a browser sees this paragraph about the causeway.</p>';
</script></body></html>`;

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-serve-'));
  const index = join(dir, 'idx');
  const built = await distill(['index', EXAMPLE, '--index', index]);
  expect(built.status, built.stderr).toBe(0);
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(JS_PAGE);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/tides`;
  // A second key, for firecrawl-mcp, that may use the tool catalogue (see below).
  const keysFile = join(dir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify([{ key: MCP_KEY, name: 'mcp', features: ['catalogue'] }]));
  [served, bare] = await Promise.all([
    serveProcess(
      ['--index', index, '--allow-private-urls', '--data-dir', join(dir, 'data'), '--keys-file', keysFile],
      {
        DISTILL_API_KEYS: KEY,
        DISTILL_INDEX: '',
      },
    ),
    serveProcess([], { DISTILL_API_KEYS: KEY, DISTILL_INDEX: '' }),
  ]);
  api = await ApiDocument.load(served.url);
  proxy = await validatingProxy(served.url, api);
  client = new Firecrawl({ apiKey: KEY, apiUrl: proxy.url });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  expect(await served?.stop()).toBe(0);
  await bare?.stop();
  site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('distill serve, spawned, with the official firecrawl client', { timeout: 120_000 }, () => {
  it('reports the live operations and their providers on /v2/health', async () => {
    const h = (await checked(`${served.url}/v2/health`)).body as {
      operations: Record<string, { live: boolean; provider?: string | null }>;
      state: { store: string };
    };
    expect(h.state.store).toBe('sqlite');
    expect(h.operations.parse?.live).toBe(true);
    expect(h.operations.search).toMatchObject({ live: true, provider: 'local-index' });
    expect(h.operations.scrape?.live).toBe(true);
  });

  it('parses a PDF, a DOCX and an HTML file', async () => {
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html']) {
      const doc = await client.parse({ data: readFileSync(join(EXAMPLE, f)), filename: f });
      expect(doc.markdown, f).toContain('Coastal Erosion');
      expect(doc.markdown, f).toMatch(/North Point \| 1\.8/);
    }
  });

  it('searches the local index and scrapes the results', async () => {
    const res = await client.search('coastal erosion north point', {
      limit: 5,
      scrapeOptions: { formats: ['markdown'] },
    });
    const web = (res.web ?? []) as { url: string; markdown?: string }[];
    expect(web.length).toBeGreaterThan(0);
    expect(web.map((r) => r.url).join(' ')).toContain('field-notes');
    expect(web[0]?.markdown).toContain('North Point');
  });

  it('scrapes a page that only a browser renders, with a screenshot served over HTTP', async () => {
    const doc = await client.scrape(siteUrl, {
      formats: ['markdown', { type: 'screenshot', fullPage: true }],
    });
    expect(doc.markdown).toContain('Rendered by script');
    const shot = doc.screenshot ?? '';
    expect(shot.startsWith(`${served.url}/v2/artifacts/`), shot).toBe(true);
    // The link is the capability: it downloads without the key, as a signed URL does.
    const png = await checked(shot);
    expect(png.status).toBe(200);
    expect(png.res.headers.get('content-type')).toBe('image/png');
    expect((png.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');
    // A guessed or altered name is not found.
    const guessed = await checked(shot.replace(/[A-Za-z0-9_-]{8}\.png$/, 'AAAAAAAA.png'));
    expect(guessed.status).toBe(404);
  });

  it('scrapes the same page without being told to use a browser', async () => {
    const doc = await client.scrape(siteUrl, { formats: ['markdown'] });
    expect(doc.markdown).toContain('Tide tables for North Point');
  });

  it('reports credit usage of a key without a budget as unlimited', async () => {
    const usage = await client.getCreditUsage();
    // null on the wire (no budget); the client reads it with `??`, so it arrives undefined.
    expect(usage.planCredits).toBeUndefined();
    const raw = await checked(`${served.url}/v2/team/credit-usage`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(raw.body).toMatchObject({ success: true, data: { remainingCredits: null, planCredits: null } });
  });

  it('answers errors through the client as catalogue errors the document describes', async () => {
    await expect(client.scrape('ftp://example.com/x')).rejects.toMatchObject({ status: 400 });
    const bad = new Firecrawl({ apiKey: 'not-a-key', apiUrl: proxy.url });
    await expect(bad.search('tides')).rejects.toMatchObject({ status: 401 });
    await expect(
      client.parse({ data: Buffer.from('MZ\x90\x00 not a document'), filename: 'setup.exe' }),
    ).rejects.toMatchObject({ status: 400 });
    const missing = await checked(`${served.url}/v2/nowhere`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(missing.status).toBe(404);
  });
});

// firecrawl-mcp, unmodified, pointed at the spawned server. 3.26.0 is the newest release; its
// package.json asks for Node >= 22, but it starts and answers on our Node 20 (this test is
// the proof), so the newest is the one pinned. Its search asks for the tool catalogue by
// default (sources web + "alexandria", the catalogue's name upstream), which the spec gates per
// key: a key without the catalogue feature gets 403, so its key here has it.
describe('firecrawl-mcp 3.26.0 against the spawned distill serve', { timeout: 120_000 }, () => {
  type CallResult = { content: { type: string; text?: string }[]; isError?: boolean };
  const text = (r: CallResult) => r.content.map((c) => c.text ?? '').join('\n');
  let mcp: Client;
  beforeAll(async () => {
    const entry = createRequire(import.meta.url).resolve('firecrawl-mcp/dist/index.js');
    mcp = new Client({ name: 'distill-tests', version: '1.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [entry],
        env: { ...process.env, FIRECRAWL_API_URL: proxy.url, FIRECRAWL_API_KEY: MCP_KEY } as Record<
          string,
          string
        >,
        stderr: 'pipe',
      }),
    );
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('scrapes through firecrawl_scrape', async () => {
    const r = (await mcp.callTool({
      name: 'firecrawl_scrape',
      arguments: { url: siteUrl, formats: ['markdown'] },
    })) as CallResult;
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('Tide tables for North Point');
  });

  it('searches the local index through firecrawl_search', async () => {
    const r = (await mcp.callTool({
      name: 'firecrawl_search',
      arguments: { query: 'coastal erosion', limit: 3 },
    })) as CallResult;
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('field-notes');
  });

  it('gets the spec’s 403 for the catalogue on a key without it, and web results with sources: ["web"]', async () => {
    const res = await checked(`${served.url}/v2/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'coastal erosion',
        sources: [{ type: 'web' }, { type: 'alexandria' }],
        toolDetail: 'compact',
      }),
    });
    expect(res.status).toBe(403);
    const web = (await mcp.callTool({
      name: 'firecrawl_search',
      arguments: { query: 'coastal erosion', limit: 3, sources: ['web'] },
    })) as CallResult;
    expect(web.isError, text(web)).toBeFalsy();
    expect(text(web)).toContain('field-notes');
  });

  it('parses a local file through firecrawl_parse', async () => {
    const r = (await mcp.callTool({
      name: 'firecrawl_parse',
      arguments: { filePath: join(EXAMPLE, 'field-notes.docx') },
    })) as CallResult;
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('Coastal Erosion');
  });
});

describe('distill serve with no search provider', { timeout: 60_000 }, () => {
  it('says so on /v2/health and answers search with an error that says how to configure one', async () => {
    const h = (await checked(`${bare.url}/v2/health`)).body as {
      operations: Record<string, { live: boolean }>;
    };
    expect(h.operations.search?.live).toBe(false);
    const res = await checked(`${bare.url}/v2/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'tides' }),
    });
    expect(res.status).toBe(501);
    const body = res.body as { success: boolean; code: string; error: string };
    expect(body).toMatchObject({ success: false, code: 'NOT_CONFIGURED' });
    expect(body.error).toContain('--index');
    expect(body.error).toContain('distill index');
  });
});

describe('every response relayed to the clients above', () => {
  it('conforms to /v2/openapi.json, for each route the tests exercised', () => {
    expect(proxy.problems).toEqual([]);
    const seen = new Set(api.checked.map((c) => `${c.method} ${c.path} ${c.status}`));
    for (const want of [
      'post /v2/parse 200',
      'post /v2/parse 400',
      'post /v2/search 200',
      'post /v2/search 401',
      'post /v2/search 403',
      'post /v2/search 501',
      'post /v2/scrape 200',
      'post /v2/scrape 400',
      'get /v2/health 200',
      'get /v2/team/credit-usage 200',
      'get /v2/artifacts/{name} 200',
      'get /v2/artifacts/{name} 404',
      'get /v2/nowhere 404',
    ])
      expect(seen, want).toContain(want);
  });
});
