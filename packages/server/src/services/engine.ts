import { DistillError, type ScrapeRequest, type SearchRequest } from '@distill/core';
import { NO_SEARCH_PROVIDER } from '@distill/search/messages';
import type { ArtifactStore } from '@distill/web';
import type {
  JobContext,
  ScrapeOutcome,
  ScrapeService,
  SearchOutcome,
  SearchService,
  Usage,
} from '../services.js';

type WebModule = typeof import('@distill/web');
type Scraper = InstanceType<WebModule['Scraper']>;
type RiskClassifier = import('@distill/web').RiskClassifier;

export interface EngineServicesOptions {
  /** Environment for the search provider (DISTILL_SEARXNG_URL, DISTILL_BRAVE_API_KEY, DISTILL_INDEX) and catalogue (DISTILL_CATALOGUE). */
  env?: Record<string, string | undefined>;
  /** A local index folder built by `distill index` (`--index`); wins over DISTILL_INDEX. */
  index?: string;
  /** A SearXNG instance (`--searxng-url`); wins over the environment's providers. */
  searxngUrl?: string;
  /** A Brave Search API key (`--brave-api-key`). */
  braveApiKey?: string;
  /** The tool catalogue JSON (`--catalogue`); wins over DISTILL_CATALOGUE. */
  catalogue?: string;
  /** Allow loopback and private targets for scrape (default DISTILL_ALLOW_PRIVATE_URLS=1). */
  allowPrivateUrls?: boolean;
  /** Where screenshots and action PDFs go (the server's `ServedArtifactStore`); default the scraper's folder. */
  artifacts?: ArtifactStore;
  /** The scraper's folder for its cache and browser profiles. */
  dataDir?: string;
  /**
   * An OpenAI-compatible chat-completions endpoint for the json format, model summaries,
   * onlyCleanContent and changeTracking's json mode (`--llm-url`, DISTILL_LLM_URL); optional.
   */
  llmUrl?: string;
  /** The model the endpoint serves (`--llm-model`, DISTILL_LLM_MODEL). */
  llmModel?: string;
  /**
   * A URL-risk classifier for threat protection's `normal` mode (`--threat-classifier-url`,
   * DISTILL_THREAT_CLASSIFIER_URL): POST `{url}`, answer `{score}` 0..100. Each URL it scores
   * costs +2 credits, as the spec prices it.
   */
  threatClassifierUrl?: string;
}

/** Which search backend the options and environment name, most specific first. */
function searchConfig(opts: EngineServicesOptions, env: Record<string, string | undefined>) {
  if (opts.searxngUrl) return { provider: 'searxng', env: { DISTILL_SEARXNG_URL: opts.searxngUrl } };
  if (opts.braveApiKey)
    return {
      provider: 'brave',
      env: { DISTILL_BRAVE_API_KEY: opts.braveApiKey, DISTILL_BRAVE_BASE_URL: env.DISTILL_BRAVE_BASE_URL },
    };
  if (opts.index) return { provider: 'local-index', env: { DISTILL_INDEX: opts.index }, index: opts.index };
  if (env.DISTILL_SEARXNG_URL) return { provider: 'searxng', env };
  if (env.DISTILL_BRAVE_API_KEY) return { provider: 'brave', env };
  if (env.DISTILL_INDEX) return { provider: 'local-index', env, index: env.DISTILL_INDEX };
  return { provider: null, env: {} };
}

export interface EngineServices {
  search: SearchService;
  scrape: ScrapeService;
  close(): Promise<void>;
}

/**
 * `/v2/search` and `/v2/scrape` backed by @distill/search and @distill/web. Both load on the
 * first request, so a server that only parses never starts a browser or reads an index.
 */
