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
  const chunker = new Chunker(settings, measure);
  chunker.push(input.markdown, input);
  return { chunks: chunker.finish(), oversize: chunker.oversize };
}

/**
 * The Markdown the chunker still needs, addressed by offsets in the whole document: pieces are
 * appended as they are written and the start is let go once no chunk can reach back to it.
 */
class RollingText {
  private base = 0;
  private text = '';

  get end(): number {
    return this.base + this.text.length;
  }

  append(piece: string): void {
    this.text += piece;
  }

  slice(start: number, end: number): string {
    return this.text.slice(start - this.base, end - this.base);
  }

  /** Forgets everything before `offset`. */
  release(offset: number): void {
    const cut = Math.min(offset, this.end) - this.base;
    if (cut <= 0) return;
    this.text = this.text.slice(cut);
    this.base += cut;
  }
}

/**
 * The chunker as a stream: `push` the Markdown a piece at a time (a page of `parsePages()`,
 * or a whole document) with the blocks written in it, `take` the chunks closed so far, and
 * `finish` for the rest. Chunks come out exactly as one pass over the whole document gives
 * them (ids, spans in the whole Markdown, heading paths, overlap), and only the text of the
 * chunk being packed (and of the one before it, for overlap) is held.
 */
export class Chunker {
  /** Chunks over the budget so far, for the warning. */
  oversize = 0;
  private readonly text = new RollingText();
  private readonly budget: number;
  private readonly gapSize = new Map<string, number>();
  private readonly stack: { level: number; text: string }[] = [];
  private open: Open | undefined;
  private prev: Chunk | undefined;
  /** The last unit of the previous chunk: overlap is not taken from a table's rows. */
  private prevLast: Unit | undefined;
  private closed: Chunk[] = [];
  private count = 0;

  constructor(
    private readonly settings: ChunkSettings,
    private readonly measure: (text: string) => number,
  ) {
    this.budget = settings.size - settings.overlap;
  }

  /**
   * Appends `piece` to the Markdown (it continues the text pushed before, separator included)
   * and packs the located items written in it; their spans are offsets in the whole Markdown.
   */
  push(piece: string, located: { blocks: readonly Block[]; items: readonly LocatedItem[] }): void {
    this.text.append(piece);
    const units = unitsOf(located.items, {
      markdown: this.text,
      blocks: located.blocks,
      measure: this.measure,
      budget: this.budget,
    });
    for (const u of units) this.unit(u);
    // What a later chunk can still reach: the chunk being packed, and the one before for overlap.
    let keep = this.text.end;
    if (this.open?.units.length) keep = Math.min(keep, this.open.units[0].span[0]);
    if (this.prev && this.settings.overlap > 0) keep = Math.min(keep, this.prev.markdownSpan[0]);
    this.text.release(keep);
  }

  /** The chunks closed since the last call. */
  take(): Chunk[] {
    const out = this.closed;
    this.closed = [];
    return out;
  }

  /** Closes the last chunk and gives what was not taken yet. */
  finish(): Chunk[] {
    this.close();
    return this.take();
  }

  private m(t: string): number {
    if (t.length > 64) return this.measure(t);
    let n = this.gapSize.get(t);
    if (n === undefined) {
      n = this.measure(t);
      this.gapSize.set(t, n);
    }
    return n;
  }

  private unit(u: Unit): void {
    if (u.heading) {
      if (this.open && !this.open.headingsOnly) {
        // Markers just before the heading (a slide's number) open its section, not end the last.
        const lead: Unit[] = [];
        while (this.open.units.length > 1 && this.open.units[this.open.units.length - 1].lead)
          lead.unshift(this.open.units.pop()!);
        this.close();
        for (const l of lead) this.add(l);
      }
      while (this.stack.length && this.stack[this.stack.length - 1].level >= u.heading.level)
        this.stack.pop();
      this.stack.push(u.heading);
      if (this.open) this.open.path = this.stack.map((h) => h.text);
      this.add(u);
      return;
    }
    const open = this.open;
    if (open && open.units.length > 0) {
      const last = open.units[open.units.length - 1];
      const join = this.m(this.text.slice(last.span[1], u.span[0]));
      const fits = open.size + join + u.size + (u.suffix ? this.m(u.suffix) : 0) <= this.budget;
      if (!fits && !open.headingsOnly) this.close();
    }
    this.add(u);
  }

