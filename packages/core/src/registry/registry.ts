import type { FormatId } from '../detect/formats.js';
import type { Doc } from '../model/types.js';
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
