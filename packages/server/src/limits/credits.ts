import type { SearchRequest } from '@distill/core';
import type { Usage } from '../services.js';

/**
 * Search credits per 10 results. The spec gives zdr (10) and anon (2); the plain rate is "not
 * shown", so it takes the anon rate, the cheapest stated one.
 */
export function searchRatePer10(req: Pick<SearchRequest, 'enterprise'>): number {
  if (req.enterprise?.includes('zdr')) return 10;
  return 2;
}

/** Prices what a job did with the spec's Limits table. */
export function priceUsage(usage: Usage, opts: { searchRatePer10?: number } = {}): number {
  let credits = 0;
  if (usage.results) credits += Math.ceil(usage.results / 10) * (opts.searchRatePer10 ?? 2);
  credits += usage.pagesParsed ?? 0;
  credits += usage.rawPdfs ?? 0;
  credits += usage.pagesScraped ?? 0;
  credits += 5 * (usage.lockdownHits ?? 0) + (usage.lockdownMisses ?? 0);
  credits += 2 * (usage.urlsScanned ?? 0);
  credits += 4 * (usage.promptInjectionChecks ?? 0);
  return credits;
}
