import { type Chunk, chunkMarkdown } from '../chunks/chunk.js';
import { loadTokenizer, type TokenCounter } from '../chunks/tokenizers.js';
import { detectFormat } from '../detect/detect.js';
import { contentTypeOf, type FormatId } from '../detect/formats.js';
import { type BlockPage, groupBlockPages, locateItems } from '../emit/blocks.js';
import { spansOfAll, splitFurniture } from '../emit/furniture.js';
import { toHtml } from '../emit/html.js';
import { collectImages, collectLinks, normalizeLinkList } from '../emit/links.js';
import { toMarkdown } from '../emit/markdown.js';
import { DistillError, toParseError } from '../errors/distill-error.js';
import { type ImageFiles, type ImageFilesInput, imageFilesSchema } from '../images/options.js';
import { folderImageSink } from '../images/sink.js';
import { stampSlides } from '../model/origin.js';
import type { Doc } from '../model/types.js';
import { type ChunkSettings, chunkSettings } from '../options/chunks.js';
import type { FormatItem } from '../options/formats.js';
import { type ParseOptions, type ParseOptionsInput, parseOptionsSchema } from '../options/parse-options.js';
import { validate, validateMemo } from '../options/validate.js';
import {
  defaultRegistry,
  type ParseContext,
  type ParserPlugin,
  type ParserRegistry,
} from '../registry/registry.js';
import { removeBase64Images } from '../transforms/base64-images.js';
import { limitNesting, MAX_NESTING } from '../transforms/limit-nesting.js';
import { redactPII, redactSettings } from '../transforms/redact-pii.js';
import { extractiveSummary } from '../transforms/summary.js';
import { loadInput, type ParseInput } from './input.js';
import { ParseTimeout } from './parse-timeout.js';
import { raceAbort } from './race-abort.js';

export interface RuntimeOptions {
  filename?: string;
  contentType?: string;
  baseUrl?: string;
  charset?: string;
  signal?: AbortSignal;
  registry?: ParserRegistry;
  /** Largest input accepted, in bytes. The HTTP API uses the spec's 50 MB; the library allows more. */
  maxBytes?: number;
  /** Write embedded images to a folder and link them from the Markdown (see `imageFilesSchema`). */
  imageFiles?: ImageFilesInput;
  /** Called as pages (PDF pages, slides) are done: `done` of `total`. */
  onProgress?: (done: number, total: number) => void;
}

export interface ResultMetadata {
  title?: string;
  description?: string;
  language?: string;
  keywords?: string;
  contentType?: string;
  sourceURL?: string;
  url?: string;
  statusCode?: number;
  numPages?: number;
  totalPages?: number;
  error?: string | null;
  [key: string]: unknown;
}

/** The spec's parse `data`. */
export interface ParseResult {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  rawBase64?: string;
  links?: string[];
  images?: string[];
  summary?: string;
  pages?: { pageNumber: number; pageLabel?: string; markdown: string }[];
  blocks?: BlockPage[];
  /** distill's `chunks` format (options/chunks.ts). */
  chunks?: Chunk[];
  metadata: ResultMetadata;
  warning?: string;
}

export const DEFAULT_LIBRARY_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * Formats this engine produces from a document (the parsers and emitters); the rest of the spec's
 * list are scrape-only or need a provider. Declared once: web and search read it too.
 */
export const DOCUMENT_FORMATS: ReadonlySet<string> = new Set([
  'markdown',
  'html',
  'rawHtml',
  'rawBase64',
  'links',
  'images',
  'summary',
  // distill's own format: chunks of the document's Markdown (chunks/).
  'chunks',
]);

function checkFormats(formats: FormatItem[]): void {
  for (const f of formats) {
    if (f.type === 'json') {
      throw new DistillError(
        'UNSUPPORTED_OPTION',
        'The json format needs an LLM provider, and none is configured on this server',
        {
          details: [
            {
              field: 'formats',
              message: 'json requires a configured LLM provider',
              code: 'missing_provider',
            },
          ],
        },
      );
    }
    if (!DOCUMENT_FORMATS.has(f.type)) {
      throw new DistillError(
        'UNSUPPORTED_OPTION',
        `The format "${f.type}" is not supported by this server for parse`,
        {
          details: [
            { field: 'formats', message: `${f.type} is not supported by this server`, code: 'unsupported' },
          ],
        },
      );
    }
  }
}

