import { asciiTwin } from '@distill/core';
import { changedRun } from '../run-shape.js';
import { settleFieldKinds } from '../shapes.js';
import type {
  Box,
  LayoutBlock,
  LayoutLine,
  LinkArea,
  PageInput,
  PageLayout,
  Span,
  TextRun,
} from '../types.js';
import { CAPTION } from './captions.js';
import { drawsChart } from './charts.js';
import { columnBands } from './column-bands.js';
import { atColumnFoot } from './column-foot.js';
import { cutJoins } from './cut-joins.js';
import { placeDropCaps } from './dropcap.js';
import { faceEnds, pageLeading } from './face-break.js';
import { joinFormRows } from './form-rows.js';
import { findFrameTables } from './frames.js';
import { findGutters, type Gutter } from './gutters.js';
import { headerFillTables } from './header-fills.js';
import { headerRuledTables } from './header-ruled.js';
import { leadGap } from './leading.js';
import { HAS_LETTER } from './letter-tests.js';
import {
  buildLines,
  closeLeaders,
  collapseSpaces,
  endsWithSpace,
  isSpaceCode,
  type Line,
  spaced,
  startsWithSpace,
  withRotated,
} from './lines.js';
import { BULLET, breaksList, markerOf, opensItem } from './markers.js';
import { median } from './median.js';
import { oneColumnBoxes } from './open-boxes.js';
import { overlapX } from './overlap.js';
import { bandTopRules, rowBands } from './row-bands.js';
import { cellDrawnRules } from './rule-pieces.js';
import { sizeEnds } from './size-break.js';
import { headOverStripes } from './stripe-head.js';
import { tableNotesAsText } from './table-notes.js';
import {
  type FoundTable,
  findRuleBoundTables,
  findRuledTables,
  findTextTables,
  plausibleTable,
} from './tables.js';
import { markBands } from './tint-bands.js';
import { joinContentsRows } from './toc.js';
import { topLinesOnBody } from './top-band.js';
import { closeTracking } from './tracking.js';
import { xyCut } from './xycut.js';

/** `/\s/.test(c)` for one character (a code point). */
const isSpaceString = (c: string): boolean => {
  for (let i = 0; i < c.length; i++) if (isSpaceCode(c.charCodeAt(i))) return true;
  return false;
};

const area = (b: Box) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
/** A picture covering more of the page than this, with text over it, is the page's background. */
const PICTURE_BACKGROUND = 0.6;
const overlapArea = (a: Box, b: Box) =>
  Math.max(0, overlapX(a, b)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});

// Plain boxes, reading-order options and page layouts have double fields from the start (shapes.ts).
settleFieldKinds(
  { x0: 0.5, y0: 0.5, x1: 0.5, y1: 0.5 } satisfies Box,
  { minColumnGap: 0.5, minColumnWidth: 0.5 },
  { pageNumber: 1, width: 0.5, height: 0.5, blocks: [], chars: 0.5 } satisfies PageLayout,
);

type Item =
  | { kind: 'line'; line: Line }
  | { kind: 'table'; table: FoundTable }
  | { kind: 'image'; box: Box; picture?: number };

