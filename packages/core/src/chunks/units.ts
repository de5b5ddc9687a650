import type { LocatedItem } from '../emit/blocks.js';
import { blockToMarkdown } from '../emit/markdown.js';
import { blockText } from '../model/build.js';
import type { Block, TableCell } from '../model/types.js';

/**
 * The pieces a chunk is packed from, in reading order. Every unit's text is a slice of the
 * whole Markdown (`markdown.slice(span)`), so a chunk of units is one slice too; the only text
 * added is a table's header, repeated before rows that continue a table in a new chunk.
 */
export interface Unit {
  span: [number, number];
  /** Measured size of the slice, in the chunker's unit. */
  size: number;
  heading?: { level: number; text: string };
  /** Rows of a table (all or some): no overlap is taken from them, a row cut in two reads as noise. */
  table?: true;
  /** A marker that opens what follows (`<!-- Slide number: 3 -->`): it goes with the next heading's chunk. */
  lead?: true;
  /** The block (an item of `blocks`) the unit is part or all of. */
  ref: UnitRef;
  /** The same block's parts on later pages: a table continued there (`table-continued` items). */
  also?: UnitRef[];
  /** A table's header, written before the unit when it starts a chunk (`| a | b |\n| --- | --- |`). */
  prefix?: string;
  /** Closes an HTML table the chunk ends inside (`\n</table>`). */
  suffix?: string;
}

export interface UnitRef {
  id: string;
  pageNumber: number;
  pageLabel?: string;
  bbox: number[];
  /** Set when the unit is a part of its block: rows of a table, items of a list, characters of a paragraph. */
  part?: { unit: 'rows' | 'items' | 'chars'; from: number; to: number; of: number };
}

export interface UnitContext {
  /** The Markdown, addressed by offsets in the whole document (a string, or the part the chunker holds). */
  markdown: { slice(start: number, end: number): string };
  blocks: readonly Block[];
  measure: (text: string) => number;
  /** Largest size a chunk may reach (the overlap already taken off). */
  budget: number;
}

const refOf = (l: LocatedItem): UnitRef => ({
  id: l.item.id,
  pageNumber: l.pageNumber,
  ...(l.item.pageLabel !== undefined ? { pageLabel: l.item.pageLabel } : {}),
  bbox: l.item.bbox,
});

/** The units of the located items (items with a null span, furniture kept apart, are not in the Markdown). */
export function unitsOf(items: readonly LocatedItem[], ctx: UnitContext): Unit[] {
  const out: Unit[] = [];
  for (const l of items) {
    const span = l.item.markdownSpan;
    if (!span) continue;
    if (l.item.label === 'table-continued') {
      // The part of a joined table on the next page shares the table's span: its text is in
      // the table's units already, so it only adds its page and box to the table's last unit
      // (the rows that run onto that page), never a second copy of the rows.
      const last = out.findLast((u) => u.span[1] === span[1]);
      if (last) {
        last.also = [...(last.also ?? []), refOf(l)];
        continue;
      }
    }
    const b = ctx.blocks[l.block];
    const whole = (): Unit => ({
      span,
      size: ctx.measure(ctx.markdown.slice(span[0], span[1])),
      ref: refOf(l),
    });
    if (l.listItem !== undefined || !b) {
      out.push(whole());
      continue;
    }
    if (b.kind === 'heading') {
      out.push({ ...whole(), heading: { level: b.level, text: blockText(b).replace(/\s+/g, ' ').trim() } });
      continue;
    }
    const unit = whole();
    if (b.kind === 'comment') {
      out.push({ ...unit, lead: true });
    } else if (b.kind === 'list' && b.items.length > 1) {
      out.push(...(listUnits(b, l, ctx) ?? [unit]));
    } else if (b.kind === 'table') {
      const rows = unit.size <= ctx.budget ? undefined : tableUnits(b, l, ctx);
      for (const u of rows ?? [unit]) out.push({ ...u, table: true });
    } else if (unit.size <= ctx.budget) {
      out.push(unit);
    } else if (b.kind === 'paragraph') {
      out.push(...textUnits(l, ctx));
    } else {
      // Code, a formula, a quote, an image: never cut; a chunk of its own, over the budget.
      out.push(unit);
    }
  }
  return out;
}

/**
 * A list item by item (the spans as blocks.ts's splitList finds them: each item is written as
 * a one-item list would be, items joined by one newline, or two when the list is loose), or
 * undefined when the lengths do not add up.
 */
function listUnits(
  b: Extract<Block, { kind: 'list' }>,
  l: LocatedItem,
  ctx: UnitContext,
): Unit[] | undefined {
  const span = l.item.markdownSpan!;
  const start = b.start ?? 1;
  const lengths = b.items.map(
    (item, i) =>
      blockToMarkdown({ kind: 'list', ordered: b.ordered, start: start + i, items: [item] }, {}).length,
  );
  const sum = lengths.reduce((a, n) => a + n, 0);
  const gaps = b.items.length - 1;
  const total = span[1] - span[0];
  const sep = total === sum + gaps ? 1 : total === sum + 2 * gaps ? 2 : 0;
  if (!sep) return undefined;
  let at = span[0];
  return lengths.map((n, i) => {
    const s: [number, number] = [at, at + n];
    at += n + sep;
    return {
      span: s,
      size: ctx.measure(ctx.markdown.slice(s[0], s[1])),
      ref: { ...refOf(l), part: { unit: 'items', from: i, to: i + 1, of: b.items.length } },
    };
  });
}

