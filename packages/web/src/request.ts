import { type ScrapeRequest, scrapeRequestSchema, validate } from 'distill';
import type { ScrapeOptionsInput } from './types.js';

/**
 * Splits the body of `POST /v2/scrape` (url, ScrapeOptions, zeroDataRetention and the client
 * fields) into what `Scraper.scrape()` takes. Validation errors are 400s with `details`.
 */
export function splitScrapeRequest(body: unknown): {
  url: string;
  options: ScrapeOptionsInput;
  zeroDataRetention: boolean;
} {
  const {
    url,
    zeroDataRetention,
    origin: _o,
    integration: _i,
    ...options
  } = validate(scrapeRequestSchema, body, 'scrape request') as ScrapeRequest;
  return { url, options: options as ScrapeOptionsInput, zeroDataRetention };
}
