import { randomUUID } from 'node:crypto';
import {
  DistillError,
  type SearchRequest,
  type SearchRequestInput,
  searchRequestSchema,
  toDistillError,
  validate,
} from 'distill';
import { raceAbort } from 'distill/internals';
import { type DiscoveredTool, mergeTools, ToolCatalogue } from './catalogue/catalogue.js';
import { searchCredits, tallyCredits } from './credits.js';
import { highlight } from './highlights.js';
import { type LocalIndex, LocalIndexProvider } from './local/local-provider.js';
import { markdownToText } from './local/markdown-text.js';
import type { PaperResult } from './papers/paper-search.js';
import {
  ALWAYS_CHECKED,
  type ProviderRequest,
  type ProviderResult,
  type ResultKind,
  type SearchProvider,
} from './provider.js';
import { providerFromEnv } from './providers/from-env.js';
import { applyCategory, type CategoryName, researchIndexMissing } from './query/categories.js';
import { compileMatcher, domainAllowed, filetypeOf, type OperatorGroup, safeUrl } from './query/match.js';
import { type OperatorName, type ParsedQuery, parseQuery, positiveWords } from './query/operators.js';
import { hasRange, inRange, parseTbs, type TimeFilter } from './query/tbs.js';
import type { ImageResult, NewsResult, ScrapedFields, SearchResponse, WebResult } from './response.js';
import { mapPool } from './scrape/pool.js';
import { DefaultResultScraper, type ResultScraper, type ScrapedContent } from './scrape/result-scraper.js';

export interface SearchRuntime {
  /** The backend. Default: the local index of `index`, else of the DISTILL_INDEX folder. */
  provider?: SearchProvider;
  /** A local index (its folder, or one already loaded) used when no provider is given. */
  index?: string | LocalIndex;
  /** Scrapes results when scrapeOptions has formats. Default: local files parsed, web pages via @distill/web. */
  scraper?: ResultScraper;
  /** The tool catalogue (a loaded one or a JSON file path) for the catalogue source and domainTools. */
  catalogue?: ToolCatalogue | string;
  /** Whether the caller's key may use the catalogue source and domain tools (default true). */
  catalogueAccess?: boolean;
  /** Whether the caller's team may use `enterprise` options (default true). */
  enterpriseAccess?: boolean;
  /** Results scraped at once (default 4). */
  scrapeConcurrency?: number;
  /**
   * Told what each result scrape cost (a server prices it with its own rules): a page, a PDF's
   * pages, or a lockdown hit or miss. Failed scrapes other than lockdown misses are not told.
   */
  onScraped?: (scrape: ScrapeTally) => void;
  signal?: AbortSignal;
  /** Clock for tbs ranges (tests). */
  now?: number;
}

/** What one result scrape cost (`SearchRuntime.onScraped`). */
export interface ScrapeTally {
  /** A page scraped and converted (1 credit), or a PDF parsed: its pages (1 credit each). */
  pages?: number;
  pdfPages?: number;
  /**
   * Under lockdown: `hit` when a stored copy answered (the cache, or the local index's copy;
   * the target was not contacted), `miss` when none did (the result keeps its 404 error).
   */
  lockdown?: 'hit' | 'miss';
}

/** Which after-the-fact check covers each operator a backend may lack. */
const GROUP_OF: Partial<Record<OperatorName, OperatorGroup>> = {
  phrase: 'phrase',
  exclude: 'exclude',
  site: 'site',
  filetype: 'filetype',
  inurl: 'inurl',
  allinurl: 'inurl',
  intitle: 'intitle',
  allintitle: 'intitle',
};

function resolveProvider(runtime: SearchRuntime): SearchProvider {
  if (runtime.provider) return runtime.provider;
  if (runtime.index) return new LocalIndexProvider(runtime.index);
  // A remote provider when the environment configures one, else the index DISTILL_INDEX names.
  const env = providerFromEnv();
  if (env) return env;
  throw new DistillError(
    'SERVICE_UNAVAILABLE',
    'No search provider is configured: build a local index with `distill index <dir>` and set DISTILL_INDEX, or configure SearXNG or Brave',
  );
}

