import type { ScrapeRequest, SearchRequest } from '@distill/core';
import type { JobContext, ScrapeOutcome, ScrapeService, SearchOutcome, SearchService } from '../services.js';

type WebModule = typeof import('@distill/web');
type Scraper = InstanceType<WebModule['Scraper']>;

export interface EngineServicesOptions {
  /** Environment for the search provider (DISTILL_SEARXNG_URL, DISTILL_BRAVE_API_KEY, DISTILL_INDEX) and catalogue (DISTILL_CATALOGUE). */
  env?: Record<string, string | undefined>;
  /** Allow loopback and private targets for scrape (default DISTILL_ALLOW_PRIVATE_URLS=1). */
  allowPrivateUrls?: boolean;
}

export interface EngineServices {
  search: SearchService;
  scrape: ScrapeService;
  close(): Promise<void>;
}

type Result = {
  markdown?: unknown;
  html?: unknown;
  rawHtml?: unknown;
  metadata?: { error?: unknown; numPages?: unknown };
};

/**
 * `/v2/search` and `/v2/scrape` backed by @distill/search and @distill/web. Both load on the
 * first request, so a server that only parses never starts a browser or reads an index.
 */
export function engineServices(opts: EngineServicesOptions = {}): EngineServices {
  const env = opts.env ?? process.env;
  let scraper: Promise<Scraper> | undefined;
  const getScraper = (): Promise<Scraper> => {
    scraper ??= import('@distill/web').then(
      ({ Scraper }) =>
        new Scraper({ allowPrivateUrls: opts.allowPrivateUrls ?? env.DISTILL_ALLOW_PRIVATE_URLS === '1' }),
    );
    return scraper;
  };

  const scrape: ScrapeService = {
    async scrape(request: ScrapeRequest, ctx: JobContext): Promise<ScrapeOutcome> {
      const { url, zeroDataRetention, origin: _o, integration: _i, ...options } = request;
      const s = await getScraper();
      const doc = await s.scrape(url, options, {
        signal: ctx.signal,
        zeroDataRetention: ctx.zeroDataRetention || zeroDataRetention,
      });
      const pages = typeof doc.metadata.numPages === 'number' ? doc.metadata.numPages : undefined;
      const usage = options.lockdown
        ? { lockdownHits: 1 }
        : pages !== undefined && doc.metadata.contentType === 'application/pdf'
          ? { pagesParsed: pages }
          : { pagesScraped: 1 };
      return { data: doc as unknown as Record<string, unknown>, usage };
    },
  };

  const search: SearchService = {
    async search(request: SearchRequest, ctx: JobContext): Promise<SearchOutcome> {
      const mod = await import('@distill/search');
      const res = await mod.search(request, {
        provider: mod.providerFromEnv(env),
        catalogue: env.DISTILL_CATALOGUE || undefined,
        signal: ctx.signal,
      });
      const data = res.data as Record<string, Result[] | undefined>;
      const results = ['web', 'images', 'news'].reduce((n, k) => n + (data[k]?.length ?? 0), 0);
      const scraped = ['web', 'news']
        .flatMap((k) => data[k] ?? [])
        .filter((r) => (r.markdown ?? r.html ?? r.rawHtml) != null && !r.metadata?.error).length;
      return {
        data: res.data as Record<string, unknown>,
        warning: res.warning ?? null,
        usage: { results, pagesScraped: scraped },
      };
    },
  };

  return {
    search,
    scrape,
    async close() {
      if (scraper) await (await scraper).close?.();
    },
  };
}
