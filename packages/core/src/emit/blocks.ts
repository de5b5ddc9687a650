import { blockText } from '../model/build.js';
import type { Block, Doc, PageInfo } from '../model/types.js';
import { provOf } from './markdown.js';

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
  });
  return [...pages.values()].sort((a, b) => a.pageNumber - b.pageNumber);
}
