import { z } from 'zod';
import { formatsSchema } from './formats.js';
import { clientFields, scrapeOptionsShape } from './scrape-options.js';

/**
 * The `options` part of `POST /parse`. The spec lists the keys and says that the scrape
 * option defaults are the only stated ones, so each key reuses its ScrapeOptions schema.
 */
export const parseOptionsSchema = z
  .object({
    formats: formatsSchema.default([{ type: 'markdown' }]),
    onlyMainContent: scrapeOptionsShape.onlyMainContent,
    includeTags: scrapeOptionsShape.includeTags,
    excludeTags: scrapeOptionsShape.excludeTags,
    headers: scrapeOptionsShape.headers,
    blockAds: scrapeOptionsShape.blockAds,
    parsers: scrapeOptionsShape.parsers,
    redactPII: scrapeOptionsShape.redactPII,
    removeBase64Images: scrapeOptionsShape.removeBase64Images,
    skipTlsVerification: scrapeOptionsShape.skipTlsVerification,
    timeout: scrapeOptionsShape.timeout,
    zeroDataRetention: z.boolean().default(false),
    ...clientFields,
  })
  .strict();

export type ParseOptionsInput = z.input<typeof parseOptionsSchema>;
export type ParseOptions = z.output<typeof parseOptionsSchema>;
