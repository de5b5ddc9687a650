import { randomUUID } from 'node:crypto';
import { type DistillError, formatFromExtension, toDistillError } from '@distill/core';
import { priceUsage } from '../limits/credits.js';
import type { Hold } from '../limits/ledger.js';
import type { ScrapeService } from '../services.js';
import type { HostLimiter } from './host-gate.js';
import { extractLinks } from './links.js';
import type { RobotsCache } from './robots-cache.js';
import { readSitemaps } from './sitemap.js';
import { abortableSleep } from './sleep.js';
import type { CrawlPlan, FrontierEntry, JobStore, Recorded } from './types.js';
import { normalizeUrl, outOfScope, type ScopeRules } from './urls.js';
import type { WebhookSender } from './webhooks.js';

/** What processing a page needs; the in-process engine and `distill worker` each build one. */
export interface PageEnv {
  store: JobStore;
  scrape: ScrapeService;
  robots: RobotsCache;
  hosts: HostLimiter;
  webhooks: WebhookSender;
  /** Hands admitted URLs to whoever processes pages (the local runner, or BullMQ). */
  dispatch(id: string, entries: FrontierEntry[]): Promise<void>;
  /** Fires when the job is cancelled, to stop a page mid-scrape (the local engine knows at once). */
  signalFor(id: string): AbortSignal | undefined;
  /**
   * Charges pages as they are stored: a hold before the page is fetched, settled with its
   * price as it is stored, so a page is stored only once charged and a store that fails fails
   * the page. The in-process engine holds on the server's ledger; queue workers on a ledger over
   * the same state store in Redis, so a crawl cannot overdraw whichever process runs its pages.
   */
  credits?: PageCredits;
  /** Called once when the job ends, whoever ends it. */
  onFinished?(id: string): void;
}

/** The ledger as a page sees it (see `PageEnv.credits`). */
export interface PageCredits {
  /** Holds credits before a page is fetched; undefined when the key's budget cannot cover it. */
  hold(owner: string, budget: number | undefined): Promise<Hold | undefined>;
  /** Charges the page's price; false (nothing charged) past the budget. */
  settle(hold: Hold, credits: number): Promise<boolean>;
  release(hold: Hold): Promise<void>;
}

/**
 * The frontier entry that reads the site's sitemaps. It is pending like a page, so a job never
 * completes while its sitemaps are still being read, and under the queue engine a worker reads
 * them (and a dead worker's read is retried) like any page.
 */
export const DISCOVER = 'urn:distill:sitemaps';

/** Entries at depth 0 that seed a crawl: the start URL and, unless skipped, the sitemap read. */
export const seedsOf = (plan: CrawlPlan): FrontierEntry[] => [
  ...(plan.sitemap !== 'only' ? [{ url: plan.start, depth: 0 }] : []),
  ...(plan.sitemap !== 'skip' && plan.kind === 'crawl' ? [{ url: DISCOVER, depth: 0 }] : []),
];

const underLockdown = (plan: CrawlPlan) => plan.scrapeOptions.lockdown === true;

async function discover(env: PageEnv, id: string, plan: CrawlPlan, rerun: boolean): Promise<void> {
  const meta = await env.store.meta(id);
  if (!meta || meta.status !== 'scraping') return;
  const start = new URL(plan.start);
  // Lockdown never contacts the target: no robots.txt, no sitemaps (the cache has neither).
  const urls = underLockdown(plan)
    ? []
    : await (async () => {
        const robots = await env.robots.get(start, plan.userAgent);
        const roots = robots.sitemaps.length ? robots.sitemaps : [`${start.origin}/sitemap.xml`];
        return readSitemaps(roots, {
          allowPrivate: plan.allowPrivate,
          userAgent: plan.userAgent,
          signal: env.signalFor(id),
          maxUrls: plan.frontierCap,
        });
      })();
  const scope = scopeOf(id, plan);
  const entries: FrontierEntry[] = [];
  for (const raw of urls) {
    const u = normalizeUrl(raw, undefined, plan.ignoreQueryParameters);
    if (u && !outOfScope(new URL(u), scope)) entries.push({ url: u, depth: 0 });
  }
  if (plan.sitemap === 'only' && entries.length === 0) entries.push({ url: plan.start, depth: 0 });
  const { added, capped } = await env.store.admit(id, entries, plan.frontierCap);
  if (capped) await env.store.addLimit(id, 'frontier');
  await env.dispatch(id, rerun ? entries : added);
}

