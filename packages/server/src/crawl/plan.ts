import { DistillError } from '@distill/core';
import type { CrawlLimits } from './limits.js';
import type { BatchScrapeRequest, CrawlRequest, WebhookInput } from './schemas.js';
import type { CrawlPlan, WebhookPlan } from './types.js';
import { normalizeUrl } from './urls.js';

/** An absolute http(s) URL, normalised; INVALID_URL otherwise. */
export function startUrl(raw: string, ignoreQuery = false): string {
  const u = normalizeUrl(raw.trim(), undefined, ignoreQuery);
  if (!u) throw new DistillError('INVALID_URL', 'Invalid URL: an absolute http(s) URL is required');
  return u;
}

function checkPatterns(field: string, list: string[] | null | undefined): string[] {
  for (const p of list ?? []) {
    try {
      new RegExp(p);
    } catch {
      throw new DistillError(
        'BAD_REQUEST',
        `Bad Request: ${field} holds an invalid regular expression: ${p}`,
        {
          details: [{ field, message: 'invalid regular expression', code: 'invalid_string' }],
        },
      );
    }
  }
  return list ?? [];
}

export function webhookPlan(w: WebhookInput | null | undefined): WebhookPlan | undefined {
  if (!w) return undefined;
  if (typeof w === 'string')
    return { url: w, headers: {}, metadata: {}, events: ['started', 'page', 'completed', 'failed'] };
  return {
    url: w.url,
    headers: w.headers ?? {},
    metadata: w.metadata ?? {},
    events: w.events?.length ? w.events : ['started', 'page', 'completed', 'failed'],
  };
}

interface PlanContext {
  limits: CrawlLimits;
  userAgent: string;
  allowPrivate: boolean;
  creditBudget?: number;
  keyBudget?: number;
}

const wantsRawHtml = (formats: unknown): boolean =>
  Array.isArray(formats) &&
  formats.some((f) => f === 'rawHtml' || (f as { type?: string })?.type === 'rawHtml');

/** A crawl request, with the server's hard limits applied, as the plan workers follow. */
export function crawlPlan(req: CrawlRequest, c: PlanContext): CrawlPlan {
  if (req.prompt)
    throw new DistillError(
      'NOT_CONFIGURED',
      'Not Implemented: crawl prompts need an LLM to turn them into options, and none is configured; give the options instead',
    );
  const start = startUrl(req.url, req.ignoreQueryParameters);
  const scrapeOptions = { ...(req.scrapeOptions ?? {}) } as CrawlPlan['scrapeOptions'];
  const delayMs = Math.round((req.delay ?? 0) * 1000);
  return {
    kind: 'crawl',
    start,
    includePaths: checkPatterns('includePaths', req.includePaths),
    excludePaths: checkPatterns('excludePaths', req.excludePaths),
    regexOnFullURL: req.regexOnFullURL,
    allowExternalLinks: req.allowExternalLinks,
    allowSubdomains: req.allowSubdomains,
    crawlEntireDomain: req.crawlEntireDomain,
    ignoreQueryParameters: req.ignoreQueryParameters,
    followLinks: true,
    sitemap: req.sitemap,
    maxDepth: Math.min(req.maxDiscoveryDepth ?? c.limits.maxDepth, c.limits.maxDepth),
    pageLimit: Math.min(req.limit ?? c.limits.maxPages, c.limits.maxPages),
    maxBytes: c.limits.maxBytes,
    deadline: Date.now() + c.limits.maxWallMs,
    delayMs,
    // A delay means one request at a time, as Firecrawl does.
    maxConcurrency: delayMs > 0 ? 1 : Math.min(req.maxConcurrency ?? 8, c.limits.maxConcurrency),
    hostConcurrency: c.limits.perHostConcurrency,
    frontierCap: c.limits.maxFrontier,
    ignoreRobots: req.ignoreRobotsTxt,
    userAgent: req.robotsUserAgent || c.userAgent,
    allowPrivate: c.allowPrivate,
    scrapeOptions,
    keepRawHtml: wantsRawHtml(scrapeOptions.formats),
    webhook: webhookPlan(req.webhook),
    zeroDataRetention: req.zeroDataRetention,
    creditBudget: c.creditBudget,
    keyBudget: c.keyBudget,
  };
}

/**
 * A batch scrape: its URLs checked (invalid ones dropped or refused), no links followed. With
 * `appendToId` only the URLs are used: they join that batch, under its own options.
 */
export function batchPlan(
  req: BatchScrapeRequest,
  c: PlanContext,
): { plan: CrawlPlan; urls: string[]; invalid: string[] } {
  const {
    urls: rawUrls,
    webhook,
    appendToId: _append,
    ignoreInvalidURLs,
    maxConcurrency,
    zeroDataRetention,
    origin: _o,
    integration: _i,
    ...scrapeOptions
  } = req;
  const urls: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const raw of rawUrls) {
    const u = normalizeUrl(raw.trim());
    if (!u) {
      if (!ignoreInvalidURLs) throw new DistillError('INVALID_URL', `Invalid URL: ${raw.slice(0, 200)}`);
      invalid.push(raw);
    } else if (!seen.has(u)) {
      seen.add(u);
      urls.push(u);
    }
  }
  if (urls.length === 0)
    throw new DistillError('INVALID_URL', 'Invalid URL: none of the URLs is an absolute http(s) URL');
  if (urls.length > c.limits.maxPages)
    throw new DistillError(
      'BAD_REQUEST',
      `Bad Request: at most ${c.limits.maxPages} URLs per batch on this server`,
    );
  return {
    urls,
    invalid,
    plan: {
      kind: 'batch',
      start: urls[0],
      includePaths: [],
      excludePaths: [],
      regexOnFullURL: false,
      allowExternalLinks: true,
      allowSubdomains: true,
      crawlEntireDomain: true,
      ignoreQueryParameters: false,
      followLinks: false,
      sitemap: 'skip',
      maxDepth: 0,
      // The URLs bound a batch's pages; the server's cap leaves room for URLs appended later.
      pageLimit: c.limits.maxPages,
      maxBytes: c.limits.maxBytes,
      deadline: Date.now() + c.limits.maxWallMs,
      delayMs: 0,
      maxConcurrency: Math.min(maxConcurrency ?? 8, c.limits.maxConcurrency),
      hostConcurrency: c.limits.perHostConcurrency,
      frontierCap: c.limits.maxFrontier,
      ignoreRobots: false,
      userAgent: c.userAgent,
      allowPrivate: c.allowPrivate,
      scrapeOptions: scrapeOptions as CrawlPlan['scrapeOptions'],
      keepRawHtml: true,
      webhook: webhookPlan(webhook),
      zeroDataRetention,
      creditBudget: c.creditBudget,
      keyBudget: c.keyBudget,
    },
  };
}
