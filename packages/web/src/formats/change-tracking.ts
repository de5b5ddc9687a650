import { createTwoFilesPatch } from 'diff';
import type { ChangeHistory } from '../cache/page-cache.js';

export interface ChangeTrackingResult {
  changeStatus: 'new' | 'same' | 'changed' | 'removed';
  previousScrapeAt: string | null;
  visibility: 'visible' | 'hidden';
  diff?: string;
}

/**
 * Compares this scrape's Markdown with the previous scrape of the same URL and tag, as a
 * git-style unified diff. A page that answered before and now answers 404 or 410 is `removed`.
 */
export function trackChange(
  previous: ChangeHistory['latest'],
  markdown: string,
  statusCode: number,
  wantDiff: boolean,
): ChangeTrackingResult {
  const previousScrapeAt = previous ? new Date(previous.scrapedAt).toISOString() : null;
  if (!previous) return { changeStatus: 'new', previousScrapeAt, visibility: 'visible' };
  if ((statusCode === 404 || statusCode === 410) && previous.statusCode < 400) {
    return { changeStatus: 'removed', previousScrapeAt, visibility: 'visible' };
  }
  if (previous.markdown === markdown)
    return { changeStatus: 'same', previousScrapeAt, visibility: 'visible' };
  const result: ChangeTrackingResult = { changeStatus: 'changed', previousScrapeAt, visibility: 'visible' };
  if (wantDiff) {
    const patch = createTwoFilesPatch('a/page.md', 'b/page.md', previous.markdown, markdown, '', '', {
      context: 3,
    })
      .replace(/^=+\n/, '')
      .replace(/^(---|\+\+\+) (.*?)\t$/gm, '$1 $2');
    result.diff = `diff --git a/page.md b/page.md\n${patch}`;
  }
  return result;
}
