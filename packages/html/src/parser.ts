import { DistillError, type Doc, type ParserPlugin } from '@distill/core';
import { declaresArticle, declaresThread, jsonLdArticleBody } from './anchor.js';
import { declaredAuthors } from './author.js';
import { cleanTree, imageSrcs } from './clean.js';
import { convertNodes } from './convert.js';
import { decodeHtml } from './decode.js';
import { capNesting, MAX_HTML_DEPTH } from './depth-cap.js';
import { detach } from './detach.js';
import { type PElement, type PNode, parseHtml, xhtmlToHtml } from './dom.js';
import { mainContent } from './main-content.js';
import { buildMetadata } from './metadata.js';
import { prescan } from './prescan.js';
import { refineBlocks } from './refine.js';
import { parseSelector, type SelectorList } from './selectors.js';
import { serializeNodes } from './serialize.js';
import { resolveUrl, urlResolver } from './urls.js';

export interface HtmlToDocOptions {
  /** Keep only the page's main content (default true). */
  onlyMainContent?: boolean;
  /** CSS selectors: keep only what matches. */
  includeTags?: string[];
  /** CSS selectors: drop what matches. */
  excludeTags?: string[];
  /** Base for relative links; a `<base href>` in the page is resolved against it. */
  baseUrl?: string;
  /** Charset that overrides what the page declares (an HTTP Content-Type header's). */
  charset?: string;
  /** Leave data-URI images out of `images` (default true; the Markdown placeholder is the emitter's). */
  removeBase64Images?: boolean;
  /** Parse as XHTML: self-closed elements are expanded as XML would read them. */
  xhtml?: boolean;
  signal?: AbortSignal;
  /**
   * Epoch milliseconds after which work stops with REQUEST_TIMEOUT. A synchronous parse never
   * lets a timer fire, so an AbortSignal.timeout alone cannot stop it; the deadline can.
   */
  deadline?: number;
  warn?: (message: string) => void;
  /**
   * Drop `data-*` attributes (but lazy image sources and the like) before parsing: faster, for
   * callers that read neither the cleaned `html` nor selectors naming such attributes. Ignored
   * when includeTags or excludeTags are given.
   */
  dropDataAttributes?: boolean;
}

function selectors(
  list: string[] | undefined,
  name: string,
  warn: (m: string) => void,
): SelectorList[] | undefined {
  if (!list || list.length === 0) return undefined;
  const out: SelectorList[] = [];
  for (const s of list) {
    const parsed = parseSelector(s);
    if (parsed) out.push(parsed);
    else warn(`${name}: unsupported selector "${s}" ignored`);
  }
  return out.length ? out : undefined;
}

function dedupe(list: string[], resolve: (href: string) => string, keepData: boolean): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const h = raw.trim();
    if (h === '' || h.startsWith('#') || /^javascript:/i.test(h)) continue;
    if (h.startsWith('data:') && !keepData) continue;
    const abs = h.startsWith('data:') ? h : resolve(h);
    if (seen.has(abs)) continue;
    seen.add(abs);
    // The list goes out with the result; an href left as written is a slice of the source.
    out.push(detach(abs));
  }
  return out;
}

/** Defines `key` as an enumerable property computed once, on first read (or set by a caller). */
function lazy<K extends 'links' | 'images' | 'html'>(doc: Doc, key: K, make: () => Doc[K]): void {
  Object.defineProperty(doc, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(doc, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
    set(value: Doc[K]) {
      Object.defineProperty(doc, key, { value, enumerable: true, configurable: true, writable: true });
    },
  });
}

