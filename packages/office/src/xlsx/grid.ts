import { type Block, cell, type Inline, type TableCell, withOrigin } from '@distill/core';
import { chartBlocks } from '../ooxml/chart.js';
import type { PlacedChart } from '../ooxml/drawing.js';
import { compactRows, sheetRegionBlocks } from '../ooxml/table.js';

/** One sheet as read from xlsx or xlsb: displayed cell text by row and column (0-based). */
/**
 * The cells of one row, in two parallel arrays: far lighter than a Map per row when a sheet
 * has hundreds of thousands of rows. Cells usually arrive in column order; lookups bisect.
 */
export class RowCells {
  cols: number[] = [];
  vals: string[] = [];
  private sorted = true;

  set(c: number, v: string): void {
    const n = this.cols.length;
    if (n > 0 && this.cols[n - 1] >= c) {
      const i = this.cols.indexOf(c);
      if (i >= 0) {
        this.vals[i] = v;
        return;
      }
      this.sorted = false;
    }
    this.cols.push(c);
    this.vals.push(v);
  }

  private sort(): void {
    if (this.sorted) return;
    const order = this.cols.map((_, i) => i).sort((a, b) => this.cols[a] - this.cols[b]);
    this.cols = order.map((i) => this.cols[i]);
    this.vals = order.map((i) => this.vals[i]);
    this.sorted = true;
  }

  get(c: number): string | undefined {
    this.sort();
    let lo = 0;
    let hi = this.cols.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.cols[mid];
      if (v === c) return this.vals[mid];
      if (v < c) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  has(c: number): boolean {
    return this.get(c) !== undefined;
  }

  keys(): number[] {
    this.sort();
    return this.cols;
  }
}

export interface SheetGrid {
  name: string;
  hidden: boolean;
  cells: Map<number, RowCells>;
  merges: Range[];
  hiddenRows: Set<number>;
  hiddenCols: Set<number>;
  comments: { ref: string; author?: string; text: string }[];
  charts: PlacedChart[];
  /** Pictures drawn over the sheet, with the cell their anchor starts at. */
  images: { src: string; alt?: string; row?: number; col?: number }[];
  /** Text of shapes and text boxes drawn over the sheet. */
  shapes: string[];
  isChartsheet?: boolean;
}

export interface Range {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export const newGrid = (name: string, hidden = false): SheetGrid => ({
  name,
  hidden,
  cells: new Map(),
  merges: [],
  hiddenRows: new Set(),
  hiddenCols: new Set(),
  comments: [],
  charts: [],
  images: [],
  shapes: [],
});

export function setCell(g: SheetGrid, r: number, c: number, v: string): void {
  if (v === '') return;
  let row = g.cells.get(r);
  if (!row) {
    row = new RowCells();
    g.cells.set(r, row);
  }
  row.set(c, v);
}

/** `B3` → [row 2, col 1]. */
export function parseRef(ref: string): [number, number] | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return undefined;
  let c = 0;
  for (const ch of m[1].toUpperCase()) c = c * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, c - 1];
}

export function parseRange(ref: string): Range | undefined {
  const [a, b = a] = ref.split(':');
  const p = parseRef(a);
  const q = parseRef(b);
  if (!p || !q) return undefined;
  return {
    r0: Math.min(p[0], q[0]),
    c0: Math.min(p[1], q[1]),
    r1: Math.max(p[0], q[0]),
    c1: Math.max(p[1], q[1]),
  };
}

