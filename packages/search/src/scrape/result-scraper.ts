import { fileURLToPath } from 'node:url';
import {
  DistillError,
  DOCUMENT_FORMATS,
  type ParseOptionsInput,
  type ParserRegistry,
  parse,
  type ResultMetadata,
  type ScrapeOptions,
} from 'distill';
import { parseOptionsOfScrape } from 'distill/internals';

/** What scraping one result gives back: the requested content fields and the page metadata. */
export interface ScrapedContent {
  markdown?: string | null;
  html?: string | null;
  rawHtml?: string | null;
  rawBase64?: string | null;
  summary?: string | null;
  screenshot?: string | null;
  links?: string[];
  images?: string[];
  metadata: ResultMetadata;
  warning?: string;
  [key: string]: unknown;
}

/** Scrapes one result URL with the request's scrapeOptions. Rejections become per-result errors. */
export interface ResultScraper {
  scrape(url: string, options: ScrapeOptions, signal: AbortSignal): Promise<ScrapedContent>;
}

/** The formats a local document can give (core's DOCUMENT_FORMATS); the rest need a browser or a model. */
const LOCAL_FORMATS = DOCUMENT_FORMATS;

/** The `@distill/web` entry points this package calls; loaded lazily so search never pulls in a browser. */
export interface WebScrape {
  // `@distill/web`'s scrape() and its Scraper class both fit; the document is the spec's scrape data.
  scrape(url: string, options: ScrapeOptions, runtime: { signal?: AbortSignal }): Promise<object>;
}

let webModule: Promise<WebScrape | undefined> | undefined;

async function loadWeb(): Promise<WebScrape | undefined> {
  // A variable specifier keeps bundlers and the type checker from requiring the package.
  const name = '@distill/web';
  webModule ??= import(name).then(
    (m: Partial<WebScrape>) => (typeof m.scrape === 'function' ? (m as WebScrape) : undefined),
    () => undefined,
  );
  return webModule;
}

export interface DefaultResultScraperOptions {
  /** Parsers for local files; the engine's default registry otherwise. */
  registry?: ParserRegistry;
  /** Scrapes http(s) URLs: a `@distill/web` Scraper (for its cache, browser pool, settings); its module's scrape() otherwise. */
  web?: WebScrape;
}

/**
 * Local files (the local index's results) are parsed with the engine, no network involved;
 * http(s) URLs go through `@distill/web`'s scrape(), when that package is installed.
 */
export class DefaultResultScraper implements ResultScraper {
  constructor(private readonly options: DefaultResultScraperOptions = {}) {}

  async scrape(url: string, options: ScrapeOptions, signal: AbortSignal): Promise<ScrapedContent> {
    if (url.startsWith('file:')) return this.scrapeFile(url, options, signal);
    if (!/^https?:/i.test(url)) throw new DistillError('INVALID_URL', `Invalid URL: ${url}`);
    const web = this.options.web ?? (await loadWeb());
    if (!web) {
      throw new DistillError(
        'MISSING_DEPENDENCY',
        'Scraping web results needs the @distill/web package, which is not installed',
      );
    }
    const doc = (await web.scrape(url, options, { signal })) as ScrapedContent;
    const status = doc.metadata?.statusCode;
    // A page that answered with an error status is a failed scrape: it says so in metadata.error.
    if (typeof status === 'number' && status >= 400 && !doc.metadata.error) {
      doc.metadata = { ...doc.metadata, error: `The page answered with status ${status}` };
    }
    return doc;
  }

  private async scrapeFile(
    url: string,
    options: ScrapeOptions,
    signal: AbortSignal,
  ): Promise<ScrapedContent> {
    const formats = (options.formats ?? []).filter((f) => LOCAL_FORMATS.has(f.type));
    const dropped = (options.formats ?? []).filter((f) => !LOCAL_FORMATS.has(f.type)).map((f) => f.type);
    const parseOptions: ParseOptionsInput = {
      formats,
      ...parseOptionsOfScrape(options),
      timeout: options.timeout,
    };
    const result = await parse(fileURLToPath(url), parseOptions, {
      baseUrl: url,
      signal,
      registry: this.options.registry,
    });
    const out: ScrapedContent = {
      ...result,
      metadata: { ...result.metadata, sourceURL: url, url, statusCode: 200 },
    };
    const warnings = [
      result.warning,
      dropped.length ? `formats not available for local files: ${dropped.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    if (warnings) out.warning = warnings;
    else delete out.warning;
    return out;
  }
}
