/**
 * The hard limits that make a runaway crawl impossible. Each has a server default (set with
 * `distill serve --crawl-*` flags) that a request may lower but never raise.
 */
export interface CrawlLimits {
  /** Pages stored per job, whatever `limit` asks. */
  maxPages: number;
  /** Link hops from the start URL or a sitemap entry. */
  maxDepth: number;
  /** Bytes of stored results per job. */
  maxBytes: number;
  /** Wall time of a job, from its start. */
  maxWallMs: number;
  /** URLs admitted but not yet settled, per job (the frontier held in memory or Redis). */
  maxFrontier: number;
  /** Requests in flight per host: in this process, or with the queue engine over all its workers. */
  perHostConcurrency: number;
  /** Pages in flight per job, per process (a request's maxConcurrency is capped here). */
  maxConcurrency: number;
  /** Pages in flight across all jobs of the in-process engine. */
  maxConcurrentPages: number;
  /** Jobs running at once on this server (each holds a frontier and results): 429 past it. */
  maxActiveJobs: number;
  /** How long a finished job's status and results stay readable. */
  retentionMs: number;
}

export const DEFAULT_CRAWL_LIMITS: CrawlLimits = {
  maxPages: 10_000,
  maxDepth: 25,
  maxBytes: 512 * 1024 * 1024,
  maxWallMs: 2 * 3600 * 1000,
  maxFrontier: 100_000,
  perHostConcurrency: 16,
  maxConcurrency: 64,
  maxConcurrentPages: 64,
  maxActiveJobs: 64,
  retentionMs: 24 * 3600 * 1000,
};

/** What each limit means in a status's warning. */
export const LIMIT_TEXT: Record<string, string> = {
  pages: 'the page limit',
  maxDiscoveryDepth: 'the discovery depth limit (links deeper were not followed)',
  totalBytes: 'the total size limit of stored results',
  wallTime: 'the wall-time limit',
  frontier: 'the frontier size cap (further URLs were not queued)',
  credits: "the caller's credit budget",
};
