import type {
  Chunk,
  ParserRegistry,
  ResultMetadata,
  ScrapeOptions,
  scrapeOptionsSchema,
} from '@distill/core';
import type { z } from 'zod';
import type { ArtifactStore } from './artifacts.js';
import type { BrowserPool, BrowserPoolOptions } from './browser/pool.js';
import type { CacheAdapter } from './cache/adapter.js';
import type { ChangeTrackingResult } from './formats/change-tracking.js';
import type { Branding } from './formats/structured/branding.js';
import type { Menu } from './formats/structured/menu.js';
import type { Product } from './formats/structured/product.js';
import type { LlmProvider } from './llm.js';
import type { RiskClassifier, ThreatPolicy } from './safety/threat.js';

/** ScrapeOptions as callers write them (defaults not yet applied). */
export type ScrapeOptionsInput = z.input<typeof scrapeOptionsSchema>;
export type { ScrapeOptions };

/** Per-call settings that are not part of the spec's options. */
export interface ScrapeRuntime {
  /** A cache adapter, or false for none. Default: the scraper's (a folder). */
  cache?: CacheAdapter | false;
  /** A shared browser pool (or options for the scraper's own). */
  browser?: BrowserPool;
  /** Allow loopback, private and link-local targets (default: DISTILL_ALLOW_PRIVATE_URLS=1). */
  allowPrivateUrls?: boolean;
  signal?: AbortSignal;
  llm?: LlmProvider;
  /** Never write anything about this request (cache, change history, profiles stay read-only). */
  zeroDataRetention?: boolean;
  /** The organisation's threat-protection policy; the request's override is merged over it. */
  threatProtection?: ThreatPolicy;
  riskClassifier?: RiskClassifier;
  artifacts?: ArtifactStore;
  registry?: ParserRegistry;
}

export interface ScraperConfig extends Omit<ScrapeRuntime, 'browser' | 'signal'> {
  browser?: BrowserPool | BrowserPoolOptions;
  /** Root folder for the default cache, screenshots and profiles (default DISTILL_CACHE_DIR or ~/.cache/distill). */
  dataDir?: string;
  /** Return screenshots and PDFs as data URLs instead of files. */
  artifactsAsDataUrls?: boolean;
  /** Largest response accepted, in bytes (default 100 MB). */
  maxResponseBytes?: number;
}

export interface ScrapeMetadata extends ResultMetadata {
  sourceURL: string;
  url: string;
  statusCode: number;
  proxyUsed?: 'basic' | 'enhanced';
  cacheState?: 'hit' | 'miss';
  cachedAt?: string;
  scrapeId?: string;
  screenshotExpiresAt?: string;
}

/** The spec's scrape document. */
export interface ScrapeDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  rawBase64?: string;
  links?: string[];
  images?: string[];
  screenshot?: string;
  summary?: string;
  json?: unknown;
  actions?: {
    screenshots: string[];
    scrapes: { url: string; html: string }[];
    javascriptReturns: { type: string; value: unknown }[];
    pdfs: string[];
  };
  changeTracking?: ChangeTrackingResult & { json?: Record<string, unknown> };
  product?: Product;
  menu?: Menu;
  branding?: Branding;
  /** PDF parser `pages: true`: each page's Markdown. */
  pages?: { pageNumber: number; markdown: string }[];
  /** PDF parser `blocks: true`: typed layout blocks. */
  blocks?: unknown[];
  /** distill's `chunks` format. */
  chunks?: Chunk[];
  metadata: ScrapeMetadata;
  warning?: string;
}
