import type { BlockPage, ParseResult } from '@distill/core';

/** Colour classes of the inspector: the kinds, with page furniture apart from text. */
export type BoxClass =
  | 'heading'
  | 'text'
  | 'list'
  | 'table'
  | 'figure'
  | 'furniture'
  | 'formula'
  | 'code'
  | 'caption'
  | 'footnote'
  | 'other';

/** A table's grid, normalised to the page like the block's box: cell edges, and every cell's place. */
export interface TableGrid {
  cols: number[];
  rows: number[];
  /** Each cell as [row, col, rowSpan, colSpan] (0-based): merged cells are drawn whole. */
  cells: [number, number, number, number][];
}

export interface InspectBlock {
  /** Reading order, 0-based, over the whole document. */
  order: number;
  page: number;
  type: string;
  label: string;
  cls: BoxClass;
  /** Normalised box (x0, y0, x1, y1, top-left origin); absent for formats without layout. */
  bbox?: [number, number, number, number];
  /** UTF-16 offsets into the Markdown, as the blocks output gives them. */
  span: [number, number];
  /** OCR confidence (0..1), only for blocks read by OCR. */
  ocr?: number;
  /** Where the block sits in formats without pages: slide, sheet, chapter or section. */
  prov?: string;
  grid?: TableGrid;
  /** The block's text, cut short: the full text is in the Markdown beside it. */
  excerpt: string;
}

export interface InspectPage {
  n: number;
  /** Size in points; 0 for formats without pages. */
  width: number;
  height: number;
  status: string;
  /** Why `auto` (or the mode) read the page by OCR. */
  ocrReason?: string;
}

export interface PageImageRef {
  mime: string;
  /** Base64 of the image bytes. */
  base64: string;
  widthPx: number;
  heightPx: number;
}

export interface InspectData {
  file: string;
  format: string;
  markdown: string;
  /** True when blocks carry boxes (PDF): pages are drawn; otherwise blocks are listed. */
  layout: boolean;
  pages: InspectPage[];
  blocks: InspectBlock[];
  warnings: string[];
  /** The parse options that shaped the result, as a line for the header. */
  options: string;
  /** Why pages have no image, when they have none (canvas missing, page limit). */
  imageNote?: string;
  /** Page images by page number: embedded apart from the JSON so they are decoded only when shown. */
  images: Map<number, PageImageRef>;
}

const EXCERPT = 160;

export function classOf(type: string, label: string): BoxClass {
  if (label === 'page-header' || label === 'page-footer') return 'furniture';
  if (label === 'caption') return 'caption';
  if (label === 'footnote' || type === 'footnote') return 'footnote';
  switch (type) {
    case 'heading':
      return 'heading';
    case 'text':
      return 'text';
    case 'list':
    case 'list-item':
      return 'list';
    case 'table':
      return 'table';
    case 'picture':
      return 'figure';
    case 'formula':
      return 'formula';
    case 'code':
      return 'code';
    default:
      return 'other';
  }
}

/** `"2:no-text,5:image-page"` (the PDF parser's metadata) as a map. */
export function parseOcrReasons(v: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (typeof v !== 'string') return out;
  for (const part of v.split(',')) {
    const [n, why] = part.split(':');
    if (n && why && Number.isFinite(Number(n))) out.set(Number(n), why);
  }
  return out;
}

const excerpt = (s: string) => (s.length > EXCERPT ? `${s.slice(0, EXCERPT - 1)}…` : s);

/**
 * The inspector's data from a parse result that has `blocks` (every format gives them when
 * the pdf parser's `blocks` option is on): pages with their OCR reasons, blocks in reading
 * order with their class, box, span and OCR confidence.
 */
export function dataFromResult(
  result: ParseResult,
  info: { file: string; format: string; options: string; grids?: Map<number, TableGrid> },
): InspectData {
  const reasons = parseOcrReasons(result.metadata.ocrReasons);
  const pages: InspectPage[] = [];
  const blocks: InspectBlock[] = [];
  for (const p of (result.blocks ?? []) as BlockPage[]) {
    pages.push({
      n: p.pageNumber,
      width: p.width,
      height: p.height,
      status: p.status,
      ...(reasons.has(p.pageNumber) ? { ocrReason: reasons.get(p.pageNumber) } : {}),
    });
    for (const it of p.items) {
      const b: InspectBlock = {
        order: it.readingOrder,
        page: p.pageNumber,
        type: it.type,
        label: it.label,
        cls: classOf(it.type, it.label),
        span: it.markdownSpan ?? [0, 0],
        excerpt: excerpt(it.content),
      };
      if (it.bbox.length === 4) b.bbox = it.bbox as [number, number, number, number];
      if (it.source === 'ocr') b.ocr = it.confidence.ocr;
      const grid = info.grids?.get(it.readingOrder);
      if (grid) b.grid = grid;
      blocks.push(b);
    }
  }
  blocks.sort((a, b) => a.order - b.order);
  return {
    file: info.file,
    format: info.format,
    markdown: result.markdown ?? '',
    layout: blocks.some((b) => b.bbox),
    pages,
    blocks,
    warnings: result.warning ? result.warning.split('\n') : [],
    options: info.options,
    images: new Map(),
  };
}
