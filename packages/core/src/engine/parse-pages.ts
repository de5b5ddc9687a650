import { type BlockPage, toBlockPages } from '../emit/blocks.js';
import { toMarkdown } from '../emit/markdown.js';
import { DistillError, toParseError } from '../errors/distill-error.js';
import type { Block, Doc, DocMetadata } from '../model/types.js';
import type { ParseOptions, ParseOptionsInput } from '../options/parse-options.js';
import type { PageOfDoc } from '../registry/registry.js';
import { removeBase64Images } from '../transforms/base64-images.js';
import { limitNesting } from '../transforms/limit-nesting.js';
import { redactPII, redactSettings } from '../transforms/redact-pii.js';
import type { ParseInput } from './input.js';
import { openDocument, parseToDoc, type RuntimeOptions } from './parse.js';

/** One page of `parsePages()`: its Markdown and blocks, as soon as the page is done. */
export interface PageResult {
  /** 1-based page (a PDF page, a slide); a document without pages is page 1. */
  pageNumber: number;
  /** Pages the document gives in all (after maxPages). */
  totalPages: number;
  markdown: string;
  /** The page's typed blocks, as `blocks` of the parse result gives them for this page. */
  blocks: BlockPage;
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

/** A page's Markdown and blocks, through the same transforms and emitters as `parse()`. */
function emitPage(p: PageOfDoc, options: ParseOptions): { markdown: string; blocks: BlockPage } {
  let blocks = limitNesting(p.blocks).blocks;
  const redact = redactSettings(options.redactPII);
  if (redact) blocks = redactPII(blocks, redact);
  if (options.removeBase64Images) blocks = removeBase64Images(blocks);
  const md = toMarkdown(blocks);
  const page = p.page ?? { pageNumber: p.pageNumber, width: 0, height: 0 };
  const [bp] = toBlockPages({ blocks, metadata: {}, pages: [page] }, md.spans);
  return {
    markdown: md.markdown,
    blocks: bp ?? {
      pageNumber: p.pageNumber,
      width: page.width,
      height: page.height,
      status: 'ok',
      items: [],
    },
  };
}

/**
 * Parses a document page by page: each page's Markdown and blocks are yielded as soon as that
 * page is done, in order, and nothing of the earlier pages is kept, so memory stays flat over
 * a long PDF. PDFs and slides (pptx) are read page by page; other formats are parsed whole and
 * given as their pages (one for a document without pages). The options are `parse()`'s; the
 * timeout covers the whole document. Breaking out of the loop stops the parsing.
 *
 * Joined, the pages are `parse()`'s Markdown, except that on a long PDF heading levels are
 * decided from the first pages (parse() sees the whole document first) and a page's blocks
 * number their reading order from 0.
 */
export async function* parsePages(
  input: ParseInput,
  options: ParseOptionsInput = {},
  runtime: RuntimeOptions = {},
): AsyncGenerator<PageResult, void, undefined> {
  const opened = await openDocument(input, options, runtime);
  const { plugin, ctx } = opened;
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
    for (const p of docPages({ ...parsed.doc, warnings: parsed.warnings })) yield toResult(p, opened.options);
    return;
  }
  const pages = plugin.parsePages(opened.bytes, ctx)[Symbol.asyncIterator]();
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
      yield toResult({ ...p, warnings }, opened.options);
    }
  } finally {
    opened.dispose();
    await pages.return?.();
  }
}

function toResult(p: PageOfDoc, options: ParseOptions): PageResult {
  let emitted: ReturnType<typeof emitPage>;
  try {
    emitted = emitPage(p, options);
  } catch (e) {
    throw toParseError(e);
  }
  return {
    pageNumber: p.pageNumber,
    totalPages: p.totalPages,
    markdown: emitted.markdown,
    blocks: emitted.blocks,
    ...(p.metadata ? { metadata: p.metadata } : {}),
    ...(p.warnings?.length ? { warnings: p.warnings } : {}),
  };
}
