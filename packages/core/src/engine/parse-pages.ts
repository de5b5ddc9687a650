import type { Chunk } from '../chunks/chunk.js';
import type { BlockPage } from '../emit/blocks.js';
import { DistillError, toParseError } from '../errors/distill-error.js';
import type { Block, Doc, DocMetadata } from '../model/types.js';
import type { ParseOptionsInput } from '../options/parse-options.js';
import type { PageOfDoc } from '../registry/registry.js';
import type { ParseInput } from './input.js';
import { PageStream } from './page-stream.js';
import { openDocument, parseToDoc, type RuntimeOptions } from './parse.js';

/** One page of `parsePages()`: its Markdown, blocks and chunks, as soon as the page is done. */
export interface PageResult {
  /** 1-based page (a PDF page, a slide); a document without pages is page 1. */
  pageNumber: number;
  /** Pages the document gives in all (after maxPages). */
  totalPages: number;
  /** The page's Markdown, ending in a newline (empty for a page that writes nothing). */
  markdown: string;
  /**
   * Where `markdown` starts in the whole document's Markdown (`parse()`'s): the pages that
   * write something, each without its final newline, joined by a blank line, are that Markdown.
   */
  markdownOffset: number;
  /** The page's typed blocks, as `blocks` of the parse result gives them for this page (spans in the whole Markdown). */
  blocks: BlockPage;
  /**
   * With the `chunks` format: the chunks that closed on this page, as `parse()`'s `chunks`
   * gives them (a chunk running over a page break comes with the page where it ends; the last
   * page brings the rest).
   */
  chunks?: Chunk[];
  /** The document's metadata, on the first page yielded. */
  metadata?: DocMetadata;
  /** What this page's parsing warned about. */
  warnings?: string[];
}

/** Splits a whole document's blocks at its page breaks (a document without them is one page). */
export function* docPages(doc: Doc): Generator<PageOfDoc> {
  const pages: { pageNumber: number; blocks: Block[] }[] = [
    { pageNumber: doc.pages?.[0]?.pageNumber ?? 1, blocks: [] },
  ];
  for (const b of doc.blocks) {
    if (b.kind === 'pageBreak') pages.push({ pageNumber: b.page, blocks: [] });
    else pages[pages.length - 1].blocks.push(b);
  }
  const info = new Map((doc.pages ?? []).map((p) => [p.pageNumber, p]));
  for (const [i, p] of pages.entries())
    yield {
      pageNumber: p.pageNumber,
      totalPages: pages.length,
      blocks: p.blocks,
      ...(info.get(p.pageNumber) ? { page: info.get(p.pageNumber) } : {}),
      ...(i === 0 ? { metadata: doc.metadata } : {}),
      ...(i === 0 && doc.warnings?.length ? { warnings: doc.warnings } : {}),
    };
}

/**
 * Parses a document page by page: each page's Markdown, blocks and (with the `chunks` format)
 * chunks are yielded as soon as that page is done, in order, and nothing of the earlier pages
 * is kept, so memory stays flat over a long PDF. PDFs and slides (pptx) are read page by page;
 * other formats are parsed whole and given as their pages (one for a document without pages).
 * The options are `parse()`'s; the timeout covers the whole document. Breaking out of the loop
 * stops the parsing.
 *
 * Joined, the pages are `parse()`'s Markdown, blocks and chunks, byte for byte, except that on
 * a PDF longer than the pages its heading tiers are learnt from, heading levels are decided
 * from those first pages (parse() sees the whole document first), and page furniture is
 * decided from the pages around each page (see the pdf parser's page stream).
 */
export async function* parsePages(
  input: ParseInput,
  options: ParseOptionsInput = {},
  runtime: RuntimeOptions = {},
): AsyncGenerator<PageResult, void, undefined> {
  const opened = await openDocument(input, options, runtime);
  const { plugin, ctx } = opened;
  let stream: PageStream;
  try {
    stream = new PageStream(opened.options, opened.format, opened.tokenCounter);
  } catch (e) {
    opened.dispose();
    throw e;
  }
  if (!plugin?.parsePages) {
    opened.dispose();
    if (!plugin)
      throw new DistillError(
        'UNSUPPORTED_OPTION',
        'parsePages needs a PDF parser: with parsers: [] a PDF is only returned base64-encoded',
      );
    // The bytes are loaded already: they are parsed as they are, not read again.
    const parsed = await parseToDoc(
      { data: opened.bytes, filename: opened.filename },
      opened.options,
      runtime,
    );
    const all = [...docPages({ ...parsed.doc, warnings: parsed.warnings })];
    for (const [i, p] of all.entries()) yield toResult(stream, p, i === all.length - 1);
    return;
  }
  const pages = plugin.parsePages(opened.bytes, ctx)[Symbol.asyncIterator]();
  // With chunks, a page is given once the next is known, so the last page can bring the last chunks.
  let pending: PageOfDoc | undefined;
  try {
    for (;;) {
      let next: IteratorResult<PageOfDoc>;
      try {
        next = await pages.next();
        ctx.checkpoint();
      } catch (e) {
        throw toParseError(e);
      }
      if (next.done) break;
      const p = next.value;
      // Warnings of the whole document (detection, ctx.warn) go with the first page they are
      // known by; images the sink left out, with the page that met them.
      const warnings = [...opened.warnings.splice(0), ...(p.warnings ?? [])];
      const notes = ctx.images?.notes.splice(0) ?? [];
      if (notes.length) warnings.push(`Images not written as files: ${notes.join('; ')}.`);
      const page = { ...p, warnings };
      if (!stream.chunking) {
        yield toResult(stream, page, false);
        continue;
      }
      if (pending) yield toResult(stream, pending, false);
      pending = page;
    }
    if (pending) yield toResult(stream, pending, true);
  } finally {
    opened.dispose();
    await pages.return?.();
  }
}

function toResult(stream: PageStream, p: PageOfDoc, last: boolean): PageResult {
  let emitted: ReturnType<PageStream['page']>;
  try {
    emitted = stream.page(p, last);
  } catch (e) {
    throw toParseError(e);
  }
  const warnings = [...(p.warnings ?? []), ...emitted.warnings];
  return {
    pageNumber: p.pageNumber,
    totalPages: p.totalPages,
    markdown: emitted.markdown,
    markdownOffset: emitted.markdownOffset,
    blocks: emitted.blocks,
    ...(emitted.chunks ? { chunks: emitted.chunks } : {}),
    ...(p.metadata ? { metadata: p.metadata } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}
