/**
 * Pages per second of the fetch and browser engines over N local pages (default 200) at
 * concurrency 1, 4 and 16, and the browser's resident memory at the highest concurrency.
 *
 *   node --conditions=source --import tsx packages/web/scripts/speed.ts [--pages 200] [--engines fetch,browser] [--guarded]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { defaultRegistry } from '@distill/core';
import { htmlParsers } from '@distill/html';
import { BrowserPool, closeFetchAgents, Scraper } from '../src/index.js';

for (const p of htmlParsers) if (!defaultRegistry.get(p.formats[0])) defaultRegistry.register(p);

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    engines: { type: 'string', default: 'fetch,browser' },
    concurrency: { type: 'string', default: '1,4,16' },
    // Sends browser traffic through the guard proxy, as server mode does (a threat list forces it).
    guarded: { type: 'boolean', default: false },
  },
});
const N = Number(values.pages);
const levels = values.concurrency.split(',').map(Number);

const para = (i: number, k: number) =>
  `<p>Paragraph ${k} of page ${i}. distill turns web pages into clean Markdown for language models; this sentence is filler so the page weighs what an article does.</p>`;
const pageHtml = (i: number) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Page ${i}</title></head><body><nav><a href="/">Home</a></nav><main><h1>Page ${i}</h1>${Array.from({ length: 25 }, (_, k) => para(i, k)).join('')}<a href="/p/${(i + 1) % N}">next</a></main><footer>footer</footer></body></html>`;

const server = createServer((req, res) => {
  const i = Number(/\/p\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(pageHtml(i));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function run(scraper: Scraper, proxy: 'basic' | 'enhanced', concurrency: number, pool?: BrowserPool) {
  let next = 0;
  let failed = 0;
  let peak = 0;
  const sampler = pool
    ? setInterval(async () => {
        const m = await pool.memoryBytes();
        if (m && m > peak) peak = m;
      }, 250)
    : undefined;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < N; i = next++) {
        try {
          const doc = await scraper.scrape(`${base}/p/${i}`, {
            proxy,
            formats: ['markdown'],
            ...(values.guarded ? { threatProtection: { blacklist: ['blocked.invalid'] } } : {}),
          });
          if (!doc.markdown?.includes(`Paragraph 24 of page ${i}`)) failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  if (sampler) clearInterval(sampler);
  return { seconds, failed, peak };
}

const rows: string[] = [];
for (const engine of values.engines.split(',')) {
  for (const c of levels) {
    const pool = engine === 'browser' ? new BrowserPool({ maxContexts: c }) : undefined;
    const scraper = new Scraper({ cache: false, allowPrivateUrls: true, browser: pool });
    if (pool) await scraper.scrape(`${base}/p/0`, { proxy: 'enhanced' }); // launch outside the timing
    const r = await run(scraper, engine === 'browser' ? 'enhanced' : 'basic', c, pool);
    const mem = pool ? `  browser PSS peak ${(r.peak / 1024 / 1024).toFixed(0)} MB` : '';
    const line = `${engine.padEnd(7)} concurrency ${String(c).padStart(2)}: ${(N / r.seconds).toFixed(1).padStart(7)} pages/s  (${N} pages in ${r.seconds.toFixed(1)} s, ${r.failed} failed)${mem}`;
    console.log(line);
    rows.push(line);
    await pool?.close();
  }
}
await closeFetchAgents();
server.close();