/** HTML or XHTML source to the document model; the EPUB parser and the scraper call this too. */
export function htmlToDoc(source: string | Uint8Array, options: HtmlToDocOptions = {}): Doc {
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    options.warn?.(m);
  };
  const checkpoint = () => {
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() > options.deadline))
      throw new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout');
  };
  const decoded = typeof source === 'string' ? source : decodeHtml(source, options.charset).text;
  // Script and style bodies and comments never reach the output; skipping them here spares the
  // tokenizer about half its work. rawHtml keeps the page as it came.
  const dropData =
    options.dropDataAttributes === true && !options.includeTags?.length && !options.excludeTags?.length;
  const scan = prescan(decoded, { dropData });
  // The scan's count is the cheap first look; depth-cap.ts counts exactly before rewriting.
  const cap = scan.depth > MAX_HTML_DEPTH ? capNesting(scan.html) : { html: scan.html, capped: false };
  if (cap.capped)
    warn(`Elements nested deeper than ${MAX_HTML_DEPTH} levels were attached at that depth, as browsers do.`);
  const text = cap.html;
  const onlyMain = options.onlyMainContent ?? true;
  const include = selectors(options.includeTags, 'includeTags', warn);
  const exclude = selectors(options.excludeTags, 'excludeTags', warn);
  const isXhtml = options.xhtml ?? false;
  const controls = new Set<string>();
  const document = parseHtml(isXhtml ? xhtmlToHtml(text) : text, checkpoint, controls);
  checkpoint();
  const controlled = controls.size ? controls : undefined;
  const cleaned = cleanTree(document, {
    onlyMainContent: onlyMain,
    include,
    exclude,
    checkpoint,
    controlled,
  });
  const base =
    cleaned.baseHref !== undefined ? resolveUrl(cleaned.baseHref, options.baseUrl) : options.baseUrl;
  const metadata = buildMetadata(cleaned.head, base);
  const resolve = urlResolver(base);

  let roots: PNode[];
  let refine = false;
  let thread = false;
  if (include) {
    roots = cleaned.included;
  } else {
    roots = cleaned.body ? [cleaned.body] : [];
  }
  if (onlyMain && roots.length > 0) {
    const titles = [metadata.title, metadata.ogTitle].filter((t): t is string => typeof t === 'string');
    thread = declaresThread(decoded);
    const page = {
      titles,
      articleBody: jsonLdArticleBody(decoded, thread),
      article: declaresArticle(decoded, metadata.ogType, thread),
      thread,
    };
    const kept: PNode[] = [];
    let fellBack = true;
    for (const r of roots) {
      const f = mainContent(r as PElement, page);
      if (!f.fellBack) fellBack = false;
      kept.push(...f.roots);
    }
    refine = !fellBack;
    if (fellBack && roots.some((r) => (r as PElement).childNodes.length > 0))
      warn('onlyMainContent: no main content found; the whole page was kept');
    roots = kept;
  }
  checkpoint();
  const converted = convertNodes(
    roots.flatMap((r) => ((r as PElement).tagName === 'body' ? (r as PElement).childNodes : [r])),
    { base, resolve, checkpoint },
  );
  const blocks = refine
    ? refineBlocks(converted, {
        thread,
        titles: [metadata.title, metadata.ogTitle].filter((t): t is string => typeof t === 'string'),
        siteName: typeof metadata.ogSiteName === 'string' ? metadata.ogSiteName : undefined,
        authors: declaredAuthors(decoded, metadata),
      })
    : converted;
  const og = typeof metadata.ogImage === 'string' ? [metadata.ogImage] : [];
  const doc: Doc = { blocks, metadata, rawHtml: decoded };
  // Links, images and the cleaned HTML cost URL resolution and a serialization pass that most
  // callers (Markdown only) never read, so they are computed on first read.
  lazy(doc, 'links', () => dedupe(cleaned.hrefs, resolve, false));
  lazy(doc, 'images', () =>
    dedupe([...imageSrcs(cleaned.imageEls), ...og], resolve, !(options.removeBase64Images ?? true)),
  );
  lazy(doc, 'html', () =>
    serializeNodes(
      roots.flatMap((r) => ((r as PElement).tagName === 'body' ? (r as PElement).childNodes : [r])),
    ),
  );
  if (warnings.length) doc.warnings = warnings;
  return doc;
}

/** True when the request asks for the cleaned HTML (a format given as a string or as `{ type }`). */
function wantsHtml(formats: unknown): boolean {
  if (!Array.isArray(formats)) return true;
  return formats.some((f) => (typeof f === 'string' ? f : (f as { type?: string })?.type) === 'html');
}

export const htmlParser: ParserPlugin = {
  name: 'html',
  formats: ['html', 'xhtml'],
  parse(bytes, ctx) {
    const o = ctx.options;
    const doc = htmlToDoc(bytes, {
      onlyMainContent: o.onlyMainContent,
      includeTags: o.includeTags,
      excludeTags: o.excludeTags,
      removeBase64Images: o.removeBase64Images,
      baseUrl: ctx.baseUrl,
      charset: ctx.charset,
      xhtml: ctx.format === 'xhtml',
      signal: ctx.signal,
      deadline: Date.now() + o.timeout,
      // The cleaned HTML keeps the page's attributes; Markdown and the rest never read data-*.
      dropDataAttributes: !wantsHtml(o.formats),
    });
    // Warnings travel on the Doc; the engine merges them with its own.
    return doc;
  },
};
