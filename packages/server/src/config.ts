import type { Writable } from 'node:stream';
import { LIMITS, type ParserRegistry } from '@distill/core';
import type { ServedArtifactStore } from './artifacts/store.js';
import type { CrawlEngineOptions } from './crawl/engine.js';
import type { KeyThreatPolicy } from './http/threat-policy.js';
import type { ScrapeService, SearchService } from './services.js';
import type { StateStore } from './state/store.js';

/** Team-gated features of the spec that a key may or may not have (403 when missing). */
export const FEATURES = ['enterprise', 'threatProtection', 'catalogue'] as const;
export type Feature = (typeof FEATURES)[number];

/** Limits that can be set server-wide and overridden per key. */
export interface KeyLimits {
  /** Requests per minute; undefined or 0 = unlimited. */
  rateLimitPerMinute?: number;
  /** Jobs this key may run at once. */
  maxConcurrent?: number;
  /** Jobs of this key that may wait for a slot; beyond it, 429 `Concurrency limit reached`. 0 = no queue. */
  maxQueued?: number;
  /** Credits this key may spend, kept in the state store (so across restarts with `--data-dir` or `--redis`); undefined = unlimited. 402 once spent. */
  credits?: number;
}

export interface ApiKeyConfig extends KeyLimits {
  key: string;
  /** A label for logs; never the key itself. */
  name?: string;
  features?: Feature[];
  /** The organisation's threat-protection policy for this key (see http/threat-policy.ts). */
  threatProtection?: KeyThreatPolicy;
}

export interface LoggerConfig {
  level?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where JSON log lines go (default stdout). */
  stream?: Writable;
}

export interface ServerConfig {
  port?: number;
  /** Interface to bind; default 127.0.0.1. `noAuth` refuses anything but loopback. */
  host?: string;
  /** Keys as strings or with per-key settings. DISTILL_API_KEYS (comma-separated) is added by `serve()`. */
  apiKeys?: (string | ApiKeyConfig)[];
  /** A file of keys: JSON (`[{key, name, features, ...}]` or `{keys: [...]}`) or one key per line. */
  keysFile?: string;
  /** Run without keys; only allowed on a loopback host. */
  noAuth?: boolean;
  /** The inspector page at `GET /` and `POST /ui/inspect` (default on; `--no-ui` turns it off). */
  ui?: boolean;
  /** Features of keys given as plain strings, and of the anonymous caller under noAuth. Default none. */
  defaultFeatures?: Feature[];
  /** Defaults for every key; a key's own settings win. */
  limits?: KeyLimits;
  /** Jobs the whole server runs at once, across keys (bounds memory). */
  maxConcurrentJobs?: number;
  /** Jobs that may wait server-wide for a slot. */
  maxQueuedJobs?: number;
  /** Largest uploaded file; the spec's 50 MB. */
  maxFileBytes?: number;
  /** Largest JSON body (search, scrape) and `options` part. */
  maxJsonBytes?: number;
  /** Time allowed to receive a parse upload; slow uploads past it get 408. */
  uploadTimeoutMs?: number;
  /** Time allowed to send the request line and headers (slow-header attacks); Node answers 408. */
  headersTimeoutMs?: number;
  /** Deadline of a whole request (upload, queue and work); 408 past it. */
  requestTimeoutMs?: number;
  /** How long `close()` waits for in-flight requests before cutting connections. */
  shutdownTimeoutMs?: number;
  /** false = no logs; otherwise pino settings. */
  logger?: boolean | LoggerConfig;
  /** Parsers to use; default the `distill` registry with every parser of this build. */
  registry?: ParserRegistry;
  /**
   * Parse documents in worker threads with a heap cap each, so a document that would exhaust
   * memory fails alone (413) while other requests and /v2/health go on. Default on with the
   * default registry (a custom `registry` lives in this thread, so it parses here instead).
   * Also DISTILL_PARSE_WORKERS (threads) and DISTILL_PARSE_HEAP_MB (heap cap per thread).
   */
  isolateParsing?: boolean | { workers?: number; maxHeapMb?: number };
  /**
   * Backends of `/v2/search` and `/v2/scrape`. `serve()` (and so `distill serve`) plugs in
   * `engineServices()`; a server built with `createServer()` and none answers those routes
   * with an error that says how to enable them.
   */
  services?: { search?: SearchService; scrape?: ScrapeService };
  /**
   * `GET /metrics` (Prometheus): off unless set. With `key`, scrapers send it as a bearer
   * token; without one the server must be bound to loopback.
   */
  metrics?: { key?: string };
  /** Where scrape screenshots and PDFs are kept and served from (`/v2/artifacts/...`). */
  artifacts?: ServedArtifactStore;
  /**
   * Where credits, rate-limit windows and key records are kept (`openState()`: SQLite under
   * the data folder, or Redis). Default in memory, for this server only. The server closes
   * it when it closes.
   */
  state?: StateStore;
  /** Crawl, batch scrape and map: the engine (in-process, or Redis with `queue`), limits, webhooks. */
  crawl?: CrawlEngineOptions;
}

export const DEFAULTS = {
  port: 3002,
  host: '127.0.0.1',
  maxFileBytes: LIMITS.fileSizeBytes,
  maxJsonBytes: 1024 * 1024,
  uploadTimeoutMs: 60_000,
  headersTimeoutMs: 30_000,
  // The longest parse timeout the spec allows, plus time to upload.
  requestTimeoutMs: LIMITS.timeout.max + 60_000,
  shutdownTimeoutMs: 30_000,
  maxConcurrent: 4,
  maxQueued: 32,
  // Parsing runs on the event loop, so more jobs than this add memory, not throughput.
  maxConcurrentJobs: 4,
  maxQueuedJobs: 256,
} as const;

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
export const isLoopback = (host: string): boolean => LOOPBACK.has(host) || /^127\./.test(host);
