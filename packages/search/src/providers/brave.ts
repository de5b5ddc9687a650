import type {
  ProviderCapabilities,
  ProviderRequest,
  ProviderResponse,
  ProviderResult,
  ResultKind,
  SearchProvider,
} from '../provider.js';
import { formatQuery, type OperatorName } from '../query/operators.js';
import { isoDay, type TimeFilter } from '../query/tbs.js';
import { type FetchLike, getJson, isoCountry, isoDate, languageOf, plainText } from './http.js';

export interface BraveOptions {
  /** The subscription token (X-Subscription-Token). */
  apiKey: string;
  /** Default https://api.search.brave.com/res/v1; tests point it at a loopback server. */
  baseUrl?: string;
  fetch?: FetchLike;
}

/** The parts of Brave's documented responses this provider reads. */
interface BraveMetaUrl {
  hostname?: string;
}
interface BraveWebItem {
  title?: string;
  url?: string;
  description?: string;
  age?: string;
  page_age?: string;
  meta_url?: BraveMetaUrl;
  extra_snippets?: string[];
  thumbnail?: { src?: string };
}
interface BraveImageItem {
  title?: string;
  url?: string;
  source?: string;
  properties?: { url?: string; width?: number; height?: number };
  thumbnail?: { src?: string; width?: number; height?: number };
}
interface BraveWebResponse {
  web?: { results?: BraveWebItem[] };
  query?: { more_results_available?: boolean };
}
interface BraveListResponse<T> {
  results?: T[];
  query?: { more_results_available?: boolean };
}

/** Brave reads quotes, `-`, `site:`, `filetype:`/`ext:` and `intitle:`; inurl: and related: are not among its operators. */
const OPERATORS: ReadonlySet<OperatorName> = new Set([
  'phrase',
  'exclude',
  'site',
  'filetype',
  'intitle',
  'allintitle',
]);

/** Per-request maxima of the endpoints (web and news page with offset 0..9). */
const MAX_COUNT: Record<ResultKind, number> = { web: 20, news: 50, images: 100 };
const PATH: Record<ResultKind, string> = { web: 'web/search', news: 'news/search', images: 'images/search' };

/** Brave's freshness: pd/pw/pm/py, or a YYYY-MM-DDtoYYYY-MM-DD range (day granular). */
function freshness(t: TimeFilter | undefined, now: number): { value?: string; exact: boolean } {
  if (!t || (t.from === undefined && t.to === undefined)) return { exact: true };
  switch (t.qdr) {
    case 'h':
      return { value: 'pd', exact: false };
    case 'd':
      return { value: 'pd', exact: true };
    case 'w':
      return { value: 'pw', exact: true };
    case 'm':
      return { value: 'pm', exact: true };
    case 'y':
      return { value: 'py', exact: true };
  }
  const from = isoDay(t.from ?? Date.UTC(1970, 0, 1));
  const to = isoDay(t.to ?? now);
  return { value: `${from}to${to}`, exact: true };
}

/** The Brave Search API (web, news and image endpoints), keyed by a subscription token. */
export class BraveProvider implements SearchProvider {
  readonly name = 'brave';
  readonly capabilities: ProviderCapabilities = {
    sources: new Set(['web', 'images', 'news']),
    operators: OPERATORS,
    domainFilter: false,
    location: true,
  };

  constructor(private readonly options: BraveOptions) {}

  private headers(req: ProviderRequest): Record<string, string> {
    const h: Record<string, string> = { 'X-Subscription-Token': this.options.apiKey };
    if (req.location) {
      // "City,Region,Country" becomes Brave's location headers.
      const [city, region, country] = req.location.split(',').map((s) => s.trim());
      if (city) h['X-Loc-City'] = city;
      if (region) h['X-Loc-State-Name'] = region;
      if (country && /^[A-Za-z]{2}$/.test(country)) h['X-Loc-Country'] = isoCountry(country);
    }
    return h;
  }

  async search(req: ProviderRequest): Promise<ProviderResponse> {
    const base = (this.options.baseUrl ?? 'https://api.search.brave.com/res/v1').replace(/\/+$/, '');
    const fresh = req.kind === 'images' ? { exact: false } : freshness(req.time, Date.now());
    const count = Math.min(MAX_COUNT[req.kind], Math.max(req.limit, 1));
    const lang = languageOf(req.country);
    const results: ProviderResult[] = [];
    const seen = new Set<string>();
    // Images have no offset; web and news page up to offset 9.
    const maxPages = req.kind === 'images' ? 1 : 10;
    for (let offset = 0; offset < maxPages; offset++) {
      const params = new URLSearchParams({ q: formatQuery(req.query, OPERATORS), count: String(count) });
      if (req.kind !== 'images') params.set('offset', String(offset));
      params.set('country', isoCountry(req.country));
      if (lang) params.set('search_lang', lang);
      if (req.safe !== undefined) params.set('safesearch', req.safe ? 'strict' : 'off');
      if ('value' in fresh && fresh.value) params.set('freshness', fresh.value);
      const body = await getJson('Brave Search', `${base}/${PATH[req.kind]}?${params}`, {
        headers: this.headers(req),
        signal: req.signal,
        fetch: this.options.fetch,
      });
      const { items, more } = this.read(req.kind, body);
      let added = 0;
      for (const r of items) {
        const key = req.kind === 'images' ? `${r.imageUrl}|${r.url}` : r.url;
        if (seen.has(key)) continue;
        seen.add(key);
        results.push(r);
        added++;
      }
      const accepted = req.accept ? results.filter(req.accept).length : results.length;
      if (!added || !more || accepted >= req.limit) break;
    }
    return { results, timeFilterApplied: fresh.exact };
  }

  private read(kind: ResultKind, body: unknown): { items: ProviderResult[]; more: boolean } {
    if (kind === 'web') {
      const b = body as BraveWebResponse;
      const items = (b?.web?.results ?? []).filter((r) => r.url).map((r) => this.webItem(r));
      return { items, more: b?.query?.more_results_available === true };
    }
    if (kind === 'news') {
      const b = body as BraveListResponse<BraveWebItem>;
      const items = (b?.results ?? []).filter((r) => r.url).map((r) => this.webItem(r));
      return { items, more: b?.query?.more_results_available === true };
    }
    const b = body as BraveListResponse<BraveImageItem>;
    const items: ProviderResult[] = [];
    for (const r of b?.results ?? []) {
      const img = r.properties?.url ?? r.thumbnail?.src;
      if (!r.url || !img) continue;
      items.push({
        url: r.url,
        title: plainText(r.title) || r.url,
        description: plainText(r.title),
        imageUrl: img,
        imageWidth: r.properties?.width,
        imageHeight: r.properties?.height,
        pageUrl: r.url,
      });
    }
    return { items, more: false };
  }

  private webItem(r: BraveWebItem): ProviderResult {
    const out: ProviderResult = {
      url: r.url!,
      title: plainText(r.title) || r.url!,
      description: plainText(r.description),
      date: isoDate(r.page_age),
    };
    // Extra snippets are more page text for highlights.
    if (r.extra_snippets?.length) out.text = [out.description, ...r.extra_snippets.map(plainText)].join('\n');
    if (r.thumbnail?.src) out.imageUrl = r.thumbnail.src;
    return out;
  }
}