export function colName(c: number): string {
  let s = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Largest merged range expanded cell by cell for region finding; bigger ones count by their edges. */
const MAX_MERGE_CELLS = 10_000;
/** Budget of merged cells expanded per sheet, so thousands of large merges stay cheap. */
const MAX_MERGED_TOTAL = 2_000_000;

/**
 * Groups the visible non-empty cells into regions: cells that touch (side by side, or through
 * a merged range, whose covered cells count as present) belong together, so blocks separated
 * by an empty row or column become separate tables. Union-find over the row-sorted cells in
 * typed arrays keeps this linear and light for sheets of hundreds of thousands of rows.
 */
export function regions(g: SheetGrid, rows: number[]): Range[] {
  const present = new Map<number, number[]>();
  for (const r of rows) {
    const cols: number[] = [];
    for (const c of g.cells.get(r)!.keys()) if (!g.hiddenCols.has(c)) cols.push(c);
    present.set(r, cols);
  }
  let budget = MAX_MERGED_TOTAL;
  for (const m of g.merges) {
    const size = (m.r1 - m.r0 + 1) * (m.c1 - m.c0 + 1);
    if (size > MAX_MERGE_CELLS || budget < size) continue;
    budget -= size;
    for (let r = m.r0; r <= m.r1; r++) {
      if (g.hiddenRows.has(r)) continue;
      let cols = present.get(r);
      if (!cols) {
        cols = [];
        present.set(r, cols);
      }
      for (let c = m.c0; c <= m.c1; c++) if (!g.hiddenCols.has(c)) cols.push(c);
    }
  }
  const rowList = [...present.keys()].sort((a, b) => a - b);
  const offsets: number[] = [];
  const colLists: Int32Array[] = [];
  let total = 0;
  for (const r of rowList) {
    const sorted = Int32Array.from(new Set(present.get(r)!)).sort();
    colLists.push(sorted);
    offsets.push(total);
    total += sorted.length;
  }
  const parent = new Int32Array(total);
  for (let i = 0; i < total; i++) parent[i] = i;
  const root = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const union = (a: number, b: number) => {
    const ra = root(a);
    const rb = root(b);
    if (ra !== rb) parent[ra] = rb;
  };
  // Hidden rows and columns between two cells do not separate them.
  const onlyHidden = (set: Set<number>, from: number, to: number) => {
    if (to - from > 1000) return false;
    for (let k = from + 1; k < to; k++) if (!set.has(k)) return false;
    return true;
  };
  for (let i = 0; i < rowList.length; i++) {
    const cols = colLists[i];
    const base = offsets[i];
    for (let j = 1; j < cols.length; j++)
      if (cols[j] === cols[j - 1] + 1 || onlyHidden(g.hiddenCols, cols[j - 1], cols[j]))
        union(base + j, base + j - 1);
    if (
      i > 0 &&
      (rowList[i - 1] === rowList[i] - 1 || onlyHidden(g.hiddenRows, rowList[i - 1], rowList[i]))
    ) {
      const prev = colLists[i - 1];
      const pbase = offsets[i - 1];
      for (let j = 0, k = 0; j < cols.length && k < prev.length; ) {
        if (cols[j] === prev[k]) {
          union(base + j, pbase + k);
          j++;
          k++;
        } else if (cols[j] < prev[k]) j++;
        else k++;
      }
    }
  }
  const boxes = new Map<number, Range>();
  for (let i = 0; i < rowList.length; i++) {
    const r = rowList[i];
    const cols = colLists[i];
    for (let j = 0; j < cols.length; j++) {
      const id = root(offsets[i] + j);
      const c = cols[j];
      const b = boxes.get(id);
      if (!b) boxes.set(id, { r0: r, c0: c, r1: r, c1: c });
      else {
        if (r < b.r0) b.r0 = r;
        if (r > b.r1) b.r1 = r;
        if (c < b.c0) b.c0 = c;
        if (c > b.c1) b.c1 = c;
      }
    }
  }
  // Boxes that overlap (an L-shaped region around another) are merged so no cell shows twice.
  let list = [...boxes.values()].sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  for (let changed = true; changed && list.length < 2000; ) {
    changed = false;
    outer: for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1) {
          list[i] = {
            r0: Math.min(a.r0, b.r0),
            c0: Math.min(a.c0, b.c0),
            r1: Math.max(a.r1, b.r1),
            c1: Math.max(a.c1, b.c1),
          };
          list.splice(j, 1);
          changed = true;
          break outer;
        }
      }
    }
  }
  list = list.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  return joinHeaderRows(list);
}

