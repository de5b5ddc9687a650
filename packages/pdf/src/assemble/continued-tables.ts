import type { LayoutBlock, PageLayout } from '../types.js';

type TableBlock = Extract<LayoutBlock, { kind: 'table' }>;

/**
 * A table's edges on two pages may differ this much (share of the page width) and still be
 * one table: the same columns drawn again, give or take a rule's width or a wider cell.
 */
const EDGE_SHARE = 0.05;

/**
 * The top and bottom bands (shares of the page height) where running headers and footers are
 * set. A line labelled a header lower down is only the page's topmost line: it may as well
 * be the title of a new table ("Pesticides" over a table of the same columns as the last).
 */
const TOP_BAND = 0.075;
const BOTTOM_BAND = 0.93;

/** Running headers, footers and notes sit around a page's body; they do not end or open it. */
const margin = (b: LayoutBlock, height: number) =>
  b.kind === 'text' &&
  (b.label === 'footnote' ||
    (b.label === 'page-header' && b.box.y1 < TOP_BAND * height) ||
    (b.label === 'page-footer' && b.box.y0 > BOTTOM_BAND * height));

const textOf = (b: LayoutBlock) =>
  b.kind === 'text' ? b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ') : '';
/** A caption saying the table goes on ("Table 3 (continued)", "cont'd"). */
const continuedCaption = (b: LayoutBlock) => /\b(continued|cont['’]?d\.?)\b/i.test(textOf(b));
/** A table's own caption ("Table 2.", "Tab. 4"), even where set high enough to pass for a running header. */
const tableCaption = (b: LayoutBlock) =>
  /^\s*(table|tab\.)\s*[A-Z]?\d/i.test(textOf(b)) && !continuedCaption(b);

const width = (t: TableBlock) =>
  Math.max(0, ...t.rows.map((r) => r.reduce((n, c) => n + (c.colSpan ?? 1), 0)));
const rowText = (r: TableBlock['rows'][number]) => r.map((c) => c.text).join('\u0000');

/**
 * Tables continued across a page break, as one table: where a page's body ends with a table
 * and the next page's body opens with one (after running headers, or a "continued" caption)
 * of the same number of columns, the same kind (drawn or not) and the same left and right
 * edges, the second's rows go on the first's, less a header row repeated at its top, and the
 * joined table lists the second's page and box in `continued` (its provenance on that page).
 * Pages are copied where they change; the layouts given stay as they were.
 */
export function joinContinuedTables(pages: readonly PageLayout[]): PageLayout[] {
  const out = pages.slice();
  for (let p = 1; p < out.length; p++) {
    // A page the table filled whole, its part joined to the page before, leaves nothing of its
    // own: the table goes on from the page where it started.
    let q = p - 1;
    while (q > 0 && out[q].blocks.every((x) => margin(x, out[q].height))) q--;
    const prev = out[q];
    const page = out[p];
    let last = prev.blocks.length - 1;
    while (last >= 0 && margin(prev.blocks[last], prev.height)) last--;
    let first = 0;
    while (
      first < page.blocks.length &&
      (margin(page.blocks[first], page.height) || continuedCaption(page.blocks[first]))
    )
      first++;
    if (page.blocks.slice(0, first).some(tableCaption)) continue;
    const a = prev.blocks[last];
    const b = page.blocks[first];
    if (a?.kind !== 'table' || b?.kind !== 'table') continue;
    if (a.ruled !== b.ruled || width(a) !== width(b) || width(a) < 2) continue;
    const w = Math.max(prev.width, page.width, 1);
    if (Math.abs(a.box.x0 - b.box.x0) > EDGE_SHARE * w || Math.abs(a.box.x1 - b.box.x1) > EDGE_SHARE * w)
      continue;
    const rows = b.rows.length > 1 && rowText(b.rows[0]) === rowText(a.rows[0]) ? b.rows.slice(1) : b.rows;
    const part = { pageNumber: page.pageNumber, box: b.box, width: page.width, height: page.height };
    const joined: TableBlock = {
      ...a,
      rows: [...a.rows, ...rows],
      continued: [...(a.continued ?? []), part, ...(b.continued ?? [])],
    };
    out[q] = { ...prev, blocks: prev.blocks.map((x, i) => (i === last ? joined : x)) };
    out[p] = { ...page, blocks: page.blocks.filter((_, i) => i !== first) };
  }
  return out;
}
