import type { ScrapeRequest, SearchRequest, ThreatProtectionOverride } from '@distill/core';

/** What a service gets besides the validated request. */
export interface JobContext {
  /** Fires on the request deadline, a client disconnect or shutdown. */
  signal: AbortSignal;
  /** Nothing about the request may be cached, stored or logged. */
  zeroDataRetention: boolean;
  /** The job id returned to the caller. */
  id: string;
  /**
   * Threat protection for every URL the job fetches: the key's organisation policy with the
   * request's override (search-level `threatProtection`, or scrape's) merged over it.
   */
  threatProtection?: ThreatProtectionOverride;
}

/**
 * What a job did that costs credits; the server prices it with the spec's rules
 * (`credits.ts`), so services never compute prices themselves.
 */
export interface Usage {
  /** Search results returned, across web, news and images (tools are free). */
  results?: number;
  /** PDF pages parsed (1 credit each); documents that are not PDFs count 1. */
  pagesParsed?: number;
  /** Documents returned base64 because `parsers: []` (flat 1 credit each). */
  rawPdfs?: number;
  /** Pages scraped and converted (1 credit each). */
  pagesScraped?: number;
  /** Lockdown cache lookups: 5 credits per hit, 1 per miss. */
  lockdownHits?: number;
  lockdownMisses?: number;
  /** URLs checked by threat protection in `normal` mode (+2 each). */
  urlsScanned?: number;
  /** Prompt-injection checks that ran (+4 each). */
  promptInjectionChecks?: number;
}

export interface SearchOutcome {
  /** The spec's search `data`: web, images, news, tools. */
  data: Record<string, unknown>;
  warning?: string | null;
  usage: Usage;
}

export interface ScrapeOutcome {
  /** The scrape `data` (markdown, html, metadata, ...). */
  data: Record<string, unknown>;
  usage: Usage;
}

/** What `GET /v2/health` says of an operation: whether it answers, and with what. */
export interface ServiceStatus {
  live: boolean;
  /** The backend, e.g. `local-index`, `searxng`, `brave`; null when none is configured. */
  provider?: string | null;
  /** Anything else an operator wants to see (engines, index folder, ...). */
  [key: string]: unknown;
}

/** A ranked research paper, as the official client's `research.searchPapers` reads it. */
export interface PaperRecord {
  paperId: string;
  primaryId: string;
  ids: Record<string, string[]>;
  title: string;
  abstract: string;
  score: number;
  /** Where the paper was indexed from. */
  url?: string;
}

/** `POST /v2/search`: @distill/search behind `engineServices()`, or your own. */
export interface SearchService {
  search(request: SearchRequest, ctx: JobContext): Promise<SearchOutcome>;
  /**
   * `GET /v2/search/research/papers` with its raw query string (the service validates it).
   * A service without it, or without a paper index, answers 501 NOT_CONFIGURED.
   */
  searchPapers?(
    query: Record<string, string | string[] | undefined>,
    ctx: JobContext,
  ): Promise<{ results: PaperRecord[] }>;
  /**
   * `GET /v2/search/research/papers/{id}`: the paper's metadata, or with `query` its in-body
   * passages, as the official client's `research.getPaper` reads them (404 for an unknown id).
   */
  getPaper?(
    id: string,
    query: Record<string, string | string[] | undefined>,
    ctx: JobContext,
  ): Promise<Record<string, unknown> & { paper: unknown }>;
  /**
   * `GET /v2/search/research/papers/{id}/similar`: related papers by citation, as
   * `research.similarPapers` reads them (`{results, poolSize, truncated, note}`).
   */
  similarPapers?(
    id: string,
    query: Record<string, string | string[] | undefined>,
    ctx: JobContext,
  ): Promise<Record<string, unknown> & { results: PaperRecord[] }>;
  status?(): ServiceStatus;
}

/** `POST /v2/scrape`: @distill/web behind `engineServices()`, or your own. */
export interface ScrapeService {
  scrape(request: ScrapeRequest, ctx: JobContext): Promise<ScrapeOutcome>;
  status?(): ServiceStatus;
}