/**
 * URLs the scrape operation would take (its 400 `Invalid URL` rule): absolute http(s) with a
 * host and no credentials. file:// results of a local index are dropped too, since scrape
 * rejects them; results indexed from the web carry their web address and stay.
 */
function isValidResultUrl(url: string): boolean {
  const u = safeUrl(url);
  if (!u || u.username || u.password) return false;
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
}

interface Ctx {
  req: SearchRequest;
  provider: SearchProvider;
  signal: AbortSignal;
  warnings: string[];
  now: number;
}

/** The filter the engine applies to a provider's results for one request. */
function acceptor(
  ctx: Ctx,
  kind: ResultKind,
  q: ParsedQuery,
  time: TimeFilter | undefined,
  checkTime: () => boolean,
): (r: ProviderResult) => boolean {
  const groups = new Set<OperatorGroup>(ALWAYS_CHECKED);
  for (const [op, g] of Object.entries(GROUP_OF) as [OperatorName, OperatorGroup][]) {
    if (!ctx.provider.capabilities.operators.has(op)) groups.add(g);
  }
  const imageGroups = new Set(groups);
  imageGroups.delete('filetype');
  const matches = compileMatcher(q, groups);
  const matchesImage = compileMatcher(q, imageGroups);
  return (r) => {
    if (ctx.req.ignoreInvalidURLs && !isValidResultUrl(r.url)) return false;
    if (!domainAllowed(r, ctx.req.includeDomains, ctx.req.excludeDomains)) return false;
    if (kind === 'images') {
      if (!matchesImage(r)) return false;
      const ft = filetypeOf(r.imageUrl ?? r.url);
      if (q.filetypes.length && !q.filetypes.includes(ft)) return false;
      if (q.excludedFiletypes.includes(ft)) return false;
      const w = r.imageWidth;
      const h = r.imageHeight;
      if (q.imagesize && (w !== q.imagesize.width || h !== q.imagesize.height)) return false;
      if (q.larger && !(w !== undefined && h !== undefined && w > q.larger.width && h > q.larger.height))
        return false;
    } else if (!matches(r)) return false;
    if (time && hasRange(time) && checkTime()) {
      const t = r.date ? Date.parse(r.date) : undefined;
      if (!inRange(time, t)) return false;
    }
    return true;
  };
}

async function runProvider(
  ctx: Ctx,
  kind: ResultKind,
  q: ParsedQuery,
  time: TimeFilter | undefined,
  location: string | undefined,
): Promise<ProviderResult[]> {
  const { req, provider } = ctx;
  // Until the backend says it applied the range, results are checked here (set after the call).
  let timeApplied = false;
  const accept = acceptor(ctx, kind, q, time, () => !timeApplied);
  const preq: ProviderRequest = {
    kind,
    query: q,
    limit: req.limit,
    time,
    includeDomains: req.includeDomains,
    excludeDomains: req.excludeDomains,
    country: req.country,
    location,
    safe: req.safe,
    signal: ctx.signal,
    accept,
  };
  const res = await provider.search(preq);
  for (const w of res.warnings ?? []) ctx.warnings.push(w);
  timeApplied = res.timeFilterApplied === true;
  if (time && hasRange(time) && !timeApplied) {
    ctx.warnings.push(
      `${provider.name} cannot apply this time range exactly; results without a date were left out`,
    );
  }
  let results = res.results.filter(accept);
  if (time?.sortByDate && !res.sortedByDate) {
    const t = (r: ProviderResult) => (r.date ? Date.parse(r.date) : Number.NEGATIVE_INFINITY);
    results = results
      .map((r, i) => ({ r, i }))
      .sort((a, b) => t(b.r) - t(a.r) || a.i - b.i)
      .map((x) => x.r);
  }
  const seen = new Set<string>();
  const key = (r: ProviderResult) => (kind === 'images' ? `${r.imageUrl}|${r.url}` : r.url);
  return results.filter((r) => !seen.has(key(r)) && seen.add(key(r))).slice(0, req.limit);
}