const scopes = new Map<string, ScopeRules>();

/** The plan's scope rules, compiled once per job per process (a small LRU). */
export function scopeOf(id: string, plan: CrawlPlan): ScopeRules {
  let s = scopes.get(id);
  if (!s) {
    s = {
      start: new URL(plan.start),
      includePaths: plan.includePaths.map((p) => new RegExp(p)),
      excludePaths: plan.excludePaths.map((p) => new RegExp(p)),
      regexOnFullURL: plan.regexOnFullURL,
      allowExternalLinks: plan.allowExternalLinks,
      allowSubdomains: plan.allowSubdomains,
      crawlEntireDomain: plan.crawlEntireDomain,
    };
    scopes.set(id, s);
    if (scopes.size > 256) scopes.delete(scopes.keys().next().value as string);
  }
  return s;
}

/** Catalogue code of an HTTP error status a page answered with. */
const statusCode = (s: number): string =>
  s === 404 || s === 410
    ? 'NOT_FOUND'
    : s === 401 || s === 403
      ? 'FORBIDDEN'
      : s === 429
        ? 'RATE_LIMIT_EXCEEDED'
        : s >= 500
          ? 'BAD_GATEWAY'
          : 'BAD_REQUEST';

/**
 * Ends a job once its last page settled: status completed, the `completed` webhook. Safe to
 * call from any worker: `finish` is atomic, so only one caller sends the event.
 */
async function complete(env: PageEnv, id: string, plan: CrawlPlan): Promise<void> {
  const meta = await env.store.meta(id);
  // A job that stored nothing because every page failed has failed; one that found nothing
  // allowed (robots.txt, scope) has not.
  const errs = meta && meta.completed === 0 ? (await env.store.errors(id)).errors : [];
  if (errs.length > 0) {
    const error = `No page could be scraped; the first error: ${errs[0].error} (${errs[0].url})`;
    if (await env.store.finish(id, 'failed', error)) {
      env.webhooks.send(plan.webhook, plan.kind, id, 'failed', [], error);
      env.onFinished?.(id);
    }
  } else if (await env.store.finish(id, 'completed')) {
    env.webhooks.send(plan.webhook, plan.kind, id, 'completed', []);
    env.onFinished?.(id);
  }
}

/**
 * Processes one frontier URL of a job: checks the limits, robots.txt and politeness, scrapes,
 * stores the page under its final URL once, admits its links. Settles the URL whatever
 * happens, so the job completes. A rerun (a worker died mid-page) redoes the work; the store
 * keeps results unique, and the links are handed on again in case they were lost.
 */
export async function processPage(
  env: PageEnv,
  id: string,
  entry: FrontierEntry,
  rerun = false,
): Promise<void> {
  const { store } = env;
  if (await store.isSettled(id, entry.url)) return;
  const plan = await store.plan(id);
  if (!plan) return;
  try {
    if (entry.url === DISCOVER) await discover(env, id, plan, rerun);
    else await visit(env, id, plan, entry, rerun);
  } finally {
    if (await store.settle(id, entry.url)) await complete(env, id, plan);
  }
}

/** Lists a page's failure under its URL, with its catalogue code. */
async function pageError(store: JobStore, id: string, url: string, e: unknown): Promise<void> {
  const err: DistillError = toDistillError(e);
  await store.addError(id, {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    url,
    code: err.code,
    error: err.message,
  });
}

/** Requests to one host in flight at once: the job's own concurrency, under the server's per-host cap. */
const hostLimit = (plan: CrawlPlan) =>
  Math.min(plan.maxConcurrency, plan.hostConcurrency ?? plan.maxConcurrency);