/** Spans of a line: text grouped by link target (a link may cover part of a run), spaced as `makeLine` spaces. */
function lineSpans(line: Line, links: readonly LinkArea[]): Span[] {
  if (links.length === 0) return [{ text: line.text }];
  // Characters of the line with the link each falls in (positions spread evenly over a run).
  const chars: string[] = [];
  const hrefs: (string | undefined)[] = [];
  let prev: TextRun | undefined;
  for (const r of line.runs) {
    if (prev && spaced(prev, r) && !endsWithSpace(prev.text) && !startsWithSpace(r.text)) {
      chars.push(' ');
      hrefs.push(undefined);
    }
    const cy = (r.y0 + r.y1) / 2;
    const cs = [...r.text];
    const step = (r.x1 - r.x0) / Math.max(1, cs.length);
    // Only links beside the run can hold its characters (kept in order: the first one wins).
    const lo = Math.min(r.x0, r.x1);
    const hi = Math.max(r.x0, r.x1);
    const near = links.filter((l) => hi >= l.x0 - 1 && lo <= l.x1 + 1 && cy >= l.y0 - 2 && cy <= l.y1 + 2);
    for (let i = 0; i < cs.length; i++) {
      let href: string | undefined;
      if (near.length > 0) {
        const x = r.x0 + (i + 0.5) * step;
        href = near.find((l) => x >= l.x0 - 1 && x <= l.x1 + 1)?.url;
      }
      chars.push(cs[i]);
      // An empty target is no link.
      hrefs.push(href || undefined);
    }
    prev = r;
  }
  // Character positions are estimates: a word takes the link most of its characters fall in.
  for (let i = 0; i < chars.length; ) {
    if (isSpaceString(chars[i])) {
      i++;
      continue;
    }
    let j = i;
    let same = true;
    while (j < chars.length && !isSpaceString(chars[j])) {
      if (hrefs[j] !== hrefs[i]) same = false;
      j++;
    }
    if (!same) {
      const votes = new Map<string | undefined, number>();
      for (let k = i; k < j; k++) votes.set(hrefs[k], (votes.get(hrefs[k]) ?? 0) + 1);
      // The most votes; of equals, the first seen.
      let winner: string | undefined;
      let best = -1;
      for (const [h, n] of votes)
        if (n > best) {
          best = n;
          winner = h;
        }
      for (let k = i; k < j; k++) hrefs[k] = winner;
    }
    i = j;
  }
  const snapped: Span[] = [];
  for (let k = 0; k < chars.length; k++) {
    const last = snapped[snapped.length - 1];
    const href = hrefs[k];
    if (last && last.href === href) last.text += chars[k];
    else snapped.push(href ? { text: chars[k], href } : { text: chars[k] });
  }
  // Spaces at the edge of a link belong outside it.
  const out: Span[] = [];
  for (const s of snapped) {
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(s.text)!;
    if (s.href && (m[1] || m[3])) {
      if (m[1]) out.push({ text: m[1] });
      if (m[2]) out.push({ text: m[2], href: s.href });
      if (m[3]) out.push({ text: m[3] });
    } else out.push({ ...s });
  }
  for (const s of out) s.text = closeLeaders(collapseSpaces(s.text));
  if (out.length) {
    out[0].text = out[0].text.trimStart();
    out[out.length - 1].text = out[out.length - 1].text.trimEnd();
  }
  return out.filter((s) => s.text !== '');
}

/**
 * Page layout from words with boxes, whatever their source (pdf.js text or OCR): tables are
 * taken out first, the rest is cut into lines and ordered by XY-cut, then consecutive lines
 * of one column, size and weight become paragraphs, list items, captions, headers, footers.
 */
export function analyzePage(input: PageInput): PageLayout {
  const { width, height } = input;
  const cut = cutJoins(input.runs);
  const runs = closeTracking(placeDropCaps(cut.runs));
  const chars = runs.reduce((n, r) => n + r.text.length, 0);
  const { tables, taken, gutters: found, lines: read } = pageTables(input, runs, cut.edges);
  const free = runs.filter((_, i) => !taken.has(i));
  const gutters = found ?? findGutters(free, true);
  const lines = joinFormRows(joinContentsRows(read ? withRotated(read, free) : buildLines(free, gutters)));
  const bodySize = median(lines.map((l) => l.size));

  const items: Item[] = lines.map((line) => ({ kind: 'line', line }));
  for (const table of tables) items.push({ kind: 'table', table });
  // Images under text are backgrounds; only free-standing ones become placeholders.
  for (const img of input.images) {
    const covered =
      lines.some((l) => overlapX(l, img) > 0 && Math.min(l.y1, img.y1) - Math.max(l.y0, img.y0) > 0) ||
      // A picture behind a table is its grid, drawn as an image.
      tables.some((t) => overlapArea(t.box, img) > 0.5 * area(t.box));
    if (!covered && img.x1 - img.x0 < width * 1.01) items.push({ kind: 'image', box: img });
  }
  // Pictures (read only when images are written as files) are placed unless they are a
  // page's background: most of the page with text over it (a scan under its text layer).
  (input.pictures ?? []).forEach((pic, picture) => {
    const background =
      area(pic) > PICTURE_BACKGROUND * width * height &&
      lines.some((l) => overlapX(l, pic) > 0 && Math.min(l.y1, pic.y1) - Math.max(l.y0, pic.y0) > 0);
    const box = { x0: pic.x0, y0: pic.y0, x1: pic.x1, y1: pic.y1 };
    if (!background) items.push({ kind: 'image', box, picture });
  });
  const boxOf = (it: Item): Box =>
    it.kind === 'line' ? it.line : it.kind === 'table' ? it.table.box : it.box;
  // Plain boxes of one shape (lines, table boxes and image boxes are objects of different
  // shapes): xyCut's property reads stay monomorphic and it is not re-optimized per page.
  const plainBox = (it: Item): Box => {
    const b = boxOf(it);
    return { x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 };
  };
  const feet = new Set<number>();
  const order = readingOrder(items.map(plainBox), items, height, bodySize, feet);

  const footBlocks = new Set<LayoutBlock>();
  const inOrder = blocksInOrder(items, order, runs, input.links, feet, footBlocks);
  tableNotesAsText(inOrder, bodySize);
  const blocks = footnotesLast(inOrder, width, height, bodySize, footBlocks);
  markBands(blocks, input.rects, width, height);
  const boxes = input.rules.length >= 2 ? boxesAtBodyEnds(input, tables, lines) : [];
  if (boxes.length) return { pageNumber: input.pageNumber, width, height, blocks, chars, boxes };
  return { pageNumber: input.pageNumber, width, height, blocks, chars };
}

