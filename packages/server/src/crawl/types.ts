import type { ScrapeOptionsInput } from '@distill/web';

export type JobKind = 'crawl' | 'batch';
export type JobStatus = 'scraping' | 'completed' | 'failed' | 'cancelled';

/** A hard limit a job ran into; each one reached is listed in the status, never silent. */
export type LimitName = 'pages' | 'maxDiscoveryDepth' | 'totalBytes' | 'wallTime' | 'frontier' | 'credits';

export interface WebhookPlan {
  url: string;
  headers: Record<string, string>;
  metadata: Record<string, string>;
  events: ('started' | 'page' | 'completed' | 'failed')[];
}

/**
 * Everything a worker needs to process a page of the job, stored with it (in Redis under the
 * queue engine), so any worker process, or a restarted server, can carry on.
 */
export interface CrawlPlan {
  kind: JobKind;
  start: string;
  includePaths: string[];
  excludePaths: string[];
  regexOnFullURL: boolean;
  allowExternalLinks: boolean;
  allowSubdomains: boolean;
  crawlEntireDomain: boolean;
  ignoreQueryParameters: boolean;
  /** Follow links found on pages (false for batch scrape). */
  followLinks: boolean;
  sitemap: 'skip' | 'include' | 'only';
  maxDepth: number;
  pageLimit: number;
  maxBytes: number;
  /** Epoch ms after which no page is started. */
  deadline: number;
  delayMs: number;
  maxConcurrency: number;
  /** The server's cap of requests in flight per host, over all its workers (absent in plans of older servers). */
  hostConcurrency?: number;
  frontierCap: number;
  ignoreRobots: boolean;
  userAgent: string;
  allowPrivate: boolean;
  scrapeOptions: ScrapeOptionsInput;
  /** Which formats the caller asked for: links are stripped when the crawler added them. */
  keepRawHtml: boolean;
  webhook?: WebhookPlan;
  zeroDataRetention: boolean;
  /** The caller's credit budget left at the start (undefined = unlimited). */
  creditBudget?: number;
  /** The key's whole budget, which the ledger holds and settles pages against (undefined = unlimited). */
  keyBudget?: number;
}

export interface JobMeta {
  id: string;
  kind: JobKind;
  /** The API key id that started the job: only it may read or cancel it. */
  owner: string;
  /** The key's label, for /v2/crawl/active's teamId. */
  ownerName: string;
  url: string;
  status: JobStatus;
  createdAt: number;
  expiresAt: number;
  /** URLs admitted to the frontier. */
  total: number;
  /** Pages with a result. */
  completed: number;
  creditsUsed: number;
  bytes: number;
  limitsReached: LimitName[];
  error?: string;
  /** The request as given (for /v2/crawl/active's options), without the webhook's headers. */
  options: Record<string, unknown>;
}

export interface PageError {
  id: string;
  timestamp: string;
  url: string;
  code: string;
  error: string;
}

export interface FrontierEntry {
  url: string;
  depth: number;
}

/** The result of recording a page. */
export interface Recorded {
  /** False when another URL already produced this page (a redirect to it, a retry). */
  added: boolean;
  completed: number;
  bytes: number;
  creditsUsed: number;
}

/**
 * Where jobs live: the in-process maps, or Redis. Every operation that two workers could race
 * on (admitting URLs, recording a page, settling one) is atomic in both.
 */
export interface JobStore {
  create(meta: JobMeta, plan: CrawlPlan, seeds: FrontierEntry[]): Promise<FrontierEntry[]>;
  meta(id: string): Promise<JobMeta | undefined>;
  plan(id: string): Promise<CrawlPlan | undefined>;
  /** Sets the status unless the job already ended; true when this call ended it. */
  finish(id: string, status: Exclude<JobStatus, 'scraping'>, error?: string): Promise<boolean>;
  addLimit(id: string, limit: LimitName): Promise<void>;
  /** Marks the URLs seen; returns the new ones (they count in total and pending), up to the frontier cap. */
  admit(
    id: string,
    entries: FrontierEntry[],
    cap: number,
  ): Promise<{ added: FrontierEntry[]; capped: boolean }>;
  /**
   * Admits URLs appended to a batch, in one step with its status: a batch that completed or
   * failed runs again (`reopened`); a cancelled one takes nothing (`closed`).
   */
  append(
    id: string,
    entries: FrontierEntry[],
    cap: number,
  ): Promise<{ added: FrontierEntry[]; capped: boolean; reopened: boolean; closed: boolean }>;
  /** URLs already settled (their page is done one way or another). */
  isSettled(id: string, url: string): Promise<boolean>;
  /** Reserves a page slot under the page limit; false when the limit is taken. */
  reserve(id: string, limit: number): Promise<boolean>;
  release(id: string): Promise<void>;
  /**
   * Stores a page under its final URL once, while the job is running; counts its credits and
   * bytes. With `charge`, the URL is claimed first and the page stored only if `charge`
   * resolves true (the claim is given back when it resolves false or throws, and the error
   * passed on), so a page is stored exactly when it was paid for.
   */
  record(
    id: string,
    key: string,
    doc: unknown,
    credits: number,
    bytes: number,
    charge?: () => Promise<boolean>,
  ): Promise<Recorded>;
  addError(id: string, e: PageError): Promise<void>;
  addRobotsBlocked(id: string, url: string): Promise<void>;
  /** Marks a URL done; true when it was the last pending one. */
  settle(id: string, url: string): Promise<boolean>;
  results(id: string, skip: number, take: number): Promise<unknown[]>;
  errors(id: string): Promise<{ errors: PageError[]; robotsBlocked: string[] }>;
  /** Milliseconds to wait before the next request to `host`, reserving the slot after it. */
  hostSlot(id: string, host: string, delayMs: number): Promise<number>;
  /** A request to `host` ended: the next may not start before `delayMs` from now. */
  hostDone(id: string, host: string, delayMs: number): Promise<void>;
  /** Ids of jobs still scraping. */
  active(): Promise<string[]>;
  /**
   * Counts credits charged for a page that stored nothing (a lockdown miss costs 1 credit), so
   * the job's `creditsUsed` is what its pages were charged.
   */
  addCredits(id: string, credits: number): Promise<void>;
  close(): Promise<void>;
}