async function visit(
  env: PageEnv,
  id: string,
  plan: CrawlPlan,
  entry: FrontierEntry,
  rerun: boolean,
): Promise<void> {
  const { store } = env;
  const meta = await store.meta(id);
  if (!meta || meta.status !== 'scraping') return;
  if (Date.now() > plan.deadline) return store.addLimit(id, 'wallTime');
  if (meta.bytes >= plan.maxBytes) return store.addLimit(id, 'totalBytes');
  if (plan.creditBudget !== undefined && meta.creditsUsed >= plan.creditBudget)
    return store.addLimit(id, 'credits');
  const url = new URL(entry.url);
  // Under lockdown robots.txt is not fetched either: the spec's lockdown never contacts the target.
  const robots =
    plan.ignoreRobots || underLockdown(plan) ? undefined : await env.robots.get(url, plan.userAgent);
  if (robots && !robots.allowed(url)) return store.addRobotsBlocked(id, entry.url);
  if (!(await store.reserve(id, plan.pageLimit))) return store.addLimit(id, 'pages');
  let kept = false;
  let hold: Hold | undefined;
  let release: (() => Promise<void>) | undefined;
  // The politeness delay: the request's, or robots.txt's Crawl-delay if longer, per host,
  // counted between request starts and again from each response's end (whichever is later).
  const delay = Math.max(plan.delayMs, (robots?.crawlDelay ?? 0) * 1000);
  const signal = env.signalFor(id);
  try {
    try {
      release = await env.hosts.enter(url.host, hostLimit(plan), signal);
    } catch (e) {
      if (signal?.aborted) return;
      throw e;
    }
    await abortableSleep(await store.hostSlot(id, url.host, delay), signal);
    if (signal?.aborted) return;
    if (env.credits) {
      // Held right before the fetch, as every charged route holds at the door: a spent key
      // fetches nothing, and a store that fails fails the page (listed in /errors).
      try {
        hold = await env.credits.hold(meta.owner, plan.keyBudget);
      } catch (e) {
        return await pageError(store, id, entry.url, e);
      }
      if (!hold) return await store.addLimit(id, 'credits');
    }
    await fetchAndStore(env, id, plan, entry, rerun, hold, signal, () => {
      kept = true;
    });
  } finally {
    try {
      if (release && delay > 0) await store.hostDone(id, url.host, delay);
    } finally {
      await release?.();
      if (hold) await env.credits?.release(hold).catch(() => undefined);
      if (!kept) await store.release(id);
    }
  }
}

/**
 * Scrapes the page, stores it under its final URL once (charged first when the engine charges
 * pages; `stored` is called as soon as it is) and admits its links.
 */