/** The `research` category: the provider's paper index, ranked for the query's words. */
async function researchPapers(ctx: Ctx, q: ParsedQuery): Promise<PaperResult[]> {
  if (!ctx.provider.searchPapers) {
    ctx.warnings.push(researchIndexMissing(ctx.provider.name));
    return [];
  }
  if (!positiveWords(q).length) return [];
  return ctx.provider.searchPapers({ query: formatWords(q), k: ctx.req.limit }, ctx.signal);
}

/** The words of a query, for the paper index (operators other than words do not apply to papers). */
const formatWords = (q: ParsedQuery): string => positiveWords(q).join(' ');

function operatorWarnings(q: ParsedQuery, provider: SearchProvider, kinds: ResultKind[]): string[] {
  const out: string[] = [];
  for (const inv of q.invalid) out.push(`the operator ${inv} could not be read and was ignored`);
  if (q.related && !provider.capabilities.operators.has('related')) {
    out.push(`${provider.name} does not support related:, which was ignored`);
  }
  if ((q.imagesize || q.larger) && !kinds.includes('images')) {
    out.push('imagesize: and larger: apply to image results only; add the images source');
  }
  return out;
}

interface PendingResult {
  kind: 'web' | 'news';
  r: ProviderResult;
  category?: CategoryName;
  scraped?: ScrapedContent;
}

const FIELD_OF_FORMAT: Record<string, keyof ScrapedFields> = {
  markdown: 'markdown',
  html: 'html',
  rawHtml: 'rawHtml',
  screenshot: 'screenshot',
  audio: 'audio',
  video: 'video',
  summary: 'summary',
  links: 'links',
  images: 'images',
};

/** The requested content fields of a scraped result (null for a failed scrape), and its metadata. */
function contentFields(req: SearchRequest, s: ScrapedContent | undefined): ScrapedFields {
  const out: ScrapedFields = {};
  const formats = req.scrapeOptions.formats ?? [];
  for (const f of formats) {
    const field = FIELD_OF_FORMAT[f.type];
    if (field) {
      const v = s?.[field];
      (out as Record<string, unknown>)[field] = v ?? (field === 'links' || field === 'images' ? [] : null);
    } else if (s && s[f.type] !== undefined) (out as Record<string, unknown>)[f.type] = s[f.type];
  }
  if (s) {
    // The pdf parser's `pages` and `blocks` options are kept for documents among the results.
    if (s.pages) out.pages = s.pages as ScrapedFields['pages'];
    if (s.blocks) out.blocks = s.blocks as unknown[];
    out.metadata = s.metadata;
    if (s.warning) out.warning = s.warning;
  }
  return out;
}

async function scrapeAll(
  ctx: Ctx,
  pending: PendingResult[],
  scraper: ResultScraper,
  concurrency: number,
  onScraped?: (t: ScrapeTally) => void,
) {
  const opts = ctx.req.scrapeOptions;
  let credits = 0;
  await mapPool(pending, concurrency, async (p) => {
    try {
      // A result indexed from the web is read from its saved copy (offline), under its web address.
      const s = await scraper.scrape(p.r.file ?? p.r.url, opts, ctx.signal);
      if (p.r.file && s.metadata) s.metadata = { ...s.metadata, sourceURL: p.r.url, url: p.r.url };
      p.scraped = s;
      if (s.metadata?.error) return;
      const pdf = s.metadata?.contentType === 'application/pdf' && (opts.parsers?.length ?? 1) > 0;
      const tally: ScrapeTally = opts.lockdown
        ? { lockdown: 'hit' }
        : pdf && s.metadata?.numPages
          ? { pdfPages: s.metadata.numPages }
          : { pages: 1 };
      credits += tallyCredits(tally);
      onScraped?.(tally);
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      const err = toDistillError(e);
      // The spec prices a lockdown miss at 1 credit, on every path that scrapes.
      if (err.code === 'SCRAPE_LOCKDOWN_CACHE_MISS') {
        credits += tallyCredits({ lockdown: 'miss' });
        onScraped?.({ lockdown: 'miss' });
      }
      // A failed scrape keeps its result, with the reason and the status it would have had.
      p.scraped = {
        metadata: {
          title: p.r.title,
          description: p.r.description,
          sourceURL: p.r.url,
          url: p.r.url,
          statusCode: err.status,
          error: err.message,
        },
      };
    }
  });
  return credits;
}