  private add(u: Unit): void {
    this.open ??= { units: [], size: 0, path: this.stack.map((h) => h.text), headingsOnly: true };
    const open = this.open;
    const prevUnit = open.units[open.units.length - 1];
    const join = prevUnit
      ? this.m(this.text.slice(prevUnit.span[1], u.span[0]))
      : u.prefix
        ? this.m(`${u.prefix}\n`)
        : 0;
    open.units.push(u);
    open.size += join + u.size;
    if (!u.heading && !u.lead) open.headingsOnly = false;
  }

  private close(): void {
    const settings = this.settings;
    while (this.open && this.open.units.length > 0) {
      const open: Open = this.open;
      // The estimate adds the units' sizes; tokens across a join can differ by one or two,
      // so the finished text is measured, and last units that tip it over start the next chunk.
      let chunk = this.build(open);
      const held: Unit[] = [];
      const cuttable = () => open.units.length > 1 && !open.units.slice(0, -1).every((u) => u.heading);
      while (chunk.size > settings.size && cuttable()) {
        held.unshift(open.units.pop()!);
        chunk = this.build(open);
      }
      if (chunk.size > settings.size) {
        chunk.oversize = true;
        this.oversize++;
      }
      this.closed.push(chunk);
      this.count++;
      this.prev = chunk;
      this.prevLast = open.units[open.units.length - 1];
      this.open = undefined;
      if (held.length === 0) break;
      this.open = { units: [], size: 0, path: open.path, headingsOnly: true };
      for (const u of held) this.add(u);
    }
    this.open = undefined;
  }

  private build(o: Open): Chunk {
    const { settings, prev: before } = this;
    const first = o.units[0];
    const last = o.units[o.units.length - 1];
    let start = first.span[0];
    let overlap = 0;
    if (
      settings.overlap > 0 &&
      before &&
      !this.prevLast?.table &&
      !first.prefix &&
      !first.heading &&
      sameSection(before.headingPath, o.path) &&
      before.markdownSpan[1] <= start
    ) {
      start = overlapStart(this.text, before, first.span[0], settings.overlap, this.measure);
      overlap = first.span[0] - start;
      // The space between the two is part of the repeated text only when something repeats.
      if (start === before.markdownSpan[1]) {
        start = first.span[0];
        overlap = 0;
      }
    }
    const body = this.text.slice(start, last.span[1]);
    const text = (first.prefix ? `${first.prefix}\n` : '') + body + (last.suffix ?? '');
    return describe(o, text, [start, last.span[1]], overlap, this.measure(text), this.count);
  }
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
  markdown: RollingText,
  before: Chunk,
  until: number,
  overlap: number,
  measure: (t: string) => number,
): number {
  const [s, e] = before.markdownSpan;
  // Offsets below are relative to `s`: the text from the previous chunk's start to `until`.
  const text = markdown.slice(s, until);
  const end = e - s;
  const starts: number[] = [];
  const re = /\s+/g;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    if (m.index + m[0].length < end) starts.push(m.index + m[0].length);
  }
  let lo = 0;
  let hi = starts.length;
  // Find the first start whose tail fits.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (measure(text.slice(starts[mid])) <= overlap) hi = mid;
    else lo = mid + 1;
  }
  return lo < starts.length ? s + starts[lo] : e;
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
  for (const r of o.units.flatMap((u) => [u.ref, ...(u.also ?? [])])) {
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
