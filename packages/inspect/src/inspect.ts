import { basename } from 'node:path';
import type { Block, Doc, ParseInput, ParseOptionsInput, ParseResult, RuntimeOptions } from '@distill/core';
import { pageImagesAvailable, renderPageImages } from '@distill/pdf';
import { dataFromResult, type InspectData, type TableGrid } from './model.js';
import { deriveProvenance } from './provenance.js';

export interface InspectOptions {
  /** Pages to draw as images (1-based); default every page. Boxes and Markdown are always whole. */
  pages?: readonly number[];
  /** Longest side of a page image in pixels (default 1000, about 90 dpi on Letter or A4). */
  maxSide?: number;
  /** JPEG quality of page images (default 70). */
  quality?: number;
  /** Past this many pages, pages are drawn without an image (default 2000). */
  maxImagePages?: number;
  /**
   * Budget for all page images together, in bytes of JPEG (default 48 MiB, so the report of a
   * 1,000-page PDF stays a file a browser opens at once). A long document is drawn smaller to
   * fit (down to MIN_FIT_SIDE pixels); pages past the budget get no image, and the report says so.
   */
  maxImageBytes?: number;
  /** The name shown in the header; default the input's file name. */
  file?: string;
  signal?: AbortSignal;
}

/**
 * The parse options the inspector needs on top of the caller's: Markdown, and the pdf
 * parser's `blocks` (which every format's result carries when asked, with spans into the
 * Markdown). `parsers: []` is kept: the result is then the raw PDF, and the inspector says so.
 */
export const DEFAULT_IMAGE_BUDGET = 48 * 1024 * 1024;
/** What a text page weighs as a JPEG at 1000 px and quality 70 (measured: 60–150 KB on DP-Bench). */
const BYTES_AT_1000PX = 120 * 1024;
/** Below this a page image no longer shows where a block is: fewer pages are drawn instead. */
const MIN_FIT_SIDE = 400;

/**
 * The longest side that fits `pages` images into `budget` bytes, at most `wanted`: a JPEG's
 * size grows with its area, so the side shrinks with the square root of the overrun.
 */
export function fitImageSide(wanted: number, pages: number, budget: number): number {
  const estimate = BYTES_AT_1000PX * (wanted / 1000) ** 2 * pages;
  if (estimate <= budget) return wanted;
  return Math.max(MIN_FIT_SIDE, Math.min(wanted, Math.floor(wanted * Math.sqrt(budget / estimate))));
}

export function inspectParseOptions(input: ParseOptionsInput = {}): ParseOptionsInput {
  const formats = (input.formats ?? []).filter((f) => (typeof f === 'string' ? f : f.type) !== 'markdown');
  const parsers = input.parsers;
  if (parsers && parsers.length === 0) return { ...input, formats: ['markdown', ...formats] };
  const given = parsers?.find((p) => (typeof p === 'string' ? p : p.type) === 'pdf');
  const pdf = typeof given === 'object' ? given : { type: 'pdf' as const };
  return { ...input, formats: ['markdown', ...formats], parsers: [{ ...pdf, blocks: true }] };
}

/** The options that shaped a result, for the inspector's header. */
export function optionsLine(o: ParseOptionsInput, format: string): string {
  const parts: string[] = [];
  const pdf = o.parsers?.find((p) => typeof p === 'object' && p.type === 'pdf');
  if (format === 'pdf') {
    const mode = typeof pdf === 'object' ? (pdf.mode ?? 'auto') : 'auto';
    parts.push(`mode ${mode}`);
    if (typeof pdf === 'object' && pdf.maxPages) parts.push(`maxPages ${pdf.maxPages}`);
  }
  if (o.onlyMainContent === false) parts.push('whole page');
  if (o.includeTags?.length) parts.push(`include ${o.includeTags.join(', ')}`);
  if (o.excludeTags?.length) parts.push(`exclude ${o.excludeTags.join(', ')}`);
  return parts.join(' · ');
}

type TableBlock = Extract<Block, { kind: 'table' }>;

/**
 * Where each cell of an HTML-style table sits (rows hold only the cells that start in them),
 * or undefined when the cells do not fill the grid's rows and columns exactly.
 */
export function cellPlaces(t: TableBlock, nr: number, nc: number): TableGrid['cells'] | undefined {
  if (t.rows.length !== nr) return undefined;
  const taken = Array.from({ length: nr }, () => new Array<boolean>(nc).fill(false));
  const cells: TableGrid['cells'] = [];
  for (let r = 0; r < nr; r++) {
    let c = 0;
    for (const cell of t.rows[r]) {
      while (c < nc && taken[r][c]) c++;
      const rs = cell.rowSpan ?? 1;
      const cs = cell.colSpan ?? 1;
      if (c + cs > nc || r + rs > nr) return undefined;
      for (let i = r; i < r + rs; i++) for (let j = c; j < c + cs; j++) taken[i][j] = true;
      cells.push([r, c, rs, cs]);
      c += cs;
    }
  }
  return taken.every((row) => row.every(Boolean)) ? cells : undefined;
}

