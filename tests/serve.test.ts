import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// `distill serve` as a user starts it: the built command spawned as its own process with only
// an API key and an index, spoken to by the official `firecrawl` client from npm, unmodified.

const KEY = 'fd-test-key';
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
  [served, bare] = await Promise.all([
    serveProcess(['--index', index, '--allow-private-urls', '--data-dir', join(dir, 'data')], {
      DISTILL_API_KEYS: KEY,
      DISTILL_INDEX: '',
    }),
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
