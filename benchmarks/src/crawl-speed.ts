/**
 * Crawl throughput and the queue engine's Redis footprint (issue 26).
 *
 *   pnpm bench crawl [--levels 1,4,16] [--sections 10] [--per-section 50] [--frontier-pages 10000]
 *                    [--skip-redis]
 *
 * Part 1: `distill serve` (in this process, in-process engine, no scrape cache) crawls the
 * generated loopback site of the crawl tests (sitemap index, robots.txt, calendar trap cut at
 * depth 3, redirects, broken links, a PDF) once per concurrency level; pages/s is stored pages
 * over the wall time from the start request to `completed`.
 * Part 2: a throwaway redis-server; the server with `--queue` and one crawl worker (16 pages at
 * once) crawl a site of `frontier-pages` pages whose sitemap lists them all, so the frontier
 * holds them all at once after the sitemap is read. Redis's used_memory is sampled every 100 ms;
 * the peak above the empty server's baseline is the frontier's and results' cost.
 * The site, server, worker and client share this process, so absolute pages/s are a floor.
 * Writes results/speed-crawl.json and REPORT.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { engineServices, serve, startCrawlWorker } from '@distill/server';
import { redisCommand, startRedis } from '../../packages/server/src/testing/redis.js';
import { startCrawlSite } from '../../tests/helpers/crawl-site.js';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';
import { runMain } from './run-main.js';

const { values } = parseArgs({
  options: {
    levels: { type: 'string', default: '1,4,16' },
    sections: { type: 'string', default: '10' },
    'per-section': { type: 'string', default: '50' },
    'frontier-pages': { type: 'string', default: '10000' },
    'skip-redis': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

interface Row {
  concurrency: number;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
}

interface RedisRow {
  frontier: number;
  pages: number;
  seconds: number;
  baselineMb: number;
  peakMb: number;
  peakAboveBaselineMb: number;
  /** Peak while the whole frontier was queued (before most pages were done). */
  frontierPeakMb: number;
}

const NO_CACHE = { formats: ['markdown'], maxAge: 0, storeInCache: false };