/**
 * A one-row region over exactly the columns of a table starting two rows below it is that
 * table's header, set off by a blank row (an old-fashioned layout): the two are one table.
 * Only when nothing else lies in the box they would make together.
 */
function joinHeaderRows(list: Range[]): Range[] {
  if (list.length < 2 || list.length > 5000) return list;
  const gone = new Set<Range>();
  for (const a of list) {
    if (a.r0 !== a.r1 || a.c0 === a.c1 || gone.has(a)) continue;
    const b = list.find(
      (x) => x.r0 === a.r1 + 2 && x.c0 === a.c0 && x.c1 === a.c1 && x.r1 > x.r0 && !gone.has(x),
    );
    if (!b) continue;
    const box = { r0: a.r0, c0: a.c0, r1: b.r1, c1: a.c1 };
    const clash = list.some(
      (x) =>
        x !== a &&
        x !== b &&
        !gone.has(x) &&
        x.r0 <= box.r1 &&
        box.r0 <= x.r1 &&
        x.c0 <= box.c1 &&
        box.c0 <= x.c1,
    );
    if (clash) continue;
    gone.add(b);
    a.r1 = b.r1;
  }
  return gone.size === 0 ? list : list.filter((x) => !gone.has(x));
}

function regionTable(g: SheetGrid, box: Range, mergeAt: Map<number, Range>, covered: Set<number>): Block[] {
  const rows: TableCell[][] = [];
  const visCols: number[] = [];
  for (let c = box.c0; c <= box.c1; c++) if (!g.hiddenCols.has(c)) visCols.push(c);
  const colIndex = new Map(visCols.map((c, i) => [c, i]));
  for (let r = box.r0; r <= box.r1; r++) {
    if (g.hiddenRows.has(r)) continue;
    const src = g.cells.get(r);
    // The blank row between a header and its table (joinHeaderRows) is no row of the table.
    const k0 = r * 20000;
    if (visCols.every((c) => !src?.get(c) && !covered.has(k0 + c) && !mergeAt.has(k0 + c))) continue;
    const row: TableCell[] = [];
    for (const c of visCols) {
      const k = r * 20000 + c;
      if (covered.has(k)) continue;
      const text = src?.get(c) ?? '';
      const extra: Omit<TableCell, 'content'> = rows.length === 0 ? { header: true } : {};
      const m = mergeAt.get(k);
      if (m) {
        let span = 0;
        for (let cc = m.c0; cc <= Math.min(m.c1, box.c1); cc++) if (colIndex.has(cc)) span++;
        let rs = 0;
        for (let rr = m.r0; rr <= Math.min(m.r1, box.r1); rr++) if (!g.hiddenRows.has(rr)) rs++;
        if (span > 1) extra.colSpan = span;
        if (rs > 1) extra.rowSpan = rs;
      }
      row.push(cell(cellInlines(text), extra));
    }
    rows.push(row);
  }
  return sheetRegionBlocks(compactRows(rows), visCols.length);
}

function cellInlines(text: string): Inline[] {
  // Spaces around a value (typed after a label, padding) are not part of what a reader sees.
  const t = text.replace(/\r?\n/g, ' ').trim();
  return t === '' ? [] : [{ kind: 'text', text: t }];
}

/** The note that stands for the hidden sheets a workbook's reading passed over. */
export function hiddenSheetsNote(skipped: string[]): Block[] {
  if (skipped.length === 0) return [];
  return [
    { kind: 'comment', text: `Hidden sheet${skipped.length > 1 ? 's' : ''} skipped: ${skipped.join(', ')}` },
  ];
}