function description(ctx: Ctx, p: PendingResult, words: string[]): string {
  if (!ctx.req.highlights) return p.r.description;
  const page = p.scraped?.markdown ? markdownToText(p.scraped.markdown) : p.r.text;
  return highlight(page, words) ?? highlight(p.r.description, words) ?? p.r.description;
}

async function discoverTools(
  ctx: Ctx,
  runtime: SearchRuntime,
  semantic: boolean,
  domain: boolean,
  results: { url: string; host?: string }[],
): Promise<DiscoveredTool[]> {
  try {
    const cat =
      runtime.catalogue instanceof ToolCatalogue
        ? runtime.catalogue
        : runtime.catalogue
          ? await ToolCatalogue.load(runtime.catalogue)
          : process.env.DISTILL_CATALOGUE
            ? await ToolCatalogue.load(process.env.DISTILL_CATALOGUE)
            : undefined;
    if (!cat) {
      ctx.warnings.push('Tool discovery unavailable: no tool catalogue is configured on this server');
      return [];
    }
    const words = positiveWords(parseQuery(ctx.req.query));
    const s = semantic ? cat.semantic(words, ctx.req.limit) : [];
    const d = domain ? cat.byDomain(results, ctx.req.limit) : [];
    return mergeTools(s, d);
  } catch (e) {
    ctx.warnings.push(`Tool discovery unavailable: ${toDistillError(e).message}`);
    return [];
  }
}

/**
 * Runs the spec's search request: validates it, searches each requested source through the
 * provider, enforces operators and filters, scrapes results when formats are asked, discovers
 * tools, and returns the spec's response body. Failures are DistillErrors (400, 403, 408, …).
 */
export async function search(
  input: SearchRequestInput,
  runtime: SearchRuntime = {},
): Promise<SearchResponse> {
  const req = validate(searchRequestSchema, input, 'search request') as SearchRequest;
  const kinds = req.sources.map((s) => s.type).filter((t): t is ResultKind => t !== 'catalogue');
  const wantsCatalogue = req.sources.some((s) => s.type === 'catalogue');
  const domainTools = req.domainTools ?? wantsCatalogue;
  if ((wantsCatalogue || domainTools) && runtime.catalogueAccess === false) {
    throw new DistillError('FORBIDDEN', 'Forbidden: tool catalogue access is not enabled for this key');
  }
  if (req.enterprise?.length && runtime.enterpriseAccess === false) {
    throw new DistillError('FORBIDDEN', 'Forbidden: enterprise search options are not enabled for this team');
  }
  const signal = runtime.signal
    ? AbortSignal.any([AbortSignal.timeout(req.timeout), runtime.signal])
    : AbortSignal.timeout(req.timeout);
  return raceAbort(
    run(req, runtime, kinds, wantsCatalogue, domainTools, signal),
    signal,
    () => new DistillError('REQUEST_TIMEOUT', 'Request Timeout: the search took longer than its timeout'),
  );
}

