import { boxedList } from '../layout/tables.js';
import type { Box, LayoutBlock, PageLayout } from '../types.js';

/** The sides of a box drawn again on the next page sit this close (points). */
const SIDE_TOL = 2;

const centreIn = (b: Box, f: Box) =>
  (b.x0 + b.x1) / 2 > f.x0 &&
  (b.x0 + b.x1) / 2 < f.x1 &&
  (b.y0 + b.y1) / 2 > f.y0 &&
  (b.y0 + b.y1) / 2 < f.y1;

type Cell = { text: string };

/**
 * The items of a box's part: a paragraph each, or the rows of a one-column table where the
 * part read as a list on its own. Undefined where the part holds anything else.
 */
function itemsOf(blocks: readonly LayoutBlock[]): Cell[][] | undefined {
  const out: Cell[][] = [];
  for (const b of blocks) {
    if (b.kind === 'text') {
      const text = b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ');
      out.push([{ text: b.marker ? `${b.marker} ${text}` : text }]);
    } else if (b.kind === 'table' && b.rows.every((r) => r.length === 1 && (r[0].rowSpan ?? 1) === 1))
      for (const r of b.rows) out.push([{ text: r[0].text }]);
    else return undefined;
  }
  return out;
}

const sizeOf = (b: LayoutBlock) => (b.kind === 'image' ? undefined : b.size);

/**
 * A list in a one-column ruled box broken by a page end: the box ends the first page's body
 * and a box with the same sides opens the next page's, a part too short to read as a table on
 * its own (two rows or one, and the title row repeated over the second part). The parts'
 * paragraphs, one item each, are one boxed list when together they pass as one (three items
 * or more, each short); the title row repeated at the second part's top is read once. Returns
 * the two pages with the list as one table on the first, or undefined. `margin` tells a
 * running header, footer or note, which may sit after the box or before it.
 */
export function joinBoxedList(
  prev: PageLayout,
  page: PageLayout,
  margin: (b: LayoutBlock, p: PageLayout) => boolean,
): [PageLayout, PageLayout] | undefined {
  if (!prev.boxes || !page.boxes) return undefined;
  for (const f of prev.boxes)
    for (const g of page.boxes) {
      if (Math.abs(f.x0 - g.x0) > SIDE_TOL || Math.abs(f.x1 - g.x1) > SIDE_TOL) continue;
      const inF = prev.blocks.flatMap((b, i) => (centreIn(b.box, f) ? [i] : []));
      const inG = page.blocks.flatMap((b, i) => (centreIn(b.box, g) ? [i] : []));
      if (inF.length === 0 || inG.length === 0) continue;
      // The first box ends its page's body, the second opens its page's.
      const ends = prev.blocks.every((b, i) => i < inF[0] || inF.includes(i) || margin(b, prev));
      const opens = page.blocks.every(
        (b, i) => i > inG[inG.length - 1] || inG.includes(i) || margin(b, page),
      );
      // A frame round a whole page's body is the page's border (a slide's, a form's), not a box
      // round a list: the list's box starts under text on its first page and ends over text on
      // the next.
      const under = prev.blocks.some((b, i) => i < inF[0] && !margin(b, prev));
      const over = page.blocks.some(
        (b, i) => i > inG[inG.length - 1] && !inG.includes(i) && !margin(b, page),
      );
      if (!ends || !opens || !under || !over) continue;
      const top = itemsOf(inF.map((i) => prev.blocks[i]));
      const rest = itemsOf(inG.map((i) => page.blocks[i]));
      if (!top || !rest) continue;
      if (rest.length > 1 && rest[0][0].text === top[0][0].text) rest.shift();
      const rows = boxedList([...top, ...rest]);
      if (!rows) continue;
      const table: LayoutBlock = {
        kind: 'table',
        box: f,
        rows,
        ruled: true,
        size: sizeOf(prev.blocks[inF[inF.length - 1]]),
        continued: [{ pageNumber: page.pageNumber, box: g, width: page.width, height: page.height }],
      };
      const first = inF[0];
      return [
        {
          ...prev,
          blocks: prev.blocks.flatMap((x, i) => (i === first ? [table] : inF.includes(i) ? [] : [x])),
        },
        { ...page, blocks: page.blocks.filter((_, i) => !inG.includes(i)) },
      ];
    }
  return undefined;
}
