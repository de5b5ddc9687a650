import type { LayoutBlock, PageLayout } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/**
 * Lines cut off by the page's top band, put back on the text they start. Layout reads the
 * lines in the top band (running headers) before the body, each column's lines apart; in a
 * document that runs no header (see headlessOf) those lines are the page's own text: the
 * first line of a title set over two ("Top Nine Financial Tips for" / "Working Adults"), the
 * first lines of each column's text. Such a line is read just before the block set right
 * under it in its column (the first top-band line of the right column no longer comes
 * between the title and the left column's text), and is one block with it where they are
 * set alike: same size, weight and slant, and the space between them the leading of the
 * lines below, and its text wrapped there (see wraps: a paragraph's first line, a title's
 * first line). A top-band line that repeats on another page is furniture, and one over more
 * than one column (a title spanning the page) is read first: both stay where layout read them.
 */
export function rejoinBandCuts(page: PageLayout, furniture: ReadonlySet<TextBlock>): PageLayout {
  const blocks = page.blocks;
  const cut = (b: LayoutBlock): b is TextBlock =>
    b.kind === 'text' && b.label === 'page-header' && !furniture.has(b);
  const cuts = blocks.filter(cut);
  if (!cuts.length) return page;
  // The block each cut line stands on: the nearest one under it in its column, close enough
  // to be the next line of the page's text there.
  const onto = new Map<TextBlock, LayoutBlock>();
  for (const c of cuts) {
    let best: LayoutBlock | undefined;
    for (const b of blocks) {
      if (b === c || b.box.y0 < c.box.y1 - 0.3 * c.size) continue;
      if (Math.min(b.box.x1, c.box.x1) - Math.max(b.box.x0, c.box.x0) <= 0) continue;
      if (!best || b.box.y0 < best.box.y0) best = b;
    }
    if (!best || best.kind !== 'text' || best.box.y0 - c.box.y1 >= MAX_GAP * Math.max(c.size, best.size))
      continue;
    // A line over more than one column (a title spanning the page) stands on none of them.
    const across = (b: LayoutBlock) =>
      Math.min(b.box.x1, c.box.x1) > Math.max(b.box.x0, c.box.x0) &&
      Math.min(b.box.x1, best.box.x1) <= Math.max(b.box.x0, best.box.x0);
    if (!blocks.some(across)) onto.set(c, best);
  }
  if (!onto.size) return page;
  // Each chain of cut lines goes in front of the body block it ends on.
  const anchor = (c: TextBlock): LayoutBlock => {
    let b: LayoutBlock = c;
    for (let n = 0; n < cuts.length + 1 && b.kind === 'text' && onto.has(b); n++) b = onto.get(b)!;
    return b;
  };
  const before = new Map<LayoutBlock, TextBlock[]>();
  for (const c of cuts) {
    const a = anchor(c);
    if (a === c || cut(a)) continue;
    before.set(a, [...(before.get(a) ?? []), c]);
  }
  if (!before.size) return page;
  const moved = new Set([...before.values()].flat());
  const order: LayoutBlock[] = [];
  for (const b of blocks) {
    if (moved.has(b as TextBlock)) continue;
    const chain = before.get(b);
    if (chain) order.push(...chain.sort((x, y) => x.box.y0 - y.box.y0));
    order.push(b);
  }
  // Then each cut line joins the block under it where they are set alike.
  const out: LayoutBlock[] = [];
  for (const b of order) {
    const prev = out[out.length - 1];
    if (
      prev &&
      b.kind === 'text' &&
      moved.has(prev as TextBlock) &&
      setAlike(prev as TextBlock, b) &&
      wraps(prev as TextBlock, b, blocks)
    ) {
      const j = joined(prev as TextBlock, b);
      // Cut lines joined together still stand on the block under them.
      if (moved.has(b)) moved.add(j);
      out[out.length - 1] = j;
    } else out.push(b);
  }
  return { ...page, blocks: out };
}

/** A cut line further above the block under it than this many sizes is not its next line. */
const MAX_GAP = 1.5;

function setAlike(above: TextBlock, below: TextBlock): boolean {
  if (below.marker || below.toc || above.toc) return false;
  if (Math.abs(above.size - below.size) > 0.05 * Math.max(above.size, below.size)) return false;
  if (above.bold !== below.bold || (above.italic ?? false) !== (below.italic ?? false)) return false;
  const last = above.lines[above.lines.length - 1].box;
  const first = below.lines[0].box;
  const pitch = first.y0 - last.y0;
  // The leading of the lines below where there are two; else a paragraph's own line spacing.
  const within =
    below.lines.length >= 2
      ? below.lines[1].box.y0 - first.y0
      : above.lines.length >= 2
        ? last.y0 - above.lines[above.lines.length - 2].box.y0
        : undefined;
  if (within !== undefined) return Math.abs(pitch - within) <= 0.15 * below.size;
  return pitch > 0 && pitch <= 1.75 * below.size;
}

/**
 * Whether the line above ends where its text wrapped: the first word under it, with a space,
 * would not have fitted after it within its column (the widest block over the same stretch of
 * the page), its width taken at the line's own mean width of a character. A short line over the
 * next one ends where its writer ended it: a category label over a title, a list's item over
 * the next item, a heading over its text.
 */
function wraps(above: TextBlock, below: TextBlock, blocks: readonly LayoutBlock[]): boolean {
  const last = above.lines[above.lines.length - 1];
  const text = last.spans.map((s) => s.text).join('');
  if (!text.length) return false;
  let right = Math.max(above.box.x1, below.box.x1);
  for (const b of blocks)
    if (b.kind === 'text' && b.box.x0 < above.box.x1 && b.box.x1 > above.box.x0)
      right = Math.max(right, b.box.x1);
  const word =
    below.lines[0].spans
      .map((s) => s.text)
      .join('')
      .trim()
      .split(/\s+/)[0] ?? '';
  const perChar = (last.box.x1 - last.box.x0) / text.length;
  return last.box.x1 + (word.length + 1) * perChar > right;
}

function joined(above: TextBlock, below: TextBlock): TextBlock {
  const b: TextBlock = {
    ...below,
    lines: [...above.lines, ...below.lines],
    box: {
      x0: Math.min(above.box.x0, below.box.x0),
      y0: Math.min(above.box.y0, below.box.y0),
      x1: Math.max(above.box.x1, below.box.x1),
      y1: Math.max(above.box.y1, below.box.y1),
    },
    fill: above.fill === below.fill ? below.fill : -1,
  };
  delete b.label;
  if (above.marker) {
    b.marker = above.marker;
    b.label = 'list-item';
  } else if (below.label) b.label = below.label;
  if (b.label === undefined) delete b.label;
  return b;
}
