import type { FormatId } from '../detect/formats.js';
import type { ImageFiles } from '../images/options.js';
import type { ImageSink } from '../images/sink.js';
import type { Block, Doc, DocMetadata, PageInfo } from '../model/types.js';
import type { ParseOptions } from '../options/parse-options.js';
import type { PdfParserOptions } from '../options/scrape-options.js';

/** What a parser receives besides the bytes. */
export interface ParseContext {
  format: FormatId;
  options: ParseOptions;
  /** The pdf parser settings, or undefined when `parsers: []` was asked. */
  pdf: PdfParserOptions | undefined;
  filename?: string;
  contentType?: string;
  /** Base for resolving relative links (a page's URL). */
  baseUrl?: string;
  /** Explicit charset for text formats, overriding what the bytes declare. */
  charset?: string;
  signal: AbortSignal;
  warn(message: string): void;
  /** Throws REQUEST_TIMEOUT once the signal has fired or the deadline passed; parsers call it inside long loops. */
  checkpoint(): void;
  /**
   * Images as files: where embedded images go as they are met (link returned), when the caller
   * asked for them; `imageFiles` is the same as data, for a parser's worker threads.
   */
  images?: ImageSink;
  imageFiles?: ImageFiles;
  /** Pages done so far of `total` (PDF pages, slides), for a progress display. */
  progress?(done: number, total: number): void;
}

/**
 * A parser for one or more formats. Packages register theirs, so `core` never imports a
 * heavy parser; the `distill` package registers them all.
 */
export interface ParserPlugin {
  name: string;
  formats: readonly FormatId[];
  /**
   * Which parser reads a format when several claim it: the highest priority, and among equals
   * the one registered last. distill's own parsers have 0 (the default), so a plugin registered
   * after them replaces them, and one with a negative priority only fills a format none reads.
   */
  priority?: number;
  parse(bytes: Uint8Array, ctx: ParseContext): Promise<Doc> | Doc;
  /**
   * Page by page (PDF pages, slides): each page's blocks as soon as they are done, in order,
   * without holding the pages before. Formats without pages leave it out; `parsePages()` then
   * parses the whole document and gives it as its pages.
   */
  parsePages?(bytes: Uint8Array, ctx: ParseContext): AsyncIterable<PageOfDoc>;
}

/** One page of a document parsed page by page. */
export interface PageOfDoc {
  pageNumber: number;
  /** Pages the document yields in all (after maxPages). */
  totalPages: number;
  blocks: Block[];
  page?: PageInfo;
  /** The document's metadata, on the first page. */
  metadata?: DocMetadata;
  warnings?: string[];
}

export class ParserRegistry {
  private readonly byFormat = new Map<FormatId, ParserPlugin>();

  register(plugin: ParserPlugin): this {
    for (const f of plugin.formats) {
      const held = this.byFormat.get(f);
      if (!held || (plugin.priority ?? 0) >= (held.priority ?? 0)) this.byFormat.set(f, plugin);
    }
    return this;
  }

  get(format: FormatId): ParserPlugin | undefined {
    return this.byFormat.get(format);
  }

  formats(): FormatId[] {
    return [...this.byFormat.keys()];
  }
}

/** The registry `parse()` uses unless given another. */
export const defaultRegistry = new ParserRegistry();

export function registerParser(plugin: ParserPlugin): void {
  defaultRegistry.register(plugin);
}
