import type { Block, TableCell } from '@distill/core';
import { text } from '@distill/core';

/**
 * Tables of a slide. PowerPoint stores a table as a group shape flagged with the
 * tableProperties property; each cell is a rectangle with a child anchor and a text box.
 * Rows and columns come from the distinct top and left edges of the cells; a cell that
 * spans edges gets the matching spans.
 */
export interface ShapeRec {
  type: number;
  instance: number;
  container: boolean;
  start: number;
  end: number;
}

const SPGR = 0xf003;
const SP = 0xf004;
const FOPT = 0xf00b;
const TERTIARY_FOPT = 0xf122;
const CHILD_ANCHOR = 0xf00f;
const CLIENT_TEXTBOX = 0xf00d;
const TABLE_PROPERTIES = 0x039f;

const u16 = (b: Uint8Array, o: number) => (o + 2 <= b.length ? b[o] | (b[o + 1] << 8) : 0);
const i32 = (b: Uint8Array, o: number) =>
  o + 4 <= b.length ? new DataView(b.buffer, b.byteOffset + o, 4).getInt32(0, true) : 0;

export interface SlideTable {
  start: number;
  end: number;
  block: Block;
}

export function slideTables(
  b: Uint8Array,
  recs: ShapeRec[],
  children: (r: ShapeRec) => ShapeRec[],
  cellText: (textbox: ShapeRec) => string,
): SlideTable[] {
  const out: SlideTable[] = [];
  for (const g of recs) {
    if (g.type !== SPGR) continue;
    const kids = children(g).filter((k) => k.type === SP);
    if (kids.length < 2 || !isTableGroup(b, children(kids[0]))) continue;
    const cells: { l: number; t: number; r: number; btm: number; text: string }[] = [];
    for (const sp of kids.slice(1)) {
      const parts = children(sp);
      const anchor = parts.find((p) => p.type === CHILD_ANCHOR);
      const tb = parts.find((p) => p.type === CLIENT_TEXTBOX);
      if (!anchor || anchor.end - anchor.start < 16) continue;
      const cell = {
        l: i32(b, anchor.start),
        t: i32(b, anchor.start + 4),
        r: i32(b, anchor.start + 8),
        btm: i32(b, anchor.start + 12),
        text: tb ? cellText(tb) : '',
      };
      // Border lines are shapes of the group too, with no width or no height.
      if (cell.r > cell.l && cell.btm > cell.t) cells.push(cell);
    }
    if (cells.length === 0) continue;
    const lefts = [...new Set(cells.map((c) => c.l))].sort((x, y) => x - y);
    const tops = [...new Set(cells.map((c) => c.t))].sort((x, y) => x - y);
    if (lefts.length * tops.length > 100_000) continue;
    const rows: TableCell[][] = tops.map(() => []);
    for (const c of [...cells].sort((x, y) => x.t - y.t || x.l - y.l)) {
      const row = tops.indexOf(c.t);
      const colSpan = Math.max(1, lefts.filter((x) => x >= c.l && x < c.r).length);
      const rowSpan = Math.max(1, tops.filter((y) => y >= c.t && y < c.btm).length);
      const tc: TableCell = { content: c.text ? [text(c.text)] : [] };
      if (colSpan > 1) tc.colSpan = colSpan;
      if (rowSpan > 1) tc.rowSpan = rowSpan;
      if (row === 0) tc.header = true;
      rows[row].push(tc);
    }
    out.push({ start: g.start, end: g.end, block: { kind: 'table', rows } });
  }
  // A table nested in another is kept once, as the inner one.
  return out.filter(
    (t) => !out.some((o) => o !== t && o.start <= t.start && o.end >= t.end && o.start !== t.start),
  );
}

/** The group shape's property tables (primary or tertiary) carry tableProperties. */
function isTableGroup(b: Uint8Array, groupShapeParts: ShapeRec[]): boolean {
  for (const fopt of groupShapeParts) {
    if (fopt.type !== FOPT && fopt.type !== TERTIARY_FOPT) continue;
    for (let k = 0; k < fopt.instance && fopt.start + k * 6 + 6 <= fopt.end; k++)
      if ((u16(b, fopt.start + k * 6) & 0x3fff) === TABLE_PROPERTIES) return true;
  }
  return false;
}
