import { createHash } from 'node:crypto';
import type { PageSnapshot } from '../engines/page.js';
import type { CacheAdapter } from './adapter.js';

/** A page as the cache keeps it: the engine's bytes, so every format can be made again from it. */
interface StoredPage {
  v: 1;
  url: string;
  statusCode: number;
  contentType?: string;
  charset?: string;
  engine: 'fetch' | 'browser';
  body: string;
  fetchedAt: number;
  screenshot?: { key: string; mime: string; data: string };
}

export interface CachedPage {
  snapshot: PageSnapshot;
  fetchedAt: number;
  screenshotKey?: string;
}

/** Variants of a URL that give different pages are kept apart. */
export interface CacheVariant {
  mobile: boolean;
  country?: string;
  languages?: string[];
}

/** Lower-cased scheme and host, no fragment, default ports dropped, query kept as given. */
export function normalizeUrl(url: URL): string {
  const u = new URL(url.href);
  u.hash = '';
  return u.href;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export const pageKey = (url: URL, variant: CacheVariant): string =>
  `page-${sha(JSON.stringify([normalizeUrl(url), variant.mobile, variant.country ?? null, variant.languages ?? null]))}`;

export async function readPage(cache: CacheAdapter, key: string): Promise<CachedPage | undefined> {
  const raw = await cache.get(key).catch(() => undefined);
  if (!raw) return undefined;
  try {
    const s = JSON.parse(raw) as StoredPage;
    if (s.v !== 1) return undefined;
    return {
      fetchedAt: s.fetchedAt,
      screenshotKey: s.screenshot?.key,
      snapshot: {
        url: s.url,
        statusCode: s.statusCode,
        contentType: s.contentType,
        charset: s.charset,
        engine: s.engine,
        body: new Uint8Array(Buffer.from(s.body, 'base64')),
        screenshot: s.screenshot
          ? { mime: s.screenshot.mime, data: new Uint8Array(Buffer.from(s.screenshot.data, 'base64')) }
          : undefined,
        warnings: [],
      },
    };
  } catch {
    return undefined;
  }
}

export async function writePage(
  cache: CacheAdapter,
  key: string,
  page: PageSnapshot,
  fetchedAt: number,
  screenshotKey: string | undefined,
  ttlMs: number,
): Promise<void> {
  const stored: StoredPage = {
    v: 1,
    url: page.url,
    statusCode: page.statusCode,
    contentType: page.contentType,
    charset: page.charset,
    engine: page.engine,
    body: Buffer.from(page.body).toString('base64'),
    fetchedAt,
    screenshot:
      page.screenshot && screenshotKey
        ? {
            key: screenshotKey,
            mime: page.screenshot.mime,
            data: Buffer.from(page.screenshot.data).toString('base64'),
          }
        : undefined,
  };
  await cache.set(key, JSON.stringify(stored), ttlMs);
}

/** What changeTracking compares against: the last two scrapes of a URL under a tag. */
export interface ChangeHistory {
  latest?: { markdown: string; scrapedAt: number; statusCode: number };
  previous?: { markdown: string; scrapedAt: number; statusCode: number };
}

export const historyKey = (url: URL, tag: string | null): string =>
  `history-${sha(JSON.stringify([normalizeUrl(url), tag]))}`;

export async function readHistory(cache: CacheAdapter, key: string): Promise<ChangeHistory> {
  const raw = await cache.get(key).catch(() => undefined);
  if (!raw) return {};
  try {
    return JSON.parse(raw) as ChangeHistory;
  } catch {
    return {};
  }
}
