import type { LocatedItem } from '../emit/blocks.js';
import type { Block } from '../model/types.js';
import type { ChunkSettings } from '../options/chunks.js';
import { type Unit, unitsOf } from './units.js';

/** One chunk of the `chunks` format. */
export interface Chunk {
  /** `c0`, `c1`, … in reading order. */
  id: string;
  /** The chunk's Markdown: `markdown.slice(markdownSpan)`, with a table's header repeated before rows that continue it. */
  text: string;
  /** Texts of the headings the chunk sits under, outermost first. */
  headingPath: string[];
  /** [start, end) of the chunk in the whole Markdown (overlap included). */
  markdownSpan: [number, number];
  /** Size of `text` in the chunker's unit (characters or tokens). */
  size: number;
  /** Physical pages the chunk's blocks lie on (1-based), in order. */
  pages: number[];
  /** Printed labels of those pages, where the document declares labels (PDF /PageLabels). */
  pageLabels?: string[];
  /** Per page: the union box of the chunk's blocks there (normalised; empty without layout) and their ids in `blocks`. */
  regions: ChunkRegion[];
  /** Blocks the chunk holds only part of: a table's rows, a list's items, a paragraph's characters ([from, to) of `of`). */
  parts?: { id: string; unit: 'rows' | 'items' | 'chars'; from: number; to: number; of: number }[];
  /** Characters at the start of `text` that repeat the end of the previous chunk. */
  overlap?: number;
  /** The chunk is over the budget: one row, list item, word or code block larger than it, kept whole. */
  oversize?: true;
}

export interface ChunkRegion {
  pageNumber: number;
  pageLabel?: string;
  bbox: number[];
  blocks: string[];
}

export interface ChunkInput {
  markdown: string;
  /** The top-level blocks the Markdown was written from (LocatedItem.block indexes them). */
  blocks: readonly Block[];
  items: readonly LocatedItem[];
}

export interface ChunkOutput {
  chunks: Chunk[];
  /** Chunks over the budget, for the warning. */
  oversize: number;
}

/** A chunk being packed: its units and its estimated size. */
interface Open {
  units: Unit[];
  size: number;
  path: string[];
  /** Only headings so far: a further heading joins instead of closing it. */
  headingsOnly: boolean;
}

/**
 * Chunks a document's Markdown along its structure: a heading always starts a chunk, so a
 * chunk never mixes two sections; blocks are packed in reading order up to the size budget;
 * a table, list or paragraph that does not fit is cut between rows, items or sentences (a
 * table's header repeated); code, formulas, images and single rows or items are never cut.
 * Deterministic: the same input and settings give the same chunks.
 */
export function chunkMarkdown(
  input: ChunkInput,
  settings: ChunkSettings,
  measure: (text: string) => number,
): ChunkOutput {
  const { markdown } = input;
  const budget = settings.size - settings.overlap;
  const units = unitsOf(input.items, { markdown, blocks: input.blocks, measure, budget });
  const gapSize = new Map<string, number>();
  const m = (t: string) => {
    if (t.length > 64) return measure(t);
    let n = gapSize.get(t);
    if (n === undefined) {
      n = measure(t);
      gapSize.set(t, n);
    }
    return n;
  };
  const chunks: Chunk[] = [];
  let oversize = 0;
  const stack: { level: number; text: string }[] = [];
  let open: Open | undefined;
  let prev: Chunk | undefined;
  /** The last unit of the previous chunk: overlap is not taken from a table's rows. */
  let prevLast: Unit | undefined;

  const close = () => {
    while (open && open.units.length > 0) {
      // The estimate adds the units' sizes; tokens across a join can differ by one or two,
      // so the finished text is measured, and last units that tip it over start the next chunk.
      let chunk = build(open, prev);
      const held: Unit[] = [];
      const cuttable = () => open!.units.length > 1 && !open!.units.slice(0, -1).every((u) => u.heading);
      while (chunk.size > settings.size && cuttable()) {
        held.unshift(open.units.pop()!);
        chunk = build(open, prev);
      }
      if (chunk.size > settings.size) {
        chunk.oversize = true;
        oversize++;
      }
      chunks.push(chunk);
      prev = chunk;
      prevLast = open.units[open.units.length - 1];
      const path = open.path;
      open = undefined;
      if (held.length === 0) break;
      open = { units: [], size: 0, path, headingsOnly: true };
      for (const u of held) add(u);
    }
    open = undefined;
  };

  const build = (o: Open, before: Chunk | undefined): Chunk => {
    const first = o.units[0];
    const last = o.units[o.units.length - 1];
    let start = first.span[0];
    let overlap = 0;
    if (
      settings.overlap > 0 &&
      before &&
      !prevLast?.table &&
      !first.prefix &&
      !first.heading &&
      sameSection(before.headingPath, o.path) &&
      before.markdownSpan[1] <= start
    ) {
      start = overlapStart(markdown, before, first.span[0], settings.overlap, measure);
      overlap = first.span[0] - start;
      // The space between the two is part of the repeated text only when something repeats.
      if (start === before.markdownSpan[1]) {
        start = first.span[0];
        overlap = 0;
      }
    }
    const body = markdown.slice(start, last.span[1]);
    const text = (first.prefix ? `${first.prefix}\n` : '') + body + (last.suffix ?? '');
    return describe(o, text, [start, last.span[1]], overlap, measure(text), chunks.length);
  };

  const add = (u: Unit) => {
    if (!open) open = { units: [], size: 0, path: stack.map((h) => h.text), headingsOnly: true };
    const prevUnit = open.units[open.units.length - 1];
    const join = prevUnit
      ? m(markdown.slice(prevUnit.span[1], u.span[0]))
      : u.prefix
        ? m(`${u.prefix}\n`)
        : 0;
    open.units.push(u);
    open.size += join + u.size;
    if (!u.heading && !u.lead) open.headingsOnly = false;
  };

  for (const u of units) {
    if (u.heading) {
      if (open && !open.headingsOnly) {
        // Markers just before the heading (a slide's number) open its section, not end the last.
        const lead: Unit[] = [];
        while (open.units.length > 1 && open.units[open.units.length - 1].lead)
          lead.unshift(open.units.pop()!);
        close();
        for (const l of lead) add(l);
      }
      while (stack.length && stack[stack.length - 1].level >= u.heading.level) stack.pop();
      stack.push(u.heading);
      if (open) open.path = stack.map((h) => h.text);
      add(u);
      continue;
    }
    if (open && open.units.length > 0) {
      const last = open.units[open.units.length - 1];
      const join = m(markdown.slice(last.span[1], u.span[0]));
      const fits = open.size + join + u.size + (u.suffix ? m(u.suffix) : 0) <= budget;
      if (!fits && !open.headingsOnly) close();
    }
    add(u);
  }
  close();
  return { chunks, oversize };
}