export interface ParsedDoc {
  doc: Doc;
  format: FormatId;
  options: ParseOptions;
  warnings: string[];
  bytes: Uint8Array;
  filename?: string;
  /** The tokenizer the `chunks` format counts with, loaded before parsing when it asks for tokens. */
  tokenCounter?: TokenCounter;
}

/** The `chunks` format's settings, when asked for. */
export function chunksAsked(options: ParseOptions): ChunkSettings | undefined {
  const f = options.formats.find((x) => x.type === 'chunks');
  return f?.type === 'chunks' ? chunkSettings(f) : undefined;
}

export const SLIDE_FORMATS = new Set<FormatId>(['pptx', 'pptm', 'ppt', 'odp']);

/** A document loaded and detected, its parser found and its context made, not yet parsed. */
export interface OpenedDocument {
  options: ParseOptions;
  format: FormatId;
  warnings: string[];
  bytes: Uint8Array;
  filename?: string;
  /** Undefined for a PDF with `parsers: []` (returned base64-encoded). */
  plugin?: ParserPlugin;
  ctx: ParseContext;
  /** The tokenizer the `chunks` format counts with, loaded before parsing when it asks for tokens. */
  tokenCounter?: TokenCounter;
  /** The parse's time limit (its signal is `ctx.signal`). */
  timeout: ParseTimeout;
  /** Releases the timeout's timer; call once parsing is over. */
  dispose(): void;
}

/**
 * Validates the options, loads and detects the input, and finds its parser: what `parseToDoc`
 * and `parsePages` share. The timeout starts here and runs until `dispose`.
 */
export async function openDocument(
  input: ParseInput,
  optionsInput: ParseOptionsInput | ParseOptions = {},
  runtime: RuntimeOptions = {},
): Promise<OpenedDocument> {
  const options = validateMemo(parseOptionsSchema, optionsInput, 'parse options') as ParseOptions;
  checkFormats(options.formats);
  const imageFiles: ImageFiles | undefined = runtime.imageFiles
    ? validate(imageFilesSchema, runtime.imageFiles, 'imageFiles')
    : undefined;
  // A tokenizer that is not installed fails the request before any parsing.
  const chunking = chunksAsked(options);
  const tokenCounter = chunking?.unit === 'tokens' ? await loadTokenizer(chunking.tokenizer) : undefined;
  const loaded = await loadInput(input, runtime.maxBytes ?? DEFAULT_LIBRARY_MAX_BYTES);
  const filename = runtime.filename ?? loaded.filename;
  const contentType = runtime.contentType ?? loaded.contentType;
  let detection: ReturnType<typeof detectFormat>;
  try {
    detection = detectFormat({ bytes: loaded.bytes, filename, contentType });
  } catch (e) {
    // Detection opens containers (ZIP, CFB) to tell formats apart; a broken one is a corrupt file.
    throw toParseError(e);
  }
  const warnings = [...detection.warnings];
  const registry = runtime.registry ?? defaultRegistry;
  const pdf = options.parsers.find((p) => p.type === 'pdf');
  const format = detection.format;
  const plugin = format === 'pdf' && !pdf ? undefined : registry.get(format);
  if (!plugin && !(format === 'pdf' && !pdf)) {
    throw new DistillError(
      'UNSUPPORTED_FILE_TYPE',
      `Unsupported file type: no parser for ${format.toUpperCase()} is installed in this build (installed: ${registry.formats().join(', ') || 'none'})`,
    );
  }
  const images = imageFiles ? folderImageSink(imageFiles) : undefined;
  const deadline = Date.now() + options.timeout;
  const timeout = new ParseTimeout(options.timeout, runtime.signal);
  const ctx: ParseContext = {
    format,
    options,
    pdf,
    filename,
    contentType,
    baseUrl: runtime.baseUrl,
    charset: runtime.charset,
    // Read when a parser hands a signal on (workers, OCR, fetches): see ParseTimeout.
    get signal() {
      return timeout.signal;
    },
    warn: (m) => warnings.push(m),
    // A synchronous parser never lets the timer fire, so the deadline is checked too.
    checkpoint: () => {
      if (timeout.aborted || Date.now() > deadline) {
        throw new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout');
      }
    },
    ...(images ? { images, imageFiles } : {}),
    ...(runtime.onProgress ? { progress: runtime.onProgress } : {}),
  };
  return {
    options,
    format,
    warnings,
    bytes: loaded.bytes,
    filename,
    plugin,
    ctx,
    tokenCounter,
    timeout,
    dispose: () => timeout.dispose(),
  };
}