export function engineServices(opts: EngineServicesOptions = {}): EngineServices {
  const env = opts.env ?? process.env;
  const allowPrivateUrls = opts.allowPrivateUrls ?? env.DISTILL_ALLOW_PRIVATE_URLS === '1';
  const searchCfg = searchConfig(opts, env);
  const catalogue = opts.catalogue ?? (env.DISTILL_CATALOGUE || undefined);
  // A model endpoint without a model name is refused at start, not on the first request.
  if ((opts.llmUrl || env.DISTILL_LLM_URL) && !(opts.llmModel || env.DISTILL_LLM_MODEL)) {
    throw new Error('an LLM endpoint is configured without a model: give --llm-model or DISTILL_LLM_MODEL');
  }
  const classifierUrl = opts.threatClassifierUrl ?? (env.DISTILL_THREAT_CLASSIFIER_URL || undefined);
  /** The job's own counter over the configured classifier: what it scanned is what it is charged. */
  const classifierFor = async (): Promise<(RiskClassifier & { readonly scanned: number }) | undefined> => {
    if (!classifierUrl) return undefined;
    const web = await import('@distill/web');
    const base = web.riskClassifierFromEnv(env, { url: classifierUrl });
    return base ? web.countingClassifier(base) : undefined;
  };
  let scraper: Promise<Scraper> | undefined;
  const getScraper = (): Promise<Scraper> => {
    scraper ??= import('@distill/web').then(({ Scraper, llmFromEnv }) => {
      const llm = llmFromEnv(env, {
        ...(opts.llmUrl ? { baseUrl: opts.llmUrl } : {}),
        ...(opts.llmModel ? { model: opts.llmModel } : {}),
      });
      return new Scraper({
        allowPrivateUrls,
        ...(llm ? { llm } : {}),
        ...(opts.artifacts ? { artifacts: opts.artifacts } : {}),
        ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      });
    });
    return scraper;
  };
  const llmName =
    (opts.llmUrl ?? env.DISTILL_LLM_URL) ? (opts.llmModel ?? env.DISTILL_LLM_MODEL ?? null) : null;
  /** The scraper search results go through: this server's (its cache, browser, model), with the job's policy. */
  const webFor = (ctx: JobContext, riskClassifier: RiskClassifier | undefined) => ({
    scrape: async (url: string, options: ScrapeRequest | object, runtime: { signal?: AbortSignal }) =>
      (await getScraper()).scrape(url, options as never, {
        ...runtime,
        zeroDataRetention: ctx.zeroDataRetention,
        ...(ctx.threatProtection ? { threatProtection: ctx.threatProtection } : {}),
        ...(riskClassifier ? { riskClassifier } : {}),
      }),
  });

  const scrape: ScrapeService = {
    status: () => ({
      live: true,
      provider: 'distill-web',
      engines: ['fetch', 'browser'],
      allowPrivateUrls,
      // The model behind json, summary, onlyCleanContent and changeTracking json; null without one.
      llm: llmName,
      // Threat protection's `normal` mode scores URLs with it; without one, failurePolicy decides.
      threatClassifier: classifierUrl !== undefined,
    }),
    async scrape(request: ScrapeRequest, ctx: JobContext): Promise<ScrapeOutcome> {
      const { url, zeroDataRetention, origin: _o, integration: _i, ...options } = request;
      const s = await getScraper();
      const riskClassifier = await classifierFor();
      const doc = await s.scrape(url, options, {
        signal: ctx.signal,
        zeroDataRetention: ctx.zeroDataRetention || zeroDataRetention,
        ...(ctx.threatProtection ? { threatProtection: ctx.threatProtection } : {}),
        ...(riskClassifier ? { riskClassifier } : {}),
      });
      const pages = typeof doc.metadata.numPages === 'number' ? doc.metadata.numPages : undefined;
      const usage: Usage = options.lockdown
        ? { lockdownHits: 1 }
        : pages !== undefined && doc.metadata.contentType === 'application/pdf'
          ? { pagesParsed: pages }
          : { pagesScraped: 1 };
      // The prompt-injection check ran (+4 credits): json with checkPromptInjection and a model.
      if (s.config.llm && options.formats?.some((f) => f.type === 'json' && f.checkPromptInjection))
        usage.promptInjectionChecks = 1;
      // Threat protection `normal`: every URL the classifier scored (the target and each redirect).
      if (riskClassifier?.scanned) usage.urlsScanned = riskClassifier.scanned;
      return { data: doc as unknown as Record<string, unknown>, usage };
    },
  };

  const search: SearchService = {
    status: () => ({
      live: searchCfg.provider !== null,
      provider: searchCfg.provider,
      ...(searchCfg.index ? { index: searchCfg.index } : {}),
      catalogue: catalogue !== undefined,
      ...(searchCfg.provider === null ? { hint: NO_SEARCH_PROVIDER } : {}),
    }),
    async search(request: SearchRequest, ctx: JobContext): Promise<SearchOutcome> {
      const mod = await import('@distill/search');
      const provider = mod.providerFromEnv(searchCfg.env);
      if (!provider) throw new DistillError('NOT_CONFIGURED', NO_SEARCH_PROVIDER);
      const riskClassifier = await classifierFor();
      // What each scraped result cost, priced by the server like a scrape of its own (a page, a
      // PDF's pages, a lockdown hit or miss).
      const usage: Usage = {};
      const add = (k: keyof Usage, n: number) => {
        usage[k] = (usage[k] ?? 0) + n;
      };
      const res = await mod.search(request, {
        provider,
        catalogue,
        signal: ctx.signal,
        scraper: new mod.DefaultResultScraper({ web: webFor(ctx, riskClassifier) }),
        onScraped: (t) => {
          if (t.lockdown === 'hit') add('lockdownHits', 1);
          else if (t.lockdown === 'miss') add('lockdownMisses', 1);
          else {
            if (t.pdfPages) add('pagesParsed', t.pdfPages);
            if (t.pages) add('pagesScraped', t.pages);
          }
        },
      });
      const data = res.data as Record<string, unknown[] | undefined>;
      usage.results = ['web', 'images', 'news', 'research'].reduce((n, k) => n + (data[k]?.length ?? 0), 0);
      if (riskClassifier?.scanned) usage.urlsScanned = riskClassifier.scanned;
      return { data: res.data as Record<string, unknown>, warning: res.warning ?? null, usage };
    },
  };

  search.searchPapers = async (query, ctx) => {
    const mod = await import('@distill/search');
    const provider = mod.providerFromEnv(searchCfg.env);
    if (!provider) throw new DistillError('NOT_CONFIGURED', NO_SEARCH_PROVIDER);
    return mod.searchPapers(query, provider, ctx.signal);
  };
  search.getPaper = async (id, query) => {
    const mod = await import('@distill/search');
    const provider = mod.providerFromEnv(searchCfg.env);
    if (!provider) throw new DistillError('NOT_CONFIGURED', NO_SEARCH_PROVIDER);
    return mod.getPaper(id, query, provider);
  };
  search.similarPapers = async (id, query) => {
    const mod = await import('@distill/search');
    const provider = mod.providerFromEnv(searchCfg.env);
    if (!provider) throw new DistillError('NOT_CONFIGURED', NO_SEARCH_PROVIDER);
    return mod.similarPapers(id, query, provider);
  };

  return {
    search,
    scrape,
    async close() {
      if (scraper) await (await scraper).close?.();
    },
  };
}