async function crawlOnce(base: string, site: string, body: Record<string, unknown>) {
  const t0 = performance.now();
  const start = (await (
    await fetch(`${base}/v2/crawl`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site}/`, ...body }),
    })
  ).json()) as { id: string };
  for (;;) {
    const s = (await (await fetch(`${base}/v2/crawl/${start.id}?skip=1000000000`)).json()) as {
      status: string;
      completed: number;
      total: number;
    };
    if (s.status !== 'scraping') return { ...s, seconds: (performance.now() - t0) / 1000, id: start.id };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const usedMb = async (port: number) =>
  Number(/used_memory:(\d+)/.exec(await redisCommand(port, 'INFO memory'))?.[1] ?? 0) / 1024 / 1024;

async function redisPart(frontierPages: number): Promise<RedisRow> {
  const redis = await startRedis();
  const per = 100;
  const site = await startCrawlSite({ sections: Math.ceil(frontierPages / per), perSection: per });
  const dataDir = mkdtempSync(join(tmpdir(), 'distill-bench-crawl-'));
  const queue = redis.urlFor('bench');
  const server = await serve({
    port: 0,
    noAuth: true,
    handleSignals: false,
    dataDir,
    engine: { allowPrivateUrls: true },
    crawl: { queue, allowPrivateUrls: true, limits: { maxPages: frontierPages * 2 } },
    config: { logger: false },
  });
  const engine = engineServices({ allowPrivateUrls: true, dataDir });
  const worker = await startCrawlWorker({
    queue,
    scrape: engine.scrape,
    allowPrivateUrls: true,
    concurrency: 16,
  });
  try {
    const baseline = await usedMb(redis.port);
    let peak = baseline;
    let frontierPeak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const m = await usedMb(redis.port);
        peak = Math.max(peak, m);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // The frontier is full once the sitemap is read: note the peak while most of it is queued.
    const watch = (async () => {
      for (;;) {
        const active = (await (await fetch(`${server.url}/v2/crawl/active`)).json()) as {
          crawls: { id: string }[];
        };
        const id = active.crawls[0]?.id;
        if (id) {
          const s = (await (await fetch(`${server.url}/v2/crawl/${id}?skip=1000000000`)).json()) as {
            total: number;
            completed: number;
            status: string;
          };
          if (s.status !== 'scraping') return;
          if (s.total >= frontierPages) frontierPeak = Math.max(frontierPeak, peak);
          if (s.total >= frontierPages && s.completed > s.total / 4) return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const r = await crawlOnce(server.url, site.url, {
      maxDiscoveryDepth: 1,
      limit: frontierPages * 2,
      maxConcurrency: 16,
      scrapeOptions: NO_CACHE,
    });
    await watch;
    sampling = false;
    await sampler;
    return {
      frontier: r.total,
      pages: r.completed,
      seconds: r.seconds,
      baselineMb: baseline,
      peakMb: peak,
      peakAboveBaselineMb: peak - baseline,
      frontierPeakMb: frontierPeak,
    };
  } finally {
    await worker.close();
    await engine.close();
    await server.close();
    await site.close();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function section(rows: Row[], redis: RedisRow | undefined, sitePages: number): string {
  const lines = [
    '## Crawl speed',
    '',
    `\`pnpm bench crawl\`: \`distill serve\`'s in-process engine crawling a generated loopback site (${sitePages} allowed pages within depth 3: sitemap index with a gzipped sitemap, robots.txt, an infinite calendar cut at the depth limit, redirects, broken links, one PDF), no scrape cache; site, server and client in one process, so the figures are a floor.`,
    '',
    '| maxConcurrency | pages | seconds | pages/s |',
    '| ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.concurrency} | ${r.pages} | ${r.seconds.toFixed(1)} | ${r.pagesPerSecond.toFixed(1)} |`,
    ),
    '',
  ];
  if (redis)
    lines.push(
      `Queue engine (\`--queue redis://…\`, one crawl worker at 16 pages): a site of ${redis.pages} pages whose sitemap lists them all, so the whole frontier is queued at once after the sitemap is read (${redis.frontier} URLs admitted over the crawl, links one hop from the sitemap's pages included). Redis used_memory: baseline ${redis.baselineMb.toFixed(1)} MB; peak with the whole frontier queued ${redis.frontierPeakMb.toFixed(1)} MB; peak over the crawl ${redis.peakMb.toFixed(1)} MB (${redis.peakAboveBaselineMb.toFixed(1)} MB above baseline, stored results included); ${redis.pages} pages in ${redis.seconds.toFixed(1)} s (${(redis.pages / redis.seconds).toFixed(1)} pages/s).`,
      '',
    );
  return lines.join('\n');
}

async function main() {
  if (values.help) {
    console.log(
      'pnpm bench crawl [--levels 1,4,16] [--sections 10] [--per-section 50] [--frontier-pages 10000] [--skip-redis]',
    );
    return;
  }
  const levels = values.levels.split(',').map(Number);
  const site = await startCrawlSite({
    sections: Number(values.sections),
    perSection: Number(values['per-section']),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'distill-bench-crawl-'));
  const server = await serve({
    port: 0,
    noAuth: true,
    handleSignals: false,
    dataDir,
    engine: { allowPrivateUrls: true },
    config: { logger: false },
  });
  const rows: Row[] = [];
  const sitePages = site.expected(3).size;
  try {
    // One untimed crawl first: module loading and the parser's first runs stay out of the figures.
    await crawlOnce(server.url, site.url, { limit: 20, scrapeOptions: NO_CACHE });
    for (const c of levels) {
      const r = await crawlOnce(server.url, site.url, {
        maxDiscoveryDepth: 3,
        maxConcurrency: c,
        scrapeOptions: NO_CACHE,
      });
      const row = {
        concurrency: c,
        pages: r.completed,
        seconds: r.seconds,
        pagesPerSecond: r.completed / r.seconds,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await server.close();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const redis = values['skip-redis'] ? undefined : await redisPart(Number(values['frontier-pages']));
  if (redis) console.log(JSON.stringify(redis));
  const md = section(rows, redis, sitePages);
  writeSection('speed-crawl', md, { rows, redis, sitePages }, machineLine());
  console.log(md);
  console.log(`wrote ${writeReport()}`);
}

runMain(main);
