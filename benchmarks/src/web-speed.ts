/**
 * Scraping speed (issue 10): pages per second of the fetch and browser engines over N local
 * pages (default 200) at concurrency 1, 4 and 16, against a fixture server on loopback, and
 * the memory of this process plus Chromium at each level (sampled every 250 ms).
 *
 *   pnpm bench web [--pages 200] [--engines fetch,browser] [--concurrency 1,4,16] [--guarded]
 *
 * Writes results/speed-web.json and REPORT.md.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { BrowserPool, closeFetchAgents, Scraper } from '@distill/web';
import 'distill'; // registers the HTML parser the scraper hands pages to
import { treeMemory } from './proc.js';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';
import { runMain } from './run-main.js';

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

interface Row {
  engine: string;
  concurrency: number;
  pages: number;
  seconds: number;
  failed: number;
  /** Largest sum of RSS over this process and its children (Chromium), MB. */
  peakRssMb: number;
  /** Largest sum of PSS over the same processes, MB (shared pages counted once). */
  peakPssMb: number;
  processes: number;
}

async function run(
  base: string,
  scraper: Scraper,
  engine: string,
  concurrency: number,
): Promise<Omit<Row, 'engine' | 'concurrency' | 'pages'>> {
  let next = 0;
  let failed = 0;
  const peak = { rssMb: 0, pssMb: 0, processes: 0 };
  const sample = () => {
    const m = treeMemory(process.pid);
    peak.rssMb = Math.max(peak.rssMb, m.rssMb);
    peak.pssMb = Math.max(peak.pssMb, m.pssMb);
    peak.processes = Math.max(peak.processes, m.processes);
  };
  const sampler = setInterval(sample, 250);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < N; i = next++) {
        try {
          const doc = await scraper.scrape(`${base}/p/${i}`, {
            proxy: engine === 'browser' ? 'enhanced' : 'basic',
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
  clearInterval(sampler);
  sample();
  return { seconds, failed, peakRssMb: peak.rssMb, peakPssMb: peak.pssMb, processes: peak.processes };
}

function section(rows: Row[]): string {
  return [
    '## Speed: scraping (web)',
    '',
    `Pages per second of \`scrape()\` with markdown output over ${N} distinct local pages (an article of 25 paragraphs each) served on loopback, no cache. ` +
      'fetch = `proxy: basic`; browser = `proxy: enhanced` (playwright-core driving the installed Chromium, one shared browser with a context pool as large as the concurrency, launched before timing). ' +
      `Memory: this Node process plus every child process (Chromium's browser, GPU, utility and renderer processes), sampled every 250 ms; the RSS sum counts pages shared between Chromium's processes once per process, the PSS sum once overall.${values.guarded ? ' Browser traffic went through the guard proxy, as in server mode.' : ''} \`pnpm bench web\`.`,
    '',
    '| engine | concurrency | pages/s | seconds | failed | peak RSS MB, Node + Chromium (sum) | peak PSS MB (sum) | processes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.concurrency} | ${(r.pages / r.seconds).toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.failed} | ${r.peakRssMb.toFixed(0)} | ${r.peakPssMb.toFixed(0)} | ${r.processes} |`,
    ),
    '',
  ].join('\n');
}

async function main() {
  const server = createServer((req, res) => {
    const i = Number(/\/p\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pageHtml(i));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: Row[] = [];
  for (const engine of values.engines.split(',')) {
    for (const c of levels) {
      const pool = engine === 'browser' ? new BrowserPool({ maxContexts: c }) : undefined;
      const scraper = new Scraper({ cache: false, allowPrivateUrls: true, browser: pool });
      try {
        // The browser launches outside the timing.
        if (pool) await scraper.scrape(`${base}/p/0`, { proxy: 'enhanced' });
        const r = await run(base, scraper, engine, c);
        const row = { engine, concurrency: c, pages: N, ...r };
        rows.push(row);
        console.log(JSON.stringify(row));
      } finally {
        await pool?.close();
      }
    }
  }
  await closeFetchAgents();
  server.close();
  const md = section(rows);
  writeSection('speed-web', md, { rows, guarded: values.guarded === true }, machineLine());
  console.log(md);
  console.log(`wrote ${writeReport()}`);
}

runMain(main);