/** One sheet's blocks: its heading, its regions, charts and pictures in sheet order, then shapes and comments. */
export function sheetBlocks(g: SheetGrid, checkpoint: () => void, sheetNumber = 1): Block[] {
  const blocks: Block[] = [{ kind: 'heading', level: 2, content: [{ kind: 'text', text: g.name }] }];
  const rows = [...g.cells.keys()].filter((r) => !g.hiddenRows.has(r)).sort((a, b) => a - b);
  checkpoint();
  const mergeAt = new Map<number, Range>();
  const covered = new Set<number>();
  let coverBudget = MAX_MERGED_TOTAL;
  for (const m of g.merges) {
    // The first visible cell of a merge carries it; the rest are covered.
    let first: number | undefined;
    for (let r = m.r0; r <= m.r1 && first === undefined; r++) {
      if (g.hiddenRows.has(r)) continue;
      for (let c = m.c0; c <= m.c1; c++)
        if (!g.hiddenCols.has(c)) {
          first = r * 20000 + c;
          break;
        }
    }
    if (first === undefined) continue;
    mergeAt.set(first, m);
    const size = (m.r1 - m.r0 + 1) * (m.c1 - m.c0 + 1);
    if (size > MAX_MERGE_CELLS * 10 || coverBudget < size) continue;
    coverBudget -= size;
    for (let r = m.r0; r <= m.r1; r++)
      for (let c = m.c0; c <= m.c1; c++) {
        const k = r * 20000 + c;
        if (k !== first) covered.add(k);
      }
  }
  // Tables, charts and pictures in sheet order: by the row, then the column, each starts at;
  // a chart drawn beside or below a table follows it. Drawings with no anchor cell come last.
  const placed: { row: number; col: number; make: () => Block[] }[] = [];
  for (const box of regions(g, rows))
    placed.push({
      row: box.r0,
      col: box.c0,
      // The cells the region covers, as a reader would cite them (A1:D20).
      make: () =>
        withOrigin(regionTable(g, box, mergeAt, covered), sheetNumber, {
          range: `${colName(box.c0)}${box.r0 + 1}:${colName(box.c1)}${box.r1 + 1}`,
        }),
    });
  for (const chart of g.charts)
    placed.push({
      row: chart.row ?? Number.MAX_SAFE_INTEGER,
      col: chart.col ?? 0,
      make: () => chartBlocks(chart),
    });
  for (const img of g.images)
    placed.push({
      row: img.row ?? Number.MAX_SAFE_INTEGER,
      col: img.col ?? 0,
      make: () => [{ kind: 'image', src: img.src, alt: img.alt }],
    });
  placed.sort((a, b) => a.row - b.row || a.col - b.col);
  for (const p of placed) {
    checkpoint();
    blocks.push(...p.make());
  }
  const notes: string[] = [];
  const hiddenRowsWithData = [...g.hiddenRows].filter((r) => g.cells.has(r)).length;
  if (hiddenRowsWithData > 0)
    notes.push(`${hiddenRowsWithData} hidden row${hiddenRowsWithData > 1 ? 's' : ''}`);
  let hiddenCols = 0;
  if (g.hiddenCols.size > 0) {
    const used = new Set<number>();
    for (const r of rows) for (const c of g.cells.get(r)!.keys()) used.add(c);
    for (const c of used) if (g.hiddenCols.has(c)) hiddenCols++;
  }
  if (hiddenCols > 0) notes.push(`${hiddenCols} hidden column${hiddenCols > 1 ? 's' : ''}`);
  if (notes.length > 0) blocks.push({ kind: 'comment', text: `${notes.join(' and ')} skipped` });
  for (const s of g.shapes) blocks.push({ kind: 'paragraph', content: [{ kind: 'text', text: s }] });
  const at = (ref: string) => parseRef(ref) ?? [0, 0];
  const comments = [...g.comments].sort((a, b) => at(a.ref)[0] - at(b.ref)[0] || at(a.ref)[1] - at(b.ref)[1]);
  for (const c of comments) {
    const who = c.author ? ` by ${c.author}` : '';
    blocks.push({
      kind: 'paragraph',
      content: [{ kind: 'text', text: `Comment on ${c.ref}${who}: ${c.text}` }],
    });
  }
  // The sheet is the page of a workbook: every block carries its name and place.
  return withOrigin(blocks, sheetNumber, { sheet: g.name });
}