/**
 * The one-column ruled boxes that end the page's body (nothing under them but the bottom
 * band's running lines) or open it (nothing over them but the top band's): where a list in a
 * box goes on over a page break.
 */
function boxesAtBodyEnds(input: PageInput, tables: readonly FoundTable[], lines: readonly Line[]): Box[] {
  // A list read as a one-column table may still be one part of a list broken by the page end.
  const found = oneColumnBoxes(
    input.rules,
    tables.filter((t) => t.rows.some((r) => r.length > 1)).map((t) => t.box),
  );
  if (found.length === 0) return found;
  const { height } = input;
  const body = [
    ...lines.filter((l) => l.y1 >= 0.075 * height && l.y0 <= 0.93 * height),
    ...tables.map((t) => t.box),
  ];
  const inside = (l: Box, b: Box) => (l.y0 + l.y1) / 2 > b.y0 && (l.y0 + l.y1) / 2 < b.y1 && l.x0 >= b.x0 - 2;
  return found.filter(
    (b) =>
      body.every((l) => inside(l, b) || (l.y0 + l.y1) / 2 < b.y0) ||
      body.every((l) => inside(l, b) || (l.y0 + l.y1) / 2 > b.y1),
  );
}

/**
 * Reading order: the lines in the top and bottom margins (running headers, page numbers)
 * first and last, each band in its own order, and the body between by XY-cut, which reads
 * columns before rows; without the bands, a page number at the top right would be read
 * with the right column.
 */
function readingOrder(
  boxes: Box[],
  items: readonly Item[],
  height: number,
  bodySize: number,
  feet: Set<number>,
): number[] {
  const opts = { minColumnGap: bodySize * 0.9, minColumnWidth: bodySize * 4 };
  // Lines that open a list item (two columns of lists are read column by column).
  const opens = items.map((it) => it.kind === 'line' && opensItem(it.line.text));
  const band = (i: number): 0 | 1 | 2 => {
    const it = items[i];
    if (it.kind !== 'line' || it.line.text.length > 120) return 1;
    if (it.line.y1 < height * 0.075) return 0;
    if (it.line.y0 > height * 0.93) return 2;
    return 1;
  };
  const parts: number[][] = [[], [], []];
  boxes.forEach((_, i) => {
    parts[band(i)].push(i);
  });
  const bandItems = () =>
    items.map((it, i) =>
      it.kind === 'line' ? { box: boxes[i], size: it.line.size, text: it.line.text } : { box: boxes[i] },
    );
  // Top-band lines that stand on the body's text are read with it (see topLinesOnBody).
  if (parts[0].length && parts[1].length) {
    const onBody = topLinesOnBody(bandItems(), parts[0], parts[1]);
    if (onBody.size) {
      parts[0] = parts[0].filter((i) => !onBody.has(i));
      parts[1] = [...parts[1], ...onBody].sort((a, b) => a - b);
    }
  }
  // Lines low on the page that end a column (see atColumnFoot), decided once: the bottom
  // band's are read with the column's text, and labelBlocks keeps their blocks from the footers.
  const low = items.flatMap((it, i) => (it.kind === 'line' && it.line.y0 > height * FOOTER_ZONE ? [i] : []));
  if (low.length) {
    const all = bandItems();
    for (const i of low) if (atColumnFoot(all[i], all[i].text ?? '', all)) feet.add(i);
  }
  if (parts[2].length && parts[1].length) {
    const ends = new Set(parts[2].filter((i) => feet.has(i)));
    if (ends.size) {
      parts[2] = parts[2].filter((i) => !ends.has(i));
      parts[1] = [...parts[1], ...ends].sort((a, b) => a - b);
    }
  }
  if (parts[1].length === boxes.length) return xyCut(boxes, opts, opens);
  return parts.flatMap((idx) =>
    xyCut(
      idx.map((i) => boxes[i]),
      opts,
      idx.map((i) => opens[i]),
    ).map((k) => idx[k]),
  );
}

