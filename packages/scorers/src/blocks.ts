/**
 * Block boxes against dpbench's reference.json: the share of reference elements whose box one of
 * our blocks on the same page matches (IoU >= 0.5), and, among matched elements, how often the
 * label of the best-matching block means the same as the reference category.
 */

export type Box = [number, number, number, number];

/** One reference element, as reference.json lists it (corner points, normalised, top-left). */
export interface RefElement {
  category: string;
  page: number;
  coordinates: { x: number; y: number }[];
}

/** One of our blocks: page, spec label, normalised box (x0, y0, x1, y1). */
export interface OurBlock {
  page: number;
  label: string;
  bbox: number[];
}

/** Reference categories and the labels of ours that mean the same. */
export const AGREE: Record<string, string[]> = {
  Paragraph: ['text', 'list-item'],
  Footer: ['page-footer'],
  Header: ['page-header'],
  Caption: ['caption'],
  Heading1: ['heading'],
  List: ['list', 'list-item'],
  Table: ['table'],
  Figure: ['picture'],
  Chart: ['picture', 'table'],
  Equation: ['formula', 'text'],
  Footnote: ['footnote'],
  Index: ['table', 'list', 'text'],
};

export const IOU_MATCH = 0.5;

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

export const refBox = (e: RefElement): Box => {
  const xs = e.coordinates.map((c) => c.x);
  const ys = e.coordinates.map((c) => c.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

/** Heading labels carry their level (heading-2); the reference has one heading category. */
const family = (label: string) => (label.startsWith('heading') ? 'heading' : label);

export interface BlockCounts {
  /** Reference elements. */
  n: number;
  /** Of them, matched by one of our boxes (IoU >= 0.5). */
  matched: number;
  /** Of the matched, those whose best block's label agrees with the category. */
  agree: number;
}

export interface BlockScores {
  overall: BlockCounts;
  byCategory: Record<string, BlockCounts>;
}

const zero = (): BlockCounts => ({ n: 0, matched: 0, agree: 0 });

/** Counts for one document; add documents together with `addScores`. */
export function scoreBlocks(ref: RefElement[], ours: OurBlock[]): BlockScores {
  const s: BlockScores = { overall: zero(), byCategory: {} };
  for (const e of ref) {
    const box = refBox(e);
    let best = 0;
    let label = '';
    for (const b of ours) {
      if (b.page !== e.page || b.bbox.length !== 4) continue;
      const v = iou(box, b.bbox as Box);
      if (v > best) {
        best = v;
        label = family(b.label);
      }
    }
    s.byCategory[e.category] ??= zero();
    const c = s.byCategory[e.category];
    for (const k of [s.overall, c]) {
      k.n++;
      if (best >= IOU_MATCH) {
        k.matched++;
        if (AGREE[e.category]?.includes(label)) k.agree++;
      }
    }
  }
  return s;
}

export function addScores(a: BlockScores, b: BlockScores): BlockScores {
  const add = (x: BlockCounts, y: BlockCounts): BlockCounts => ({
    n: x.n + y.n,
    matched: x.matched + y.matched,
    agree: x.agree + y.agree,
  });
  const byCategory = { ...a.byCategory };
  for (const [k, v] of Object.entries(b.byCategory)) byCategory[k] = add(byCategory[k] ?? zero(), v);
  return { overall: add(a.overall, b.overall), byCategory };
}

export const emptyScores = (): BlockScores => ({ overall: zero(), byCategory: {} });
