import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
import { type Served, serveProcess } from './helpers/spawn.js';

// Credits as the spec states them, through a spawned `distill serve` and the official client:
// a parse that would overdraw is refused with 402 before any parse work (the PDF's pages are
// counted from its page tree first), a lockdown miss costs 1 credit and a hit 5, and threat
// protection `normal` costs +2 per URL a configured URL-risk classifier scanned.

let dir: string;
let served: Served;
let site: Server;
let siteUrl: string;
let classifier: Server;
/** The URLs the stand-in classifier was asked about, in order. */
const scanned: string[] = [];

const pdfOf = (pages: number) =>
  Buffer.from(
    simplePdf(
      Array.from({ length: pages }, (_, i) => textOp(72, 720, `Page ${i + 1} of the harbour ledger`, 12)),
    ),
  );

const client = (key: string) => new Firecrawl({ apiKey: key, apiUrl: served.url });
const remaining = async (key: string) => (await client(key).getCreditUsage()).remainingCredits;

/** Pages parsed so far, by format, as /metrics counts them (0 when the series does not exist yet). */
async function pagesParsed(format: string): Promise<number> {
  const text = await (await fetch(`${served.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`distill_pages_parsed_total{format="${format}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function scrape(key: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${served.url}/v2/scrape`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'distill-credits-'));
  site = createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/page' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Harbour</title></head><body><main><h1>Harbour ${req.url}</h1><p>The harbour master keeps a ledger of every ship that comes in.</p></main></body></html>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // A URL-risk service as --threat-classifier-url speaks to it: POST {url}, answer {score}.
  classifier = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      const { url } = JSON.parse(raw) as { url: string };
      scanned.push(url);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ score: url.includes('/risky') ? 90 : 5 }));
    });
  });
  await new Promise<void>((r) => classifier.listen(0, '127.0.0.1', r));
  const keys = join(dir, 'keys.json');
  writeFileSync(
    keys,
    JSON.stringify([
      { key: 'short-key', name: 'short', credits: 3 },
      { key: 'lock-key', name: 'lock', credits: 100 },
      { key: 'threat-key', name: 'threat', credits: 100, features: ['threatProtection'] },
    ]),
  );
  served = await serveProcess(
    [
      '--keys-file',
      keys,
      '--data-dir',
      join(dir, 'data'),
      '--metrics',
      '--allow-private-urls',
      '--threat-classifier-url',
      `http://127.0.0.1:${(classifier.address() as AddressInfo).port}/score`,
    ],
    { DISTILL_API_KEYS: '', DISTILL_REDIS_URL: '', DISTILL_INDEX: '' },
  );
}, 120_000);

afterAll(async () => {
  await served?.stop();
  site?.close();
  classifier?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a parse that would overdraw is refused before it is parsed', { timeout: 120_000 }, () => {
  it('a key with 2 credits left gets 402 for a 10-page PDF, keeps its 2 credits, and no page was parsed', async () => {
    const c = client('short-key');
    await c.parse({ data: Buffer.from('ship,tons\nAurora,120\n'), filename: 'ledger.csv' });
    expect(await remaining('short-key')).toBe(2);

    await expect(c.parse({ data: pdfOf(10), filename: 'ledger.pdf' })).rejects.toMatchObject({ status: 402 });
    expect(await remaining('short-key')).toBe(2);
    // The pages counter counts every page the parse workers read: none for the refused PDF.
    expect(await pagesParsed('pdf')).toBe(0);

    // A PDF the key can pay for exactly is admitted, parsed and charged a credit a page.
    const two = await c.parse({ data: pdfOf(2), filename: 'short.pdf' });
    expect(two.metadata?.numPages).toBe(2);
    expect(await remaining('short-key')).toBe(0);
    expect(await pagesParsed('pdf')).toBe(2);
  });
});

describe('lockdown: 1 credit on a miss, 5 on a hit', { timeout: 120_000 }, () => {
  it('charges the 404 of a miss, then the hit of a cached copy', async () => {
    const url = `${siteUrl}/lockdown-page`;
    const miss = await scrape('lock-key', { url, lockdown: true });
    expect(miss.status).toBe(404);
    expect(miss.json).toMatchObject({ success: false, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
    expect(await remaining('lock-key')).toBe(99);
    // Fetched once (1 credit, kept in the cache), then served from the cache under lockdown.
    const fresh = await scrape('lock-key', { url, proxy: 'basic' });
    expect(fresh.json.creditsUsed).toBe(1);
    const hit = await scrape('lock-key', { url, lockdown: true });
    expect(hit.status).toBe(200);
    expect(hit.json.creditsUsed).toBe(5);
    expect(await remaining('lock-key')).toBe(93);
  });
});

describe('threat protection normal: +2 credits per URL the classifier scanned', { timeout: 120_000 }, () => {
  it('prices each scanned URL (a redirect is scanned too) and refuses a risky one without charging it', async () => {
    const threatProtection = { mode: 'normal' };
    const one = await scrape('threat-key', {
      url: `${siteUrl}/safe`,
      proxy: 'basic',
      maxAge: 0,
      threatProtection,
    });
    expect(one.status).toBe(200);
    expect(scanned).toEqual([`${siteUrl}/safe`]);
    expect(one.json.creditsUsed).toBe(1 + 2);

    const moved = await scrape('threat-key', {
      url: `${siteUrl}/moved`,
      proxy: 'basic',
      maxAge: 0,
      threatProtection,
    });
    expect(moved.status).toBe(200);
    expect(scanned.slice(1)).toEqual([`${siteUrl}/moved`, `${siteUrl}/page`]);
    expect(moved.json.creditsUsed).toBe(1 + 2 * 2);

    const risky = await scrape('threat-key', {
      url: `${siteUrl}/risky`,
      proxy: 'basic',
      maxAge: 0,
      threatProtection,
    });
    expect(risky.status).toBe(403);
    expect(risky.json.error).toMatch(/risk score 90/);

    // Without the mode, nothing is scanned and nothing added.
    const off = await scrape('threat-key', { url: `${siteUrl}/safe`, proxy: 'basic', maxAge: 0 });
    expect(off.json.creditsUsed).toBe(1);
    expect(scanned).toHaveLength(4);
    expect(await remaining('threat-key')).toBe(100 - 3 - 5 - 1);
  });
});