/**
 * The page's tables: drawn grids, framed cells, grids of shaded rectangles, tables bounded by
 * rules, borderless ones, and the runs they take. Apart from analyzePage so each of them is
 * optimized on its own.
 */
function pageTables(
  input: PageInput,
  runs: TextRun[],
  cutEdges: readonly Gutter[],
): { tables: FoundTable[]; taken: Set<number>; gutters?: Gutter[]; lines?: Line[] } {
  const { width, height } = input;
  const pageBox = { x0: 0, y0: 0, x1: width, y1: height };
  // Drawn lines first; filled rectangles (cell shading, padding boxes) add edges that would
  // split real cells, so they only count where the lines found no table.
  // Charts draw grids too: their boxes stay text, and nothing inside them is a table.
  const charts: Box[] = [];
  const notChart = (t: FoundTable) => {
    if (!drawsChart(t.box, input.rules, input.rects, runs)) return true;
    charts.push(t.box);
    return false;
  };
  const tables = findRuledTables(runs, input.rules, [], pageBox).filter(notChart);
  const within = (b: Box, t: Box) =>
    b.x0 >= t.x0 - 3 && b.x1 <= t.x1 + 3 && b.y0 >= t.y0 - 3 && b.y1 <= t.y1 + 3;
  const inTable = (b: Box) => tables.some((t) => within(b, t.box)) || charts.some((c) => within(b, c));
  const bands = rowBands(input.rects, runs, input.rules);
  const headed = headerFillTables(
    input.rects.filter((r) => !inTable(r)),
    runs,
    new Set(tables.flatMap((t) => [...t.runs])),
    input.rules,
  );
  tables.push(...headed);
  let freeRects = input.rects.filter((r) => !inTable(r) && !bands.has(r));
  if (freeRects.length > 0) {
    const framed = new Set(tables.flatMap((t) => [...t.runs]));
    const frameTables = findFrameTables(runs, freeRects, framed);
    if (frameTables.length) {
      tables.push(...frameTables);
      freeRects = freeRects.filter((r) => !inTable(r));
    }
  }
  if (freeRects.length > 0) {
    const already = new Set(tables.flatMap((t) => [...t.runs]));
    const rest = runs.map((r, i) => (already.has(i) ? changedRun(r, { rotated: true }) : r));
    tables.push(
      ...findRuledTables(
        rest,
        input.rules.filter((r) => !inTable(r)),
        freeRects,
        pageBox,
      ).filter(notChart),
    );
  }
  const taken = new Set<number>();
  for (const t of tables) for (const i of t.runs) taken.add(i);
  // A chart's labels are no table either; they stay in the text flow.
  const skip = new Set(taken);
  if (charts.length)
    runs.forEach((r, i) => {
      if (charts.some((c) => within(r, c))) skip.add(i);
    });
  // A header band over rows parted by rules stands where the table's top rule would.
  const bounds = bands.size ? [...input.rules, ...bandTopRules(bands, input.rules)] : input.rules;
  for (const t of findRuleBoundTables(runs, bounds, skip).filter(notChart)) {
    tables.push(t);
    for (const i of t.runs) taken.add(i);
  }
  // A rule under a header over cells of several lines: read before the text reading, which
  // takes a wrapped row's lines for rows of their own or for prose.
  for (const t of headerRuledTables(runs, input.rules, skip, tables).filter(notChart)) {
    tables.push(t);
    for (const i of t.runs) taken.add(i);
  }
  const seen: { gutters?: Gutter[]; lines?: Line[] } = {};
  for (const found of findTextTables(runs, skip, width, seen, input.recognized, cutEdges)) {
    // A bare header over zebra stripes is read from the stripes' columns (stripe-head.ts).
    const t = bands.size ? headOverStripes(found, bands, runs, new Set([...skip, ...taken])) : found;
    tables.push(t);
    for (const i of t.runs) taken.add(i);
  }
  // Rules drawn cell by cell, joined: read last, on the runs no other reading took, and kept
  // only as full as the text reading asks (a page's leftovers between two rules of a table the
  // other readings cut apart make a grid mostly blank).
  const pieced = cellDrawnRules(bounds);
  if (pieced) {
    const left = new Set([...skip, ...taken]);
    for (const t of findRuleBoundTables(runs, pieced, left).filter(
      (t) => plausibleTable(t.rows) && notChart(t),
    )) {
      tables.push(t);
      for (const i of t.runs) taken.add(i);
    }
  }
  // The free runs' gutters and upright lines are those findTextTables found when it read the
  // same runs (buildLines was a tenth of a warm page's layout, read twice).
  const same = seen.gutters && sameSet(skip, taken);
  const gutters = same ? seen.gutters : undefined;
  const lines = same ? seen.lines : undefined;
  // A plot's labels (axis ticks, a legend) line up in rows and its frame or grid lines draw
  // cells, but no table holds slanted or curved strokes: plotted lines, pie slices, map
  // outlines. Text-aligned rows are checked around them too (a legend sits inside the plot).
  const strokes = input.strokes ?? [];
  if (strokes.length < 8) return { tables, taken, gutters, lines };
  const plotted = (t: FoundTable) => {
    const pad = t.ruled ? 2 : Math.max(30, t.box.y1 - t.box.y0);
    let n = 0;
    for (const s of strokes)
      if (
        s.x0 >= t.box.x0 - pad &&
        s.x1 <= t.box.x1 + pad &&
        s.y0 >= t.box.y0 - pad &&
        s.y1 <= t.box.y1 + pad
      )
        n++;
    return n >= 8;
  };
  const kept = tables.filter((t) => !plotted(t));
  if (kept.length === tables.length) return { tables, taken, gutters, lines };
  const keptTaken = new Set<number>();
  for (const t of kept) for (const i of t.runs) keptTaken.add(i);
  return { tables: kept, taken: keptTaken };
}

