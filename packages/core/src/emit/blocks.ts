import { blockText } from '../model/build.js';
import type { Block, Doc, ListItem, PageInfo, Prov, ProvLine, ProvOrigin } from '../model/types.js';
import { blockToMarkdown, provOf } from './markdown.js';

/** One item of the spec's `blocks[].items`. */
export interface BlockItem {
  id: string;
  type: string;
  label: string;
  content: string;
  source?: string;
  bbox: number[];
  /** [start, end) in the Markdown; null for page furniture kept out of it (`furniture: 'separate'`). */
  markdownSpan: [number, number] | null;
  readingOrder: number;
  confidence: { layout: number; ocr: number };
  /** The printed page label, where the document declares labels (PDF /PageLabels). */
  pageLabel?: string;
  /** The block's lines with boxes (and words on OCR'd pages), with the pdf parser's `lines`. */
  lines?: ProvLine[];
  /** Slide, sheet and range, or chapter, for formats without pages. */
  origin?: ProvOrigin;
}

/** An item of `blocks` with where it came from in the document model, for the chunker. */
export interface LocatedItem {
  item: BlockItem;
  pageNumber: number;
  /** Index of the top-level block in the list given. */
  block: number;
  /** The list item's index when a list is given item by item. */
  listItem?: number;
}

export interface BlockItemOptions {
  source?: string;
  /** Copy the blocks' lines (the pdf parser's `lines` option). */
  lines?: boolean;
  /** Reading order of the first item (a page of `parsePages()` goes on from the pages before). */
  firstOrder?: number;
  /** Items numbered so far per page (`p3-b<n>`), shared by the pages of `parsePages()`. */
  idCounts?: Map<number, number>;
}

export interface BlockPage {
  pageNumber: number;
  /** The printed page label, where the document declares labels (PDF /PageLabels). */
  pageLabel?: string;
  width: number;
  height: number;
  status: string;
  items: BlockItem[];
}

const TYPE: Record<Block['kind'], string> = {
  heading: 'heading',
  paragraph: 'text',
  list: 'list',
  table: 'table',
  image: 'picture',
  code: 'code',
  quote: 'text',
  formula: 'formula',
  footnote: 'footnote',
  comment: 'comment',
  rule: 'separator',
  pageBreak: 'pageBreak',
};

type ListBlock = Extract<Block, { kind: 'list' }>;

/** An item's provenance: its first child's, the box widened to every child's box on that page. */
function itemProv(item: ListItem): Prov | undefined {
  const provs = item.blocks.map(provOf).filter((p): p is Prov => !!p?.bbox);
  if (provs.length === 0) return undefined;
  const [first] = provs;
  const box = [...first.bbox!] as [number, number, number, number];
  for (const p of provs.slice(1)) {
    if (p.page !== first.page) continue;
    box[0] = Math.min(box[0], p.bbox![0]);
    box[1] = Math.min(box[1], p.bbox![1]);
    box[2] = Math.max(box[2], p.bbox![2]);
    box[3] = Math.max(box[3], p.bbox![3]);
  }
  return { ...first, bbox: box };
}

/**
 * A list's items with their own boxes and exact spans inside the list's span, or undefined to
 * keep the list whole: when some item has no box (formats without layout), or when the items'
 * Markdown does not add up to the list's (so a span could be off).
 */