/** Detects and parses to the document model, without emitting. */
export async function parseToDoc(
  input: ParseInput,
  optionsInput: ParseOptionsInput | ParseOptions = {},
  runtime: RuntimeOptions = {},
): Promise<ParsedDoc> {
  const opened = await openDocument(input, optionsInput, runtime);
  const { options, format, warnings, filename, plugin, ctx, tokenCounter } = opened;
  const loaded = { bytes: opened.bytes };
  if (!plugin) {
    // `parsers: []`: the PDF is returned as it is, base64-encoded.
    opened.dispose();
    return {
      doc: { blocks: [], metadata: {} },
      format,
      options,
      warnings,
      bytes: loaded.bytes,
      filename,
      tokenCounter,
    };
  }
  const { timeout } = opened;
  const images = ctx.images;
  let doc: Doc;
  try {
    // A signal fired before the parse starts (the loading took the time, or the caller gave up)
    // is told apart from one that fires while the parser runs.
    const late = timeout.aborted;
    doc = await raceAbort(
      Promise.resolve().then(() => plugin.parse(loaded.bytes, ctx)),
      timeout,
      () =>
        late
          ? new DistillError('REQUEST_TIMEOUT')
          : new DistillError('REQUEST_TIMEOUT', 'Request Timeout: parsing took longer than the timeout'),
    );
  } catch (e) {
    throw toParseError(e);
  } finally {
    opened.dispose();
  }
  // A synchronous parser that ran past the deadline without a checkpoint still ends in
  // REQUEST_TIMEOUT here, before the transforms and emitting add to its time.
  try {
    ctx.checkpoint();
  } catch (e) {
    throw toParseError(e);
  }
  if (doc.warnings) warnings.push(...doc.warnings);
  if (images?.notes.length) warnings.push(`Images not written as files: ${images.notes.join('; ')}.`);
  // Slides are the pages of a presentation: each block carries its slide (model/origin.ts).
  if (SLIDE_FORMATS.has(format)) doc = { ...doc, blocks: stampSlides(doc.blocks) };
  let bounded: ReturnType<typeof limitNesting>;
  try {
    bounded = limitNesting(doc.blocks);
  } catch (e) {
    throw toParseError(e);
  }
  if (bounded.flattened) {
    doc = { ...doc, blocks: bounded.blocks };
    warnings.push(
      `Content nested deeper than ${MAX_NESTING} levels was flattened to that depth (no text was dropped).`,
    );
  }
  return { doc, format, options, warnings, bytes: loaded.bytes, filename, tokenCounter };
}

