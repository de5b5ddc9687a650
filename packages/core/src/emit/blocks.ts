import { blockText } from '../model/build.js';
import type { Block, Doc, ListItem, PageInfo, Prov } from '../model/types.js';
import { blockToMarkdown, provOf } from './markdown.js';

/** One item of the spec's `blocks[].items`. */
export interface BlockItem {
  id: string;
  type: string;
  label: string;
  content: string;
  source?: string;
  bbox: number[];
  markdownSpan: [number, number];
  readingOrder: number;
  confidence: { layout: number; ocr: number };
}

export interface BlockPage {
  pageNumber: number;
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

/**
 * The spec's `blocks`: per page, the top-level blocks in reading order with their normalised
 * boxes, their span in the final Markdown and per-block confidence.
 */
export function toBlockPages(doc: Doc, spans: [number, number][], source = 'layout'): BlockPage[] {
  const pages = new Map<number, BlockPage>();
  const info = new Map<number, PageInfo>((doc.pages ?? []).map((p) => [p.pageNumber, p]));
  const pageOf = (n: number): BlockPage => {
    let p = pages.get(n);
    if (!p) {
      const i = info.get(n);
      p = {
        pageNumber: n,
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
  let current = provOf(doc.blocks.find((b) => provOf(b)) ?? doc.blocks[0] ?? { kind: 'rule' })?.page ?? 1;
  let order = 0;
  doc.blocks.forEach((b, i) => {
    if (b.kind === 'pageBreak') {
      current = b.page;
      return;
    }
    const prov = provOf(b);
    const pageNumber = prov?.page ?? current;
    const page = pageOf(pageNumber);
    const span = spans[i] ?? [0, 0];
    if (span[0] === span[1]) return;
    // Layout references box list items one by one, so a list with boxed items gives one block per item.
    const parts = b.kind === 'list' ? splitList(b, span) : undefined;
    if (parts) {
      for (const { item, prov: p, span: s } of parts) {
        const itemPage = pageOf(p.page);
        itemPage.items.push({
          id: `p${p.page}-b${itemPage.items.length}`,
          type: 'list-item',
          label: 'list-item',
          content: item.blocks.map(blockText).join('\n'),
          source: p.confidence?.ocr !== undefined ? 'ocr' : source,
          bbox: p.bbox!.map((v) => Math.round(v * 1e4) / 1e4),
          markdownSpan: s,
          readingOrder: order++,
          confidence: { layout: p.confidence?.layout ?? 1, ocr: p.confidence?.ocr ?? 1 },
        });
      }
      return;
    }
    page.items.push({
      id: `p${pageNumber}-b${page.items.length}`,
      type: TYPE[b.kind],
      label: prov?.label ?? (b.kind === 'heading' ? `heading-${b.level}` : TYPE[b.kind]),
      content: blockText(b),
      source: prov?.confidence?.ocr !== undefined ? 'ocr' : source,
      bbox: prov?.bbox ? prov.bbox.map((v) => Math.round(v * 1e4) / 1e4) : [],
      markdownSpan: span,
      readingOrder: order++,
      confidence: { layout: prov?.confidence?.layout ?? 1, ocr: prov?.confidence?.ocr ?? 1 },
    });
    // A table joined across page breaks: each later page lists its part, same span, so a
    // citation of a row on that page finds its box there.
    if (b.kind === 'table')
      for (const c of b.continued ?? []) {
        const more = pageOf(c.page);
        more.items.push({
          id: `p${c.page}-b${more.items.length}`,
          type: 'table',
          label: 'table-continued',
          content: '',
          source,
          bbox: c.bbox ? c.bbox.map((v) => Math.round(v * 1e4) / 1e4) : [],
          markdownSpan: span,
          readingOrder: order++,
          confidence: { layout: c.confidence?.layout ?? 1, ocr: c.confidence?.ocr ?? 1 },
        });
      }
  });
  return [...pages.values()].sort((a, b) => a.pageNumber - b.pageNumber);
}