function splitList(
  b: ListBlock,
  span: [number, number],
): { item: ListItem; prov: Prov; span: [number, number] }[] | undefined {
  const provs = b.items.map(itemProv);
  if (b.items.length < 2 || provs.some((p) => !p)) return undefined;
  // The emitter writes each item as a one-item list would and joins them with one newline, or
  // with two when any item is loose; each item's length is thus that of a one-item list.
  const start = b.start ?? 1;
  const lengths = b.items.map(
    (item, i) =>
      blockToMarkdown({ kind: 'list', ordered: b.ordered, start: start + i, items: [item] }, {}).length,
  );
  const sum = lengths.reduce((a, n) => a + n, 0);
  const total = span[1] - span[0];
  const gaps = b.items.length - 1;
  const sep = total === sum + gaps ? 1 : total === sum + 2 * gaps ? 2 : 0;
  if (!sep) return undefined;
  let at = span[0];
  return b.items.map((item, i) => {
    const s: [number, number] = [at, at + lengths[i]];
    at += lengths[i] + sep;
    return { item, prov: provs[i]!, span: s };
  });
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** What every item of a block carries beyond its kind and span: label, lines, origin. */
function extras(
  prov: Prov | undefined,
  label: string | undefined,
  opts: BlockItemOptions,
): Partial<BlockItem> {
  const out: Partial<BlockItem> = {};
  if (label) out.pageLabel = label;
  if (opts.lines && prov?.lines) out.lines = prov.lines;
  if (prov?.origin) out.origin = prov.origin;
  return out;
}

/**
 * Every item of the spec's `blocks` in reading order, with its page and the top-level block it
 * comes from. `spans[i]` is block i's span in the Markdown; null marks a block kept out of the
 * Markdown on purpose (separated furniture), which is listed with a null span; a block with an
 * empty span wrote nothing and is left out.
 */
export function locateItems(
  doc: Doc,
  spans: readonly ([number, number] | null)[],
  opts: BlockItemOptions = {},
): LocatedItem[] {
  const source = opts.source ?? 'layout';
  const labels = new Map<number, string>();
  for (const p of doc.pages ?? []) if (p.label !== undefined) labels.set(p.pageNumber, p.label);
  const counts = opts.idCounts ?? new Map<number, number>();
  const nextId = (page: number) => {
    const n = counts.get(page) ?? 0;
    counts.set(page, n + 1);
    return `p${page}-b${n}`;
  };
  const out: LocatedItem[] = [];
  let current = provOf(doc.blocks.find((b) => provOf(b)) ?? doc.blocks[0] ?? { kind: 'rule' })?.page ?? 1;
  let order = opts.firstOrder ?? 0;
  doc.blocks.forEach((b, i) => {
    if (b.kind === 'pageBreak') {
      current = b.page;
      return;
    }
    const prov = provOf(b);
    const pageNumber = prov?.page ?? current;
    const span = spans[i] === undefined ? ([0, 0] as [number, number]) : spans[i];
    if (span !== null && span[0] === span[1]) return;
    // Layout references box list items one by one, so a list with boxed items gives one block per item.
    const parts = b.kind === 'list' && span ? splitList(b, span) : undefined;
    if (parts) {
      parts.forEach(({ item, prov: p, span: s }, k) => {
        out.push({
          pageNumber: p.page,
          block: i,
          listItem: k,
          item: {
            id: nextId(p.page),
            type: 'list-item',
            label: 'list-item',
            content: item.blocks.map(blockText).join('\n'),
            source: p.confidence?.ocr !== undefined ? 'ocr' : source,
            bbox: p.bbox!.map(round4),
            markdownSpan: s,
            readingOrder: order++,
            confidence: { layout: p.confidence?.layout ?? 1, ocr: p.confidence?.ocr ?? 1 },
            ...extras(itemLines(item, p), labels.get(p.page), opts),
          },
        });
      });
      return;
    }
    out.push({
      pageNumber,
      block: i,
      item: {
        id: nextId(pageNumber),
        type: TYPE[b.kind],
        label: prov?.label ?? (b.kind === 'heading' ? `heading-${b.level}` : TYPE[b.kind]),
        content: blockText(b),
        source: prov?.confidence?.ocr !== undefined ? 'ocr' : source,
        bbox: prov?.bbox ? prov.bbox.map(round4) : [],
        markdownSpan: span,
        readingOrder: order++,
        confidence: { layout: prov?.confidence?.layout ?? 1, ocr: prov?.confidence?.ocr ?? 1 },
        ...extras(b.kind === 'list' ? listLines(b, prov) : prov, labels.get(pageNumber), opts),
      },
    });
    // A table joined across page breaks: each later page lists its part, same span, so a
    // citation of a row on that page finds its box there.
    if (b.kind === 'table')
      for (const c of b.continued ?? []) {
        out.push({
          pageNumber: c.page,
          block: i,
          item: {
            id: nextId(c.page),
            type: 'table',
            label: 'table-continued',
            content: '',
            source,
            bbox: c.bbox ? c.bbox.map(round4) : [],
            markdownSpan: span,
            readingOrder: order++,
            confidence: { layout: c.confidence?.layout ?? 1, ocr: c.confidence?.ocr ?? 1 },
            ...extras(undefined, labels.get(c.page), opts),
          },
        });
      }
  });
  return out;
}

/** A list item's provenance with the lines of its blocks (a PDF item is one paragraph). */
function itemLines(item: ListItem, p: Prov): Prov {
  const lines = item.blocks.flatMap((c) => provOf(c)?.lines ?? []);
  return lines.length ? { ...p, lines } : p;
}

/** A list kept whole: the lines of all its items. */
function listLines(b: ListBlock, p: Prov | undefined): Prov | undefined {
  if (!p) return p;
  const lines = b.items.flatMap((it) => it.blocks.flatMap((c) => provOf(c)?.lines ?? []));
  return lines.length ? { ...p, lines } : p;
}

/**
 * The spec's `blocks`: per page, the top-level blocks in reading order with their normalised
 * boxes, their span in the final Markdown and per-block confidence.
 */
export function toBlockPages(
  doc: Doc,
  spans: readonly ([number, number] | null)[],
  opts: BlockItemOptions | string = {},
): BlockPage[] {
  return groupBlockPages(doc, locateItems(doc, spans, typeof opts === 'string' ? { source: opts } : opts));
}

/** Located items grouped by page, every page of the document listed (a page without blocks too). */
export function groupBlockPages(doc: Doc, items: readonly LocatedItem[]): BlockPage[] {
  const pages = new Map<number, BlockPage>();
  const info = new Map<number, PageInfo>((doc.pages ?? []).map((p) => [p.pageNumber, p]));
  const pageOf = (n: number): BlockPage => {
    let p = pages.get(n);
    if (!p) {
      const i = info.get(n);
      p = {
        pageNumber: n,
        ...(i?.label !== undefined ? { pageLabel: i.label } : {}),
        width: i?.width ?? 0,
        height: i?.height ?? 0,
        status: i?.status ?? 'ok',
        items: [],
      };
      pages.set(n, p);
    }
    return p;
  };
  for (const p of doc.pages ?? []) pageOf(p.pageNumber);
  for (const { item, pageNumber } of items) pageOf(pageNumber).items.push(item);
  return [...pages.values()].sort((a, b) => a.pageNumber - b.pageNumber);
}