/**
 * Table grids by reading order, where the document model carries one (PDF tables found from
 * ruling lines, kept as the lines draw them). Tables come in the same order in the model and
 * in the blocks output, so the k-th table of each is the same table.
 */
export function gridsFromDoc(doc: Doc | undefined, result: ParseResult): Map<number, TableGrid> {
  const out = new Map<number, TableGrid>();
  if (!doc) return out;
  const items = (result.blocks ?? []).flatMap((p) => p.items.filter((i) => i.type === 'table'));
  const tables = doc.blocks.filter((b): b is TableBlock => b.kind === 'table');
  tables.forEach((t, k) => {
    const item = items[k];
    if (!item || !t.grid) return;
    const cells = cellPlaces(t, t.grid.rows.length - 1, t.grid.cols.length - 1);
    if (cells) out.set(item.readingOrder, { cols: t.grid.cols, rows: t.grid.rows, cells });
  });
  return out;
}

/**
 * The inspector's data for a parse result (which must carry `blocks` and `markdown`, see
 * inspectParseOptions), with page images drawn from the PDF's bytes when pdf.js and its
 * canvas are installed.
 */
export async function inspectorData(
  result: ParseResult,
  ctx: {
    file: string;
    format: string;
    options?: ParseOptionsInput;
    bytes?: Uint8Array;
    doc?: Doc;
  },
  opts: InspectOptions = {},
): Promise<InspectData> {
  const data = dataFromResult(result, {
    file: ctx.file,
    format: ctx.format,
    options: optionsLine(ctx.options ?? {}, ctx.format),
    grids: gridsFromDoc(ctx.doc, result),
  });
  if (!data.layout) deriveProvenance(data.blocks, ctx.format, data.markdown);
  if (ctx.format === 'pdf' && result.rawBase64 !== undefined && data.blocks.length === 0)
    data.warnings.unshift(
      'The PDF parser was off (parsers: []): the result is the raw PDF, nothing to inspect.',
    );
  if (ctx.format !== 'pdf' || !ctx.bytes || !data.layout) return data;
  const maxImagePages = opts.maxImagePages ?? 2000;
  const wanted = (opts.pages ?? data.pages.map((p) => p.n)).slice(0, maxImagePages);
  if (!pageImagesAvailable()) {
    data.imageNote =
      'No page images: drawing pages needs pdfjs-dist and @napi-rs/canvas (npm i @distill/ocr brings both). Boxes are drawn on blank pages.';
    return data;
  }
  const budget = opts.maxImageBytes ?? DEFAULT_IMAGE_BUDGET;
  const askedSide = opts.maxSide ?? 1000;
  const side = fitImageSide(askedSide, wanted.length, budget);
  const images = await renderPageImages(ctx.bytes, wanted, {
    maxSide: side,
    quality: opts.quality,
    maxTotalBytes: budget,
    signal: opts.signal,
  });
  const drawn = [...images.values()].reduce((a, im) => a + im.data.length, 0);
  const mb = (budget / 1024 / 1024).toFixed(0);
  for (const [n, im] of images)
    data.images.set(n, {
      mime: im.mime,
      base64: Buffer.from(im.data).toString('base64'),
      widthPx: im.widthPx,
      heightPx: im.heightPx,
    });
  const notes: string[] = [];
  if (side < askedSide)
    notes.push(
      `Page images drawn at ${side} px (not ${askedSide}) to keep them within the ${mb} MB image budget.`,
    );
  const missing = data.pages.length - images.size;
  if (missing > 0) {
    const why =
      drawn >= budget
        ? `past the ${mb} MB image budget (raise it with --max-image-mb, or draw fewer with --pages)`
        : opts.pages
          ? 'not among the pages asked for'
          : 'past the page limit or not drawable';
    notes.push(`${missing} page${missing === 1 ? '' : 's'} drawn without an image (${why}).`);
  }
  if (notes.length) data.imageNote = notes.join(' ');
  return data;
}

/** The file name to show for an input. */
export function inputName(input: ParseInput, runtime: RuntimeOptions = {}): string {
  if (runtime.filename) return runtime.filename;
  if (typeof input === 'string') return basename(input);
  if (input instanceof Uint8Array || input instanceof ArrayBuffer) return 'document';
  return input.filename ?? ('path' in input ? basename(input.path) : 'document');
}
