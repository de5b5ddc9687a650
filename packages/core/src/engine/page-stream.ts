import { type Chunk, Chunker } from '../chunks/chunk.js';
import type { TokenCounter } from '../chunks/tokenizers.js';
import type { FormatId } from '../detect/formats.js';
import { type BlockPage, groupBlockPages, type LocatedItem, locateItems } from '../emit/blocks.js';
import { spansOfAll, splitFurniture } from '../emit/furniture.js';
import { MarkdownWriter } from '../emit/markdown.js';
import { DistillError } from '../errors/distill-error.js';
import { stampSlides } from '../model/origin.js';
import type { Block, PageInfo } from '../model/types.js';
import type { ParseOptions } from '../options/parse-options.js';
import type { PageOfDoc } from '../registry/registry.js';
import { removeBase64Images } from '../transforms/base64-images.js';
import { limitNesting, MAX_NESTING } from '../transforms/limit-nesting.js';
import { redactPII, redactSettings } from '../transforms/redact-pii.js';
import { chunksAsked, SLIDE_FORMATS } from './parse.js';

/** A page as `parsePages()` gives it, before the page number and metadata are added. */
export interface EmittedPage {
  /** The page's Markdown (ending in a newline; empty for a page that writes nothing). */
  markdown: string;
  /** Where `markdown` starts in the whole document's Markdown. */
  markdownOffset: number;
  blocks: BlockPage;
  /** The chunks that closed on this page (the last page also gets the last ones). */
  chunks?: Chunk[];
  warnings: string[];
}

/**
 * Emits a document a page at a time exactly as `emitResult` emits it whole: the same
 * transforms, furniture handling, Markdown (one writer over all pages, so spans are offsets in
 * the whole Markdown and the pages joined by a blank line are `parse()`'s Markdown), `blocks`
 * items with the same ids and reading order, and the same chunks, each given with the page on
 * which it closes. Nothing of a page is kept once it is emitted, but the chunk being packed and
 * the part of a table continued onto the next page.
 */
export class PageStream {
  private readonly writer: MarkdownWriter;
  private readonly labels = new Map<number, string>();
  private readonly chunker: Chunker | undefined;
  private readonly budget: string | undefined;
  private readonly slides: boolean;
  private order = 0;
  /** Item ids given per page: a table continued onto the next page takes that page's first id. */
  private readonly idCounts = new Map<number, number>();
  private first = true;
  /** Items listed on a later page than the one emitted (a table's continued part). */
  private carried: LocatedItem[] = [];

  constructor(
    private readonly options: ParseOptions,
    format: FormatId,
    tokenCounter: TokenCounter | undefined,
  ) {
    const pdf = options.parsers.find((p) => p.type === 'pdf');
    this.slides = SLIDE_FORMATS.has(format);
    this.writer = new MarkdownWriter({
      pageMarkers: format === 'pdf' && pdf?.pageMarkers,
      pageLabels: this.labels,
    });
    const chunking = chunksAsked(options);
    if (chunking) {
      const measure = chunking.unit === 'tokens' ? tokenCounter : (t: string) => t.length;
      if (!measure)
        throw new DistillError(
          'MISSING_DEPENDENCY',
          `Chunking in tokens needs the ${chunking.tokenizer} tokenizer, which was not loaded`,
        );
      this.chunker = new Chunker(chunking, measure);
      this.budget = `${chunking.size} ${chunking.unit}`;
    }
  }

  /** True when chunks are asked for: the caller then says which page is the last. */
  get chunking(): boolean {
    return this.chunker !== undefined;
  }

  page(p: PageOfDoc, last: boolean): EmittedPage {
    const pdf = this.options.parsers.find((x) => x.type === 'pdf');
    const warnings: string[] = [];
    const nested = limitNesting(p.blocks);
    if (nested.flattened)
      warnings.push(
        `Content nested deeper than ${MAX_NESTING} levels was flattened to that depth (no text was dropped).`,
      );
    // Slides are the pages of a presentation, as parse() stamps them (model/origin.ts).
    let blocks = this.slides ? stampSlides(nested.blocks) : nested.blocks;
    const redact = redactSettings(this.options.redactPII);
    if (redact) blocks = redactPII(blocks, redact);
    if (this.options.removeBase64Images) blocks = removeBase64Images(blocks);
    const split = splitFurniture(blocks, pdf?.furniture ?? 'drop');
    const info: PageInfo = p.page ?? { pageNumber: p.pageNumber, width: 0, height: 0 };
    if (info.label !== undefined) this.labels.set(p.pageNumber, info.label);
    // parse() has a page break before every page but the first (a marker, with pageMarkers).
    const lead: Block[] = this.first ? [] : [{ kind: 'pageBreak', page: p.pageNumber }];
    this.first = false;
    const shown = [...lead, ...split.shown];
    const pieces: string[] = [];
    const spans: [number, number][] = [];
    let offset = -1;
    for (const b of shown) {
      const w = this.writer.write(b);
      spans.push(w.span);
      if (w.md === '') continue;
      if (offset < 0) offset = w.span[0];
      pieces.push(w.sep, w.md);
    }
    const appended = pieces.join('');
    const own = offset < 0 ? '' : appended.slice(appended.length - (this.writer.length - offset));
    this.labels.delete(p.pageNumber);

    const listed = split.all
      ? {
          blocks: [...lead, ...split.all.blocks],
          spans: spansOfAll(
            [...lead.map((_, i) => i), ...split.all.shownAt.map((i) => (i < 0 ? -1 : i + lead.length))],
            spans,
          ),
        }
      : { blocks: shown, spans };
    const doc = { blocks: listed.blocks, metadata: {}, pages: [info] };
    const items = locateItems(doc, listed.spans, {
      lines: pdf?.lines,
      firstOrder: this.order,
      idCounts: this.idCounts,
    });
    this.order += items.length;
    for (const n of this.idCounts.keys()) if (n < p.pageNumber) this.idCounts.delete(n);
    // A joined table's part on the next page is listed with that page; every other item with
    // the page given (and on the last page whatever was held, so nothing is ever left out).
    const mine = last ? this.carried : this.carried.filter((l) => l.pageNumber <= p.pageNumber);
    this.carried = last ? [] : this.carried.filter((l) => l.pageNumber > p.pageNumber);
    for (const l of items)
      (!last && l.pageNumber > p.pageNumber && l.item.label === 'table-continued' ? this.carried : mine).push(
        l,
      );
    const [page] = groupBlockPages(
      { ...doc, pages: [info] },
      mine.map((l) => ({ ...l, pageNumber: p.pageNumber })),
    );

    let chunks: Chunk[] | undefined;
    if (this.chunker) {
      this.chunker.push(appended, { blocks: listed.blocks, items });
      chunks = last ? this.chunker.finish() : this.chunker.take();
      const over = chunks.filter((c) => c.oversize).length;
      if (over)
        warnings.push(
          `${over} chunk${over === 1 ? ' is' : 's are'} larger than the budget of ${this.budget}: each holds one piece that is never cut (a code block, formula, image, table row, list item or word).`,
        );
    }
    return {
      markdown: own === '' ? '' : `${own}\n`,
      markdownOffset: offset < 0 ? this.writer.length : offset,
      blocks: page,
      ...(chunks ? { chunks } : {}),
      warnings,
    };
  }
}
