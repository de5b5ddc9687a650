import type { PaperIndex, PaperQuery, PaperResult } from './papers/paper-search.js';
import type { OperatorGroup } from './query/match.js';
import type { OperatorName, ParsedQuery } from './query/operators.js';
import type { TimeFilter } from './query/tbs.js';

export type ResultKind = 'web' | 'images' | 'news';

/** What the engine asks a provider for one source type. */
export interface ProviderRequest {
  kind: ResultKind;
  query: ParsedQuery;
  /** How many results the engine would like; providers may return more or fewer. */
  limit: number;
  time?: TimeFilter;
  includeDomains?: string[];
  excludeDomains?: string[];
  country: string;
  location?: string;
  safe?: boolean;
  signal: AbortSignal;
  /**
   * The engine's after-the-fact filter (operators the backend lacks, site:, filetype:, domains,
   * dates). Providers that page through a backend use it to keep fetching until `limit` pass.
   */
  accept?: (result: ProviderResult) => boolean;
}

/** One result as a provider returns it, before the engine shapes it into the spec's types. */
export interface ProviderResult {
  url: string;
  title: string;
  /** The provider's own snippet or description. */
  description: string;
  /** Publication or modification date, ISO 8601, when known. */
  date?: string;
  /** Host for domain matching when the URL has none (local files indexed under a host). */
  host?: string;
  /** For a local file: its path below the indexed folder. */
  path?: string;
  /** The page text, when the provider has it (local index), for highlights and text filters. */
  text?: string;
  imageUrl?: string;
  imageWidth?: number;
  imageHeight?: number;
  /** The URL of the page an image appears on (image results). */
  pageUrl?: string;
  /**
   * The local copy of a result whose `url` is the web address it was saved from: scraping
   * the result parses this file, so an offline index stays offline.
   */
  file?: string;
}

export interface ProviderResponse {
  results: ProviderResult[];
  warnings?: string[];
  /** True when the backend applied the request's tbs range exactly; the engine filters by date otherwise. */
  timeFilterApplied?: boolean;
  /** True when the backend sorted by date as sbd:1 asks. */
  sortedByDate?: boolean;
}

export interface ProviderCapabilities {
  /** Source types the provider can search. */
  sources: ReadonlySet<ResultKind>;
  /** Operators the backend applies itself; the engine post-filters the others it can check. */
  operators: ReadonlySet<OperatorName>;
  /** Whether include/excludeDomains are applied by the backend (the engine checks anyway). */
  domainFilter: boolean;
  /** Whether the backend geo-targets by `location` (the engine warns when it cannot). */
  location?: boolean;
}

/** A search backend. The engine validates, post-filters, highlights, scrapes and bills. */
export interface SearchProvider {
  readonly name: string;
  readonly capabilities: ProviderCapabilities;
  search(request: ProviderRequest): Promise<ProviderResponse>;
  /**
   * Research papers ranked for a query (the `research` category and
   * `GET /v2/search/research/papers`). Providers without a paper index leave it out, and the
   * engine says so in a warning.
   */
  searchPapers?(query: PaperQuery, signal?: AbortSignal): Promise<PaperResult[]>;
  /**
   * The provider's papers as one index (the local index's), for `getPaper` (metadata and
   * in-body passages) and `similarPapers` (its citation graph). Remote providers leave it out.
   */
  papers?(): Promise<PaperIndex>;
}

/** Operator groups the engine always checks after the backend, whatever it claims: the spec says they hold. */
export const ALWAYS_CHECKED: ReadonlySet<OperatorGroup> = new Set(['site', 'filetype']);
