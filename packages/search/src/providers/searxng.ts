import type {
  ProviderCapabilities,
  ProviderRequest,
  ProviderResponse,
  ProviderResult,
  SearchProvider,
} from '../provider.js';
import { formatQuery, type OperatorName } from '../query/operators.js';
import { QDR_MS, type TimeFilter } from '../query/tbs.js';
import { type FetchLike, getJson, isoCountry, isoDate, languageOf, plainText } from './http.js';

export interface SearxngOptions {
  /** The instance, for example http://localhost:8888 (its `json` format must be enabled). */
  baseUrl: string;
  /** Engines to ask, comma-separated in the request; the instance's defaults otherwise. */
  engines?: string[];
  /** Result pages fetched at most per source (SearXNG returns about 10–20 a page). */
  maxPages?: number;
  fetch?: FetchLike;
}

/** One item of SearXNG's JSON `results` array (the fields this provider reads). */
interface SearxngItem {
  url?: string;
  title?: string;
  content?: string;
  publishedDate?: string | null;
  img_src?: string;
  thumbnail_src?: string;
  thumbnail?: string;
  resolution?: string;
  category?: string;
}

const CATEGORY = { web: 'general', images: 'images', news: 'news' } as const;

/**
 * SearXNG passes the query to its engines, which mostly read quotes, `-` and `site:`; the rest
 * are written as plain words and filtered afterwards.
 */
const OPERATORS: ReadonlySet<OperatorName> = new Set(['phrase', 'exclude', 'site']);

/** The smallest SearXNG time range that holds the filter; the engine trims the rest by date. */
function timeRange(t: TimeFilter | undefined, now: number): { range?: string; exact: boolean } {
  if (!t || (t.from === undefined && t.to === undefined)) return { exact: true };
  if (t.qdr === 'd') return { range: 'day', exact: true };
  if (t.qdr === 'w') return { range: 'week', exact: true };
  if (t.qdr === 'm') return { range: 'month', exact: true };
  if (t.qdr === 'y') return { range: 'year', exact: true };
  if (t.qdr === 'h') return { range: 'day', exact: false };
  if (t.from === undefined) return { exact: false };
  const span = now - t.from;
  const range =
    span <= QDR_MS.d
      ? 'day'
      : span <= QDR_MS.w
        ? 'week'
        : span <= QDR_MS.m
          ? 'month'
          : span <= QDR_MS.y
            ? 'year'
            : undefined;
  return { range, exact: false };
}

/** "1920 x 1080" or "1920×1080". */
function resolution(r: string | undefined): { w?: number; h?: number } {
  const m = r ? /(\d+)\s*[x×]\s*(\d+)/.exec(r) : null;
  return m ? { w: Number(m[1]), h: Number(m[2]) } : {};
}

/** SearXNG's JSON API: web (general), images and news categories, time ranges, language and safesearch. */
export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng';
  readonly capabilities: ProviderCapabilities = {
    sources: new Set(['web', 'images', 'news']),
    operators: OPERATORS,
    domainFilter: false,
  };

  constructor(private readonly options: SearxngOptions) {}

  async search(req: ProviderRequest): Promise<ProviderResponse> {
    const { range, exact } = timeRange(req.time, Date.now());
    const q = formatQuery(req.query, OPERATORS);
    const lang = languageOf(req.country);
    const results: ProviderResult[] = [];
    const seen = new Set<string>();
    const maxPages = this.options.maxPages ?? 5;
    for (let page = 1; page <= maxPages; page++) {
      const params = new URLSearchParams({
        q,
        format: 'json',
        categories: CATEGORY[req.kind],
        pageno: String(page),
      });
      if (range) params.set('time_range', range);
      if (lang) params.set('language', `${lang}-${isoCountry(req.country)}`);
      if (req.safe !== undefined) params.set('safesearch', req.safe ? '2' : '0');
      if (this.options.engines?.length) params.set('engines', this.options.engines.join(','));
      const url = `${this.options.baseUrl.replace(/\/+$/, '')}/search?${params}`;
      const body = (await getJson('SearXNG', url, { signal: req.signal, fetch: this.options.fetch })) as {
        results?: SearxngItem[];
      };
      const items = Array.isArray(body?.results) ? body.results : [];
      let fresh = 0;
      for (const it of items) {
        const r = this.toResult(req, it);
        if (!r) continue;
        const key = req.kind === 'images' ? `${r.imageUrl}|${r.url}` : r.url;
        if (seen.has(key)) continue;
        seen.add(key);
        fresh++;
        results.push(r);
      }
      const accepted = req.accept ? results.filter(req.accept).length : results.length;
      if (!fresh || accepted >= req.limit) break;
    }
    return { results, timeFilterApplied: exact };
  }

  private toResult(req: ProviderRequest, it: SearxngItem): ProviderResult | undefined {
    if (!it.url) return undefined;
    const base = {
      url: it.url,
      title: plainText(it.title) || it.url,
      description: plainText(it.content),
      date: isoDate(it.publishedDate),
    };
    if (req.kind === 'images') {
      const img = it.img_src || it.thumbnail_src;
      if (!img) return undefined;
      const { w, h } = resolution(it.resolution);
      return { ...base, imageUrl: img, imageWidth: w, imageHeight: h, pageUrl: it.url };
    }
    if (req.kind === 'news') {
      const img = it.img_src || it.thumbnail;
      return img ? { ...base, imageUrl: img } : base;
    }
    return base;
  }
}