const sameSection = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Where the repeated text taken from the end of the previous chunk starts: the earliest
 * word start whose text up to the next chunk's first block (`until`, the space between
 * included) measures at most `overlap` (a binary search over word starts, as measuring is
 * monotone in the text's length).
 */
function overlapStart(
  markdown: string,
  before: Chunk,
  until: number,
  overlap: number,
  measure: (t: string) => number,
): number {
  const [s, e] = before.markdownSpan;
  const starts: number[] = [];
  const re = /\s+/g;
  re.lastIndex = s;
  for (let m = re.exec(markdown); m && m.index < e; m = re.exec(markdown)) {
    if (m.index + m[0].length < e) starts.push(m.index + m[0].length);
  }
  let lo = 0;
  let hi = starts.length;
  // Find the first start whose tail fits.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (measure(markdown.slice(starts[mid], until)) <= overlap) hi = mid;
    else lo = mid + 1;
  }
  return lo < starts.length ? starts[lo] : e;
}

/** The chunk's record: pages, labels, per-page boxes and block ids, parts. */
function describe(
  o: Open,
  text: string,
  span: [number, number],
  overlap: number,
  size: number,
  index: number,
): Chunk {
  const regions = new Map<number, ChunkRegion>();
  const parts = new Map<string, NonNullable<Chunk['parts']>[number]>();
  for (const u of o.units) {
    const r = u.ref;
    let region = regions.get(r.pageNumber);
    if (!region) {
      region = {
        pageNumber: r.pageNumber,
        ...(r.pageLabel !== undefined ? { pageLabel: r.pageLabel } : {}),
        bbox: [],
        blocks: [],
      };
      regions.set(r.pageNumber, region);
    }
    if (region.blocks[region.blocks.length - 1] !== r.id) region.blocks.push(r.id);
    if (r.bbox.length === 4) {
      const b = region.bbox;
      region.bbox =
        b.length === 4
          ? [
              Math.min(b[0], r.bbox[0]),
              Math.min(b[1], r.bbox[1]),
              Math.max(b[2], r.bbox[2]),
              Math.max(b[3], r.bbox[3]),
            ]
          : [...r.bbox];
    }
    if (r.part) {
      const p = parts.get(r.id);
      if (p) p.to = r.part.to;
      else parts.set(r.id, { id: r.id, ...r.part });
    }
  }
  const ordered = [...regions.values()].sort((a, b) => a.pageNumber - b.pageNumber);
  const chunk: Chunk = {
    id: `c${index}`,
    text,
    headingPath: o.path,
    markdownSpan: span,
    size,
    pages: ordered.map((r) => r.pageNumber),
    regions: ordered,
  };
  if (ordered.some((r) => r.pageLabel !== undefined))
    chunk.pageLabels = ordered.map((r) => r.pageLabel ?? '');
  // A block cut into parts that all landed here is whole in this chunk.
  const partial = [...parts.values()].filter((p) => !(p.from === 0 && p.to === p.of));
  if (partial.length) chunk.parts = partial;
  if (overlap > 0) chunk.overlap = overlap;
  return chunk;
}