/** Items in reading order to blocks: lines of one column, size and weight become paragraphs. */
function blocksInOrder(
  items: Item[],
  order: number[],
  runs: readonly TextRun[],
  links: readonly LinkArea[],
  feet: ReadonlySet<number>,
  footBlocks: Set<LayoutBlock>,
): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  let cur: { lines: Line[]; box: Box; marker?: string; foot: boolean } | undefined;
  const flush = () => {
    if (!cur) return;
    const b = textBlock(cur.lines, cur.box, cur.marker, links);
    if (cur.foot) footBlocks.add(b);
    blocks.push(b);
    cur = undefined;
  };
  const leading = pageLeading(order.flatMap((i) => (items[i].kind === 'line' ? [items[i].line] : [])));
  for (const idx of order) {
    const it = items[idx];
    if (it.kind !== 'line') {
      flush();
      if (it.kind === 'table') {
        const taken = [...it.table.runs].map((i) => runs[i]);
        const cols = columnBands(taken);
        const width = Math.max(...it.table.rows.map((r) => r.reduce((n, c) => n + (c.colSpan ?? 1), 0)));
        blocks.push({
          kind: 'table',
          box: it.table.box,
          rows: it.table.rows,
          ruled: it.table.ruled,
          size: dominantSize(taken),
          ...(it.table.grid ? { grid: it.table.grid } : {}),
          ...(cols.length === width ? { cols } : {}),
        });
      } else
        blocks.push({
          kind: 'image',
          box: it.box,
          ...(it.picture !== undefined ? { picture: it.picture } : {}),
        });
      continue;
    }
    const l = it.line;
    if (cur) {
      const p = cur.lines[cur.lines.length - 1];
      // Same row, further right: a fragment of the same line (a tab, a wide space).
      if (
        Math.abs(l.base - p.base) < 0.3 * p.size &&
        l.x0 >= p.x1 - 1 &&
        l.x0 - p.x1 < 4 * p.size &&
        !l.rotated &&
        !p.rotated
      ) {
        cur.lines[cur.lines.length - 1] = joinRow(p, l);
        cur.box = union(cur.box, l);
        continue;
      }
      // Measured from baselines: box edges move with each producer's font metrics.
      const gap = leadGap([p], [l]);
      const sizeOk = Math.abs(l.size - p.size) <= 0.15 * Math.max(l.size, p.size);
      const continues =
        !l.rotated &&
        !p.rotated &&
        sizeOk &&
        l.bold === p.bold &&
        // A contents title wrapped onto a second line stays with its entry.
        !(l.toc && !p.toc) &&
        gap < 0.75 * Math.max(p.size, l.size) &&
        gap > -0.5 * p.size &&
        overlapX(l, cur.box) > 0 &&
        !breaksList(cur, l) &&
        !(cur.lines.length === 1 && titleOverText(p, l)) &&
        !faceEnds(cur.lines, l, leading) &&
        !sizeEnds(cur.lines, l, leading);
      if (continues) {
        cur.lines.push(l);
        cur.box = union(cur.box, l);
        continue;
      }
      flush();
    }
    // A block ends its column as its first line does (it hangs where that line hangs).
    cur = {
      lines: [l],
      box: { x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1 },
      marker: markerOf(l.text),
      foot: feet.has(idx),
    };
  }
  flush();
  return blocks;
}

