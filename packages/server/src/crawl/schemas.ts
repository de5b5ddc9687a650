import { clientFields, scrapeOptionsShape } from '@distill/core';
import { z } from 'zod';

/** The hard ceiling of any one crawl's page count, whatever the request asks. */
export const MAX_CRAWL_PAGES = 100_000;

const webhookSchema = z.union([
  z.string().url(),
  z
    .object({
      url: z.string().url(),
      headers: z.record(z.string()).optional(),
      metadata: z.record(z.string()).optional(),
      events: z.array(z.enum(['completed', 'failed', 'page', 'started'])).optional(),
    })
    .strict(),
]);

const scrapeOptionsSchema = z.object(scrapeOptionsShape).strict();

/** The body of `POST /v2/crawl`, as the official client's `CrawlOptions` sends it. */
export const crawlRequestSchema = z
  .object({
    url: z.string().min(1),
    prompt: z.string().nullish(),
    excludePaths: z.array(z.string()).nullish(),
    includePaths: z.array(z.string()).nullish(),
    maxDiscoveryDepth: z.number().int().min(0).nullish(),
    sitemap: z.enum(['skip', 'include', 'only']).default('include'),
    ignoreQueryParameters: z.boolean().default(false),
    deduplicateSimilarURLs: z.boolean().default(true),
    limit: z.number().int().min(1).max(MAX_CRAWL_PAGES).nullish(),
    crawlEntireDomain: z.boolean().default(false),
    allowExternalLinks: z.boolean().default(false),
    allowSubdomains: z.boolean().default(false),
    ignoreRobotsTxt: z.boolean().default(false),
    robotsUserAgent: z.string().max(200).nullish(),
    /** Seconds between requests to one host (the client's unit). */
    delay: z.number().min(0).max(3600).nullish(),
    maxConcurrency: z.number().int().min(1).max(256).nullish(),
    regexOnFullURL: z.boolean().default(false),
    webhook: webhookSchema.nullish(),
    scrapeOptions: scrapeOptionsSchema.nullish(),
    zeroDataRetention: z.boolean().default(false),
    ...clientFields,
  })
  .strict();
export type CrawlRequest = z.infer<typeof crawlRequestSchema>;
export type WebhookInput = z.infer<typeof webhookSchema>;

/** `POST /v2/batch/scrape`: URLs plus the scrape options flattened in, as the client sends them. */
export const batchScrapeRequestSchema = z
  .object({
    urls: z.array(z.string()).min(1).max(MAX_CRAWL_PAGES),
    ...scrapeOptionsShape,
    webhook: webhookSchema.nullish(),
    appendToId: z.string().nullish(),
    ignoreInvalidURLs: z.boolean().default(true),
    maxConcurrency: z.number().int().min(1).max(256).nullish(),
    zeroDataRetention: z.boolean().default(false),
    ...clientFields,
  })
  .strict();
export type BatchScrapeRequest = z.infer<typeof batchScrapeRequestSchema>;

/** `POST /v2/map`. */
export const mapRequestSchema = z
  .object({
    url: z.string().min(1),
    search: z.string().max(500).optional(),
    sitemap: z.enum(['skip', 'include', 'only']).default('include'),
    includeSubdomains: z.boolean().default(true),
    ignoreQueryParameters: z.boolean().default(true),
    limit: z.number().int().min(1).max(100_000).default(5000),
    timeout: z.number().int().min(1000).max(300_000).optional(),
    /** Render pages in the browser while discovering links (slow; off by default). */
    render: z.boolean().default(false),
    location: z.unknown().optional(),
    threatProtection: z.unknown().optional(),
    auditMetadata: z.unknown().optional(),
    ...clientFields,
  })
  .strict();
export type MapRequest = z.infer<typeof mapRequestSchema>;

export const paramsPreviewSchema = z
  .object({ url: z.string().min(1), prompt: z.string().min(1), ...clientFields })
  .strict();