async function run(
  req: SearchRequest,
  runtime: SearchRuntime,
  kinds: ResultKind[],
  wantsCatalogue: boolean,
  domainTools: boolean,
  signal: AbortSignal,
): Promise<SearchResponse> {
  const warnings: string[] = [];
  const now = runtime.now ?? Date.now();
  const provider = kinds.length ? resolveProvider(runtime) : undefined;
  const parsed = parseQuery(req.query);
  const data: SearchResponse['data'] = {};
  const pending: PendingResult[] = [];
  const categories = [...new Set(req.categories.map((c) => c.type))];

  if (provider) {
    const ctx: Ctx = { req, provider, signal, warnings, now };
    warnings.push(...operatorWarnings(parsed, provider, kinds));
    for (const source of req.sources) {
      const kind = source.type;
      if (kind === 'catalogue') continue;
      if (!provider.capabilities.sources.has(kind)) {
        warnings.push(`The ${provider.name} search provider cannot search ${kind}; data.${kind} is empty`);
        data[kind] = [];
        continue;
      }
      const tbs = (source.type === 'web' && source.tbs) || req.tbs;
      const location = (source.type === 'web' && source.location) || req.location;
      const time = parseTbs(tbs, now);
      if (location && !provider.capabilities.location) {
        warnings.push(`The ${provider.name} search provider cannot geo-target; location was ignored`);
      }
      if (kind === 'images') {
        const results = await runProvider(ctx, kind, parsed, time, location);
        data.images = results.map(
          (r, i): ImageResult => ({
            title: r.title,
            imageUrl: r.imageUrl ?? r.url,
            ...(r.imageWidth !== undefined ? { imageWidth: r.imageWidth } : {}),
            ...(r.imageHeight !== undefined ? { imageHeight: r.imageHeight } : {}),
            url: r.pageUrl ?? r.url,
            position: i + 1,
          }),
        );
        continue;
      }
      if (kind === 'web' && categories.length) {
        // research searches papers (data.research); the other categories narrow web results.
        if (categories.includes('research')) data.research = await researchPapers(ctx, parsed);
        const merged: PendingResult[] = [];
        const seen = new Set<string>();
        for (const c of categories.filter((c) => c !== 'research')) {
          for (const r of await runProvider(ctx, kind, applyCategory(parsed, c), time, location)) {
            if (seen.has(r.url)) continue;
            seen.add(r.url);
            merged.push({ kind, r, category: c });
          }
        }
        pending.push(...merged.slice(0, req.limit));
        continue;
      }
      for (const r of await runProvider(ctx, kind, parsed, time, location)) pending.push({ kind, r });
    }
  }

  let credits = 0;
  const formats = req.scrapeOptions.formats ?? [];
  if (formats.length && pending.length) {
    const scraper = runtime.scraper ?? new DefaultResultScraper();
    credits += await scrapeAll(
      { req, provider: provider!, signal, warnings, now },
      pending,
      scraper,
      runtime.scrapeConcurrency ?? 4,
      runtime.onScraped,
    );
  }

  const words = positiveWords(parsed);
  const ctx: Ctx = { req, provider: provider!, signal, warnings, now };
  const web: WebResult[] = [];
  const news: NewsResult[] = [];
  for (const p of pending) {
    const fields = formats.length ? contentFields(req, p.scraped) : {};
    if (p.kind === 'web') {
      web.push({
        title: p.r.title,
        description: description(ctx, p, words),
        url: p.r.url,
        ...(p.category ? { category: p.category } : {}),
        ...fields,
      });
    } else {
      news.push({
        title: p.r.title,
        snippet: description(ctx, p, words),
        url: p.r.url,
        ...(p.r.date ? { date: p.r.date } : {}),
        ...(p.r.imageUrl ? { imageUrl: p.r.imageUrl } : {}),
        position: news.length + 1,
        ...fields,
      });
    }
  }
  if (kinds.includes('web')) data.web = web;
  if (kinds.includes('news')) data.news = [...(data.news ?? []), ...news];
  if (wantsCatalogue || domainTools) {
    data.tools = await discoverTools(
      ctx,
      runtime,
      wantsCatalogue,
      domainTools,
      pending.filter((p) => p.kind === 'web').map((p) => ({ url: p.r.url, host: p.r.host })),
    );
  }
  // Arrays in the order the sources were asked for; research beside web, whose search it replaces.
  const ordered: SearchResponse['data'] = {};
  const extra = [
    ...(data.research ? (['research'] as const) : []),
    ...(data.tools ? (['tools'] as const) : []),
  ];
  for (const k of [...kinds, ...extra]) {
    if (data[k]) (ordered as Record<string, unknown>)[k] = data[k];
  }
  const counted =
    (data.web?.length ?? 0) +
    (data.images?.length ?? 0) +
    (data.news?.length ?? 0) +
    (data.research?.length ?? 0);
  credits += searchCredits(counted, req.enterprise?.includes('zdr') === true);
  const unique = [...new Set(warnings)];
  return {
    success: true,
    data: ordered,
    warning: unique.length ? unique.join('\n') : null,
    ...(unique.length ? { warnings: unique } : {}),
    id: randomUUID(),
    creditsUsed: credits,
  };
}