/**
 * A short first line over a full one is a title over its paragraph (set with less space after
 * it than a paragraph's): it ends well short of where the text under it ends, opens with a
 * capital or a number and closes with no punctuation. Paragraphs open with a full line.
 */
function titleOverText(first: Line, second: Line): boolean {
  return (
    first.x1 - first.x0 < 0.6 * (second.x1 - second.x0) &&
    second.x1 > first.x1 + 4 * second.size &&
    STARTS_UPPER_OR_DIGIT.test(first.text) &&
    !/[.,;:!?]$/.test(first.text.trim())
  );
}

function dominantSize(list: readonly TextRun[]): number | undefined {
  const weight = new Map<number, number>();
  for (const r of list) {
    const k = Math.round(r.size * 2) / 2;
    weight.set(k, (weight.get(k) ?? 0) + r.text.length);
  }
  return [...weight].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
}

/** `a` extended by `b`, in place: a row of thousands of fragments must not copy its runs each time. */
function joinRow(a: Line, b: Line): Line {
  for (const r of b.runs) a.runs.push(r);
  a.text = `${a.text} ${b.text}`;
  a.x1 = Math.max(a.x1, b.x1);
  a.y0 = Math.min(a.y0, b.y0);
  a.y1 = Math.max(a.y1, b.y1);
  a.bold = a.bold && b.bold;
  a.italic = a.italic && b.italic;
  if (a.fill !== b.fill) a.fill = -1;
  return a;
}

function textBlock(
  lines: Line[],
  box: Box,
  marker: string | undefined,
  links: readonly LinkArea[],
): LayoutBlock {
  const out: LayoutLine[] = lines.map((l) => ({
    spans: lineSpans(l, links),
    box: { x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1 },
    size: l.size,
  }));
  if (marker && out[0].spans.length) {
    const first = out[0].spans[0];
    first.text = first.text.replace(BULLET, '');
    if (first.text === '') out[0].spans.shift();
  }
  const weights = new Map<number, number>();
  for (const l of lines) weights.set(l.size, (weights.get(l.size) ?? 0) + l.text.length);
  const size = [...weights].sort((a, b) => b[1] - a[1])[0][0];
  const fill = lines.every((l) => l.fill === lines[0].fill) ? lines[0].fill : -1;
  const block: LayoutBlock = {
    kind: 'text',
    lines: out,
    box,
    size,
    bold: lines.every((l) => l.bold),
    italic: lines.every((l) => l.italic),
    fill,
  };
  if (lines.some((l) => l.toc)) block.toc = true;
  if (marker) {
    block.label = 'list-item';
    block.marker = marker;
  }
  return block;
}

/**
 * Labels the blocks, then moves the footnotes of a column that reading leaves for another
 * column higher up the page to the end of the page (before its footer): a page's notes are
 * read after all its text, as they are printed, and not between its columns.
 */