async function fetchAndStore(
  env: PageEnv,
  id: string,
  plan: CrawlPlan,
  entry: FrontierEntry,
  rerun: boolean,
  hold: Hold | undefined,
  signal: AbortSignal | undefined,
  stored: () => void,
): Promise<void> {
  const { store } = env;
  const url = new URL(entry.url);
  const format = formatFromExtension(url.pathname);
  const isDocument = format !== undefined && format !== 'html' && format !== 'xhtml';
  const formats = [...((plan.scrapeOptions.formats as unknown[] | undefined) ?? [{ type: 'markdown' }])];
  const wantLinks = plan.followLinks && !isDocument;
  if (wantLinks && !plan.keepRawHtml) formats.push({ type: 'rawHtml' });
  let data: Record<string, unknown>;
  let credits: number;
  try {
    const out = await env.scrape.scrape(
      {
        ...plan.scrapeOptions,
        formats,
        url: entry.url,
        zeroDataRetention: plan.zeroDataRetention,
      } as never,
      {
        signal: signal ?? new AbortController().signal,
        zeroDataRetention: plan.zeroDataRetention,
        id: `${id}:${randomUUID()}`,
      },
    );
    data = out.data;
    credits = priceUsage(out.usage);
  } catch (e) {
    if (signal?.aborted) return;
    await pageError(store, id, entry.url, e);
    if ((e as { code?: unknown })?.code === 'SCRAPE_LOCKDOWN_CACHE_MISS') await chargeMiss(env, id, hold);
    return;
  }
  // Cancelled while the page was on its way: it is not stored (nor charged).
  if (signal?.aborted) return;
  const metadata = (data.metadata ?? {}) as { url?: string; statusCode?: number };
  const finalUrl =
    normalizeUrl(metadata.url ?? entry.url, undefined, plan.ignoreQueryParameters) ?? entry.url;
  const rawHtml = typeof data.rawHtml === 'string' ? data.rawHtml : undefined;
  if (!plan.keepRawHtml) delete data.rawHtml;
  if ((metadata.statusCode ?? 200) >= 400) {
    await store.addError(id, {
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      url: entry.url,
      code: statusCode(metadata.statusCode as number),
      error: `HTTP ${metadata.statusCode}`,
    });
    return;
  }
  if (finalUrl !== entry.url) {
    // A redirect: the page it lands on must itself be in scope and allowed.
    const landed = new URL(finalUrl);
    if (plan.kind === 'crawl' && outOfScope(landed, scopeOf(id, plan))) return;
    if (
      !plan.ignoreRobots &&
      !underLockdown(plan) &&
      !(await env.robots.get(landed, plan.userAgent)).allowed(landed)
    ) {
      await store.addRobotsBlocked(id, finalUrl);
      return;
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(data));
  let overBudget = false;
  const charge =
    hold && env.credits
      ? async () => {
          const ok = await (env.credits as PageCredits).settle(hold, credits);
          overBudget = !ok;
          return ok;
        }
      : undefined;
  let rec: Recorded;
  try {
    rec = await store.record(id, finalUrl, data, credits, bytes, charge);
  } catch (e) {
    // The ledger did not answer: the page is not stored, and says why in /errors.
    await pageError(store, id, entry.url, e);
    return;
  }
  if (overBudget) await store.addLimit(id, 'credits');
  if (rec.added) {
    stored();
    env.webhooks.send(plan.webhook, plan.kind, id, 'page', [data]);
    if (rec.bytes >= plan.maxBytes) await store.addLimit(id, 'totalBytes');
  }
  if (plan.followLinks && rawHtml !== undefined && (rec.added || rerun)) {
    await admitLinks(
      env,
      id,
      plan,
      extractLinks(rawHtml, finalUrl, plan.ignoreQueryParameters),
      entry.depth + 1,
      rerun,
    );
  }
}

/**
 * The spec prices a lockdown miss at 1 credit on every path: the page stored nothing, but its
 * hold is settled for the miss and the job counts it. Past the budget it is not charged, and
 * the job stops at its credit limit.
 */
async function chargeMiss(env: PageEnv, id: string, hold: Hold | undefined): Promise<void> {
  if (!hold || !env.credits) return;
  const credits = priceUsage({ lockdownMisses: 1 });
  if (await env.credits.settle(hold, credits)) await env.store.addCredits(id, credits);
  else await env.store.addLimit(id, 'credits');
}

/** Admits a page's in-scope links at `depth` and dispatches the new ones. */
export async function admitLinks(
  env: PageEnv,
  id: string,
  plan: CrawlPlan,
  links: string[],
  depth: number,
  rerun = false,
): Promise<void> {
  if (plan.sitemap === 'only') return;
  const scope = scopeOf(id, plan);
  const inScope: FrontierEntry[] = [];
  for (const l of links) if (!outOfScope(new URL(l), scope)) inScope.push({ url: l, depth });
  if (inScope.length === 0) return;
  if (depth > plan.maxDepth) return env.store.addLimit(id, 'maxDiscoveryDepth');
  const { added, capped } = await env.store.admit(id, inScope, plan.frontierCap);
  if (capped) await env.store.addLimit(id, 'frontier');
  // A rerun hands on every link again: the first run may have admitted them and died before
  // dispatching. Duplicates are harmless: jobs are keyed by URL, and settled URLs are skipped.
  await env.dispatch(id, rerun ? inScope : added);
}