/** Lines of a text with their start offsets (relative to the text). */
function linesOf(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    out.push({ text: line, at });
    at += line.length + 1;
  }
  return out;
}

/** Rows before which a table may be cut: no cell above spans across the cut. */
function cuttable(rows: readonly TableCell[][]): boolean[] {
  const ok: boolean[] = [];
  let reach = 0;
  rows.forEach((row, r) => {
    ok.push(reach <= r);
    for (const c of row) reach = Math.max(reach, r + (c.rowSpan ?? 1));
  });
  return ok;
}

/**
 * A table too large for one chunk, row by row: the first unit holds what comes before the
 * first body row (caption, `<table>`, the header rows) with that row, each further unit one
 * row; every row unit carries the header to repeat when it starts a chunk. The rows are found
 * as the emitter writes them, one line each; if the lines do not match the rows (a cell with a
 * line break in HTML), the table stays whole.
 */
function tableUnits(
  b: Extract<Block, { kind: 'table' }>,
  l: LocatedItem,
  ctx: UnitContext,
): Unit[] | undefined {
  const span = l.item.markdownSpan!;
  const text = ctx.markdown.slice(span[0], span[1]);
  const lines = linesOf(text);
  const rows = b.rows;
  const html = lines[0]?.text === '<table>';
  // Row r's line index, and how many leading rows are header rows.
  let first: number;
  let headRows: number;
  let prefix: string;
  if (html) {
    const rowLines = lines.filter((x) => x.text.startsWith('<tr>'));
    if (rowLines.length !== rows.length || lines[lines.length - 1]?.text !== '</table>') return undefined;
    first = lines.indexOf(rowLines[0]);
    let h = 0;
    while (h < rows.length - 1 && rows[h].length > 0 && rows[h].every((c) => c.header)) h++;
    headRows = Math.max(1, h);
    prefix = ['<table>', ...lines.slice(first, first + headRows).map((x) => x.text)].join('\n');
  } else {
    // GFM: the header line, the separator, then one line per further row.
    first = lines.length - rows.length - 1;
    if (first < 0 || !/^\|( --- \|)+$/.test(lines[first + 1]?.text ?? '')) return undefined;
    headRows = 1;
    prefix = `${lines[first].text}\n${lines[first + 1].text}`;
  }
  // The line of row r (GFM rows after the header sit one line lower, below the separator).
  const lineOf = (r: number) => (html ? first + r : r === 0 ? first : first + 1 + r);
  if (rows.length <= headRows) return undefined;
  const ok = cuttable(rows);
  const units: Unit[] = [];
  let from = 0;
  const push = (to: number) => {
    const s = span[0] + (from === 0 ? 0 : lines[lineOf(from)].at);
    const last = to === rows.length;
    const e = last ? span[1] : span[0] + lines[lineOf(to - 1)].at + lines[lineOf(to - 1)].text.length;
    units.push({
      span: [s, e],
      size: ctx.measure(ctx.markdown.slice(s, e)),
      ref: { ...refOf(l), part: { unit: 'rows', from, to, of: rows.length } },
      ...(from > 0 ? { prefix } : {}),
      ...(html && !last ? { suffix: '\n</table>' } : {}),
    });
    from = to;
  };
  // The header travels with the first body row; then a unit per row, a row spanning down
  // taking the rows it spans with it.
  for (let r = headRows + 1; r < rows.length; r++) if (ok[r]) push(r);
  push(rows.length);
  return units;
}

/** Where sentences end: after . ! ? … (and a closing quote or bracket), before a space. */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]?)\s+/gu;

/**
 * A paragraph longer than the budget, in pieces of whole sentences (a sentence longer than the
 * budget in pieces of whole words). The pieces are slices; the packer joins them again up to
 * the budget.
 */
function textUnits(l: LocatedItem, ctx: UnitContext): Unit[] {
  const span = l.item.markdownSpan!;
  const text = ctx.markdown.slice(span[0], span[1]);
  const cut = (a: number, b: number, re: RegExp): [number, number][] => {
    const out: [number, number][] = [];
    re.lastIndex = a;
    let at = a;
    for (let m = re.exec(text); m && m.index < b; m = re.exec(text)) {
      if (m.index > at) out.push([at, m.index]);
      at = m.index + m[0].length;
    }
    if (b > at) out.push([at, b]);
    return out;
  };
  const pieces = cut(0, text.length, SENTENCE_END).flatMap(([a, b]) =>
    ctx.measure(text.slice(a, b)) <= ctx.budget ? [[a, b] as [number, number]] : cut(a, b, /\s+/g),
  );
  // Parts tile the paragraph (the space between two pieces goes with the first), so the
  // chunks that hold its pieces cover it exactly once.
  return pieces.map(([a, b], k) => ({
    span: [span[0] + a, span[0] + b] as [number, number],
    size: ctx.measure(text.slice(a, b)),
    ref: {
      ...refOf(l),
      part: {
        unit: 'chars' as const,
        from: k === 0 ? 0 : a,
        to: k === pieces.length - 1 ? text.length : pieces[k + 1][0],
        of: text.length,
      },
    },
  }));
}
