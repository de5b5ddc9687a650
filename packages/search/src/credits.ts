/**
 * Credits of a search, as the spec's Limits table gives them: 2 per 10 results (anon included),
 * 10 per 10 under zero data retention, plus the scrapes; tool discovery is free.
 */
export function searchCredits(results: number, zdr: boolean): number {
  return Math.ceil(results / 10) * (zdr ? 10 : 2);
}

/** One credit per scraped page; a parsed PDF costs a credit per page; failed scrapes cost nothing. */
export function scrapeCredits(scrape: { ok: boolean; numPages?: number; pdf?: boolean }): number {
  if (!scrape.ok) return 0;
  if (scrape.pdf && scrape.numPages && scrape.numPages > 0) return scrape.numPages;
  return 1;
}

/**
 * Credits of one result scrape (`ScrapeTally`): a page 1, a parsed PDF 1 per page, and under
 * lockdown 5 on a hit and 1 on a miss, as the spec's Limits table prices them.
 */
export function tallyCredits(t: { pages?: number; pdfPages?: number; lockdown?: 'hit' | 'miss' }): number {
  if (t.lockdown === 'hit') return 5;
  if (t.lockdown === 'miss') return 1;
  return (t.pdfPages ?? 0) + (t.pages ?? 0);
}