function footnotesLast(
  blocks: LayoutBlock[],
  width: number,
  height: number,
  bodySize: number,
  footBlocks: ReadonlySet<LayoutBlock>,
): LayoutBlock[] {
  labelBlocks(blocks, width, height, bodySize, footBlocks);
  const isNote = (b: LayoutBlock) => b.kind === 'text' && b.label === 'footnote';
  const isMargin = (b: LayoutBlock) =>
    b.kind === 'text' && (b.label === 'page-header' || b.label === 'page-footer');
  // Topmost start of the body text read after each block (one pass from the end).
  const topAfter = new Float64Array(blocks.length + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i];
    topAfter[i] = !isNote(b) && !isMargin(b) ? Math.min(topAfter[i + 1], b.box.y0) : topAfter[i + 1];
  }
  const moved: LayoutBlock[] = [];
  const kept: LayoutBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (isNote(b) && topAfter[i + 1] < b.box.y0) moved.push(b);
    else kept.push(b);
  }
  if (moved.length === 0) return blocks;
  // After the notes still in place (the last column's), before the footer lines at the end.
  let at = kept.length;
  while (at > 0 && isMargin(kept[at - 1]) && kept[at - 1].box.y0 > height / 2) at--;
  let notes = at;
  while (notes > 0 && isNote(kept[notes - 1])) notes--;
  return [...kept.slice(0, notes), ...moved, ...kept.slice(notes)];
}

/**
 * A caption in any language: one word, a number and a stop or colon ("Abbildung 3:", "Tableau
 * 2 –", "Gráfico 1."), set right beside a picture or a table and no larger than the text.
 * Away from one, or set larger, the same shape is as likely a title ("Kapitel 3: Methoden",
 * "Test 1:" over a table).
 */
const NUMBERED_LABEL = asciiTwin(
  String.raw`^\p{L}{2,14}\.?\s*[A-Z]?\d{1,3}(?:\.\d{1,3})*[a-z]?\s*[.:\-–—]`,
  'u',
);
const STARTS_UPPER_OR_DIGIT = asciiTwin(String.raw`^[\p{Lu}\d]`, 'u');
const besideFigure = (blocks: readonly LayoutBlock[], i: number) =>
  [blocks[i - 1], blocks[i + 1]].some((o) => o !== undefined && o.kind !== 'text');

/**
 * The topmost line near the top edge is a running header when set at about the body size; set
 * larger (a 13 pt title over 11 pt text) it is the page's title, and a heading's to decide.
 */
const TOP_HEADER_SIZE = 1.05;
/** Below this fraction of the page's height a short bottommost block may be a running footer. */
const FOOTER_ZONE = 0.88;

function labelBlocks(
  blocks: LayoutBlock[],
  width: number,
  height: number,
  bodySize: number,
  footBlocks: ReadonlySet<LayoutBlock>,
): void {
  // Running headers and footers sit in the margins; a little further in, they are still the
  // page's topmost or bottommost line.
  const top = Math.min(...blocks.map((b) => b.box.y0));
  const bottom = Math.max(...blocks.map((b) => b.box.y1));
  blocks.forEach((b, i) => {
    if (b.kind !== 'text') return;
    const text = b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ');
    const short = text.length < 120 && b.lines.length <= 2;
    const oneLine = b.lines.length === 1 && text.length <= 80;
    if (short && b.box.y1 < height * 0.075) b.label = 'page-header';
    else if (
      oneLine &&
      b.box.y1 < height * 0.11 &&
      b.box.y0 <= top + 2 &&
      b.size <= bodySize * TOP_HEADER_SIZE
    )
      b.label = 'page-header';
    else if (
      short &&
      (b.box.y0 > height * 0.93 ||
        (b.box.y0 > height * FOOTER_ZONE && b.box.y1 >= bottom - 2 && b.size <= bodySize * 1.2)) &&
      // A block whose first line ends its column (decided on the lines, in readingOrder).
      !footBlocks.has(b)
    )
      b.label = 'page-footer';
    else if (
      CAPTION.test(text) ||
      (NUMBERED_LABEL.test(text) && b.size <= bodySize * TOP_HEADER_SIZE && besideFigure(blocks, i))
    )
      b.label = 'caption';
    else if (
      b.box.y0 > height * 0.7 &&
      b.size < bodySize * 0.92 &&
      /^(\d{1,3}|[*†‡§¶])\s*\S/.test(text) &&
      HAS_LETTER.test(text)
    )
      b.label = 'footnote';
  });
  void width;
}

const sameSet = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((i) => b.has(i));
