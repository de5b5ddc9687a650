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
import { distill, EXAMPLE, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// `distill serve` as a user starts it: the built command spawned as its own process with only
// an API key and an index, spoken to by the official `firecrawl` client from npm, unmodified.

const KEY = 'fd-test-key';
const MCP_KEY = 'fd-test-mcp-key';
let dir: string;
let served: Served;
let bare: Served;
let site: Server;
let siteUrl: string;
let client: Firecrawl;

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
  client = new Firecrawl({ apiKey: KEY, apiUrl: served.url });
}, 120_000);

afterAll(async () => {
  expect(await served?.stop()).toBe(0);
  await bare?.stop();
  site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('distill serve, spawned, with the official firecrawl client', { timeout: 120_000 }, () => {
  it('reports the live operations and their providers on /v2/health', async () => {
    const h = (await (await fetch(`${served.url}/v2/health`)).json()) as {
      operations: Record<string, { live: boolean; provider?: string | null }>;
    };
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
    const png = await fetch(shot);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // A guessed or altered name is not found.
    const guessed = await fetch(shot.replace(/[A-Za-z0-9_-]{8}\.png$/, 'AAAAAAAA.png'));
    expect(guessed.status).toBe(404);
  });

  it('scrapes the same page without being told to use a browser', async () => {
    const doc = await client.scrape(siteUrl, { formats: ['markdown'] });
    expect(doc.markdown).toContain('Tide tables for North Point');
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
        env: { ...process.env, FIRECRAWL_API_URL: served.url, FIRECRAWL_API_KEY: MCP_KEY } as Record<
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
    const res = await fetch(`${served.url}/v2/search`, {
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
    const h = (await (await fetch(`${bare.url}/v2/health`)).json()) as {
      operations: Record<string, { live: boolean }>;
    };
    expect(h.operations.search?.live).toBe(false);
    const res = await fetch(`${bare.url}/v2/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'tides' }),
    });
    expect(res.status).toBe(501);
    const body = (await res.json()) as { success: boolean; code: string; error: string };
    expect(body).toMatchObject({ success: false, code: 'NOT_CONFIGURED' });
    expect(body.error).toContain('--index');
    expect(body.error).toContain('distill index');
  });
});