/** Emits the spec's parse `data` from a parsed document. */
export function emitResult(parsed: ParsedDoc, runtime: RuntimeOptions = {}): ParseResult {
  const { doc, format, options, bytes } = parsed;
  const warnings = [...parsed.warnings];
  const want = new Set(options.formats.map((f) => f.type));
  const pdf = options.parsers.find((p) => p.type === 'pdf');
  const metadata: ResultMetadata = { ...doc.metadata, contentType: contentTypeOf(format) };
  if (runtime.baseUrl) metadata.sourceURL = runtime.baseUrl;
  const result: ParseResult = { metadata };

  if (format === 'pdf' && !pdf) {
    result.rawBase64 = Buffer.from(bytes).toString('base64');
    if (warnings.length) result.warning = warnings.join('\n');
    return result;
  }

  let blocks = doc.blocks;
  const redact = redactSettings(options.redactPII);
  if (redact) blocks = redactPII(blocks, redact);
  // Page furniture first: dropped or separated, it is in neither the Markdown nor the HTML.
  const furniture = splitFurniture(
    options.removeBase64Images ? removeBase64Images(blocks) : blocks,
    pdf?.furniture ?? 'drop',
  );
  const htmlBlocks = furniture.dropped ? splitFurniture(blocks, 'drop').shown : blocks;
  const mdBlocks = furniture.shown;
  const chunking = chunksAsked(options);
  const needSpans = want.has('markdown') || pdf?.pages || pdf?.blocks || chunking;
  const pageLabels = new Map<number, string>();
  for (const p of doc.pages ?? []) if (p.label !== undefined) pageLabels.set(p.pageNumber, p.label);
  const md = needSpans
    ? toMarkdown(mdBlocks, { pageMarkers: format === 'pdf' && pdf?.pageMarkers, pageLabels })
    : undefined;

  if (want.has('markdown')) result.markdown = md!.markdown;
  if (want.has('html'))
    result.html = doc.html && !redact && !furniture.dropped ? doc.html : toHtml(htmlBlocks);
  if (want.has('rawHtml')) result.rawHtml = doc.rawHtml ?? doc.html ?? toHtml(doc.blocks);
  if (want.has('rawBase64')) result.rawBase64 = Buffer.from(bytes).toString('base64');
  if (want.has('links'))
    result.links = doc.links
      ? normalizeLinkList(doc.links, runtime.baseUrl)
      : collectLinks(blocks, runtime.baseUrl);
  if (want.has('images'))
    result.images = doc.images
      ? normalizeLinkList(doc.images, runtime.baseUrl)
      : collectImages(blocks, runtime.baseUrl);
  if (want.has('summary')) result.summary = extractiveSummary(htmlBlocks);
  if (pdf?.pages && md) result.pages = md.pages;
  if ((pdf?.blocks || chunking) && md) {
    // With `separate`, furniture is listed in `blocks` (null span) between the blocks it sat among.
    const listed = furniture.all
      ? { doc: { ...doc, blocks: furniture.all.blocks }, spans: spansOfAll(furniture.all.shownAt, md.spans) }
      : { doc: { ...doc, blocks: mdBlocks }, spans: md.spans };
    const items = locateItems(listed.doc, listed.spans, { lines: pdf?.lines });
    if (pdf?.blocks) result.blocks = groupBlockPages(listed.doc, items);
    if (chunking) {
      const measure = chunking.unit === 'tokens' ? parsed.tokenCounter : (t: string) => t.length;
      if (!measure)
        throw new DistillError(
          'MISSING_DEPENDENCY',
          `Chunking in tokens needs the ${chunking.tokenizer} tokenizer, which was not loaded (use parseToDoc to load it)`,
        );
      const out = chunkMarkdown(
        { markdown: md.markdown, blocks: listed.doc.blocks, items },
        chunking,
        measure,
      );
      result.chunks = out.chunks;
      if (out.oversize)
        warnings.push(
          `${out.oversize} chunk${out.oversize === 1 ? ' is' : 's are'} larger than the budget of ${chunking.size} ${chunking.unit}: each holds one piece that is never cut (a code block, formula, image, table row, list item or word).`,
        );
    }
  }
  if (furniture.dropped && pdf?.furniture !== 'separate')
    metadata.furnitureDropped = String(furniture.dropped);
  if (warnings.length) result.warning = warnings.join('\n');
  return result;
}

/**
 * Parses a document (bytes, a path, or bytes with a name) into the spec's parse result:
 * Markdown, HTML, links, images, pages, blocks and metadata, as the options ask.
 */
export async function parse(
  input: ParseInput,
  options: ParseOptionsInput = {},
  runtime: RuntimeOptions = {},
): Promise<ParseResult> {
  const parsed = await parseToDoc(input, options, runtime);
  try {
    return emitResult(parsed, runtime);
  } catch (e) {
    // Whatever the document holds, the caller gets a catalogue error, never a bare exception.
    throw toParseError(e);
  }
}
