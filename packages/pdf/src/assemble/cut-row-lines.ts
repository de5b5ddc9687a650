import type { LayoutBlock, PageLayout } from '../types.js';

type TableBlock = Extract<LayoutBlock, { kind: 'table' }>;

/** At most this many text blocks stand between a table's part and the page break. */
const MAX_APART = 4;
/** Points a line may reach past the table's edge it sits against and still be beside it. */
const TOL = 2;

/**
 * Text blocks set apart from a table's part on its page, each of whose lines lies in one of
 * the table's columns and none in the first (the column that names the rows): the lines of a
 * row cut by the page break that the table's reading left out, where one column runs on
 * past the others. Returns their text column by column, top to bottom, or undefined.
 */
function inColumns(
  blocks: readonly LayoutBlock[],
  t: TableBlock,
  side: 'above' | 'below',
): string[] | undefined {
  const cols = t.cols;
  if (!cols || blocks.length === 0) return undefined;
  const lines: { k: number; y: number; text: string }[] = [];
  for (const b of blocks) {
    if (b.kind !== 'text' || b.label || b.marker) return undefined;
    if (side === 'above' ? b.box.y1 > t.box.y0 + TOL : b.box.y0 < t.box.y1 - TOL) return undefined;
    for (const l of b.lines) {
      const hit = cols.flatMap((c, k) => (l.box.x1 > c.x0 && l.box.x0 < c.x1 ? [k] : []));
      if (hit.length !== 1 || hit[0] === 0) return undefined;
      lines.push({ k: hit[0], y: l.box.y0, text: l.spans.map((s) => s.text).join('') });
    }
  }
  lines.sort((a, b) => a.y - b.y);
  return cols.map((_, k) =>
    lines
      .filter((l) => l.k === k)
      .map((l) => l.text.trim())
      .join(' '),
  );
}

export interface CutRowApart {
  /** The table ending the page before, its index there, and the cut row's lines under it. */
  a: TableBlock;
  closed: number;
  foot: string[];
  /** The table's part opening the page, its index there, and the cut row's lines above it. */
  b: TableBlock;
  opened: number;
  top: string[];
}

/**
 * A table's parts on two pages with a cut row's lines set apart between them: under the
 * table at the page's foot (blocks `last` and before, down to the table) or above the part
 * at the next page's top (blocks from `first`, up to the part). Undefined where the blocks
 * between are anything else.
 */
export function cutRowApart(
  prev: PageLayout,
  last: number,
  page: PageLayout,
  first: number,
): CutRowApart | undefined {
  let closed = last;
  while (closed >= 0 && last - closed < MAX_APART && prev.blocks[closed].kind === 'text') closed--;
  let opened = first;
  while (opened < page.blocks.length && opened - first < MAX_APART && page.blocks[opened].kind === 'text')
    opened++;
  const a = prev.blocks[closed];
  const b = page.blocks[opened];
  if (a?.kind !== 'table' || b?.kind !== 'table' || (closed === last && opened === first)) return undefined;
  const foot = closed < last ? inColumns(prev.blocks.slice(closed + 1, last + 1), a, 'below') : [];
  const top = opened > first ? inColumns(page.blocks.slice(first, opened), b, 'above') : [];
  if (!foot || !top) return undefined;
  return { a, closed, foot, b, opened, top };
}
