import type { ParserRegistry } from '@distill/core';
import type { ServedArtifactStore } from './artifacts/store.js';
import type { KeyRecord, KeyStore } from './auth/keys.js';
import type { KeyLimits, ServerConfig } from './config.js';
import type { Drain } from './http/drain.js';
import type { ConcurrencyGate } from './limits/concurrency.js';
import type { CreditLedger } from './limits/ledger.js';
import type { RateLimiter } from './limits/rate-limiter.js';
import type { ServerMetrics } from './metrics.js';
import type { ParsePool } from './parse-pool.js';
import type { ScrapeService, SearchService } from './services.js';
import type { StateStore } from './state/store.js';

/** Settings with every default filled in. */
export interface ResolvedConfig {
  port: number;
  host: string;
  noAuth: boolean;
  limits: Required<Pick<KeyLimits, 'maxConcurrent' | 'maxQueued'>> & KeyLimits;
  maxConcurrentJobs: number;
  maxQueuedJobs: number;
  maxFileBytes: number;
  maxJsonBytes: number;
  uploadTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  logger: ServerConfig['logger'];
}

/** What the routes share. */
export interface ServerContext {
  config: ResolvedConfig;
  keys: KeyStore;
  /** The caller under `noAuth`. */
  anonymous: KeyRecord;
  rate: RateLimiter;
  gate: ConcurrencyGate;
  ledger: CreditLedger;
  /** Where credits, rate-limit windows and key records are kept. */
  state: StateStore;
  registry: ParserRegistry;
  /** Worker threads that parse uploads, when parsing is isolated. */
  parsePool?: ParsePool;
  services: { search?: SearchService; scrape?: ScrapeService };
  artifacts?: ServedArtifactStore;
  metrics?: ServerMetrics;
  /** Requests and jobs a shutdown waits for; `drain.closing` once it has begun. */
  drain: Drain;
}

/** A key's limits: its own settings, else the server's. */
export function limitsOf(
  ctx: ServerContext,
  key: KeyRecord,
): Required<Pick<KeyLimits, 'maxConcurrent' | 'maxQueued'>> & KeyLimits {
  const d = ctx.config.limits;
  return {
    rateLimitPerMinute: key.rateLimitPerMinute ?? d.rateLimitPerMinute,
    maxConcurrent: key.maxConcurrent ?? d.maxConcurrent,
    maxQueued: key.maxQueued ?? d.maxQueued,
    credits: key.credits ?? d.credits,
  };
}
