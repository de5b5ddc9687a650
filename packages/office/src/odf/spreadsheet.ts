import {
  attr,
  type Block,
  children,
  type Inline,
  localName,
  type TableCell,
  text,
  type XmlElement,
} from '@distill/core';
import { sheetRegionBlocks } from '../ooxml/table.js';
import { newGrid, regions, setCell } from '../xlsx/grid.js';
import { blocksToCellInlines, convertBlocks, MAX_REPEAT, type OdfContext, tableRows } from './text.js';
import { renderOdfValue } from './values.js';

/** Most cells one sheet's table may hold. */
/** Most cells one sheet's tables may hold (~150 bytes each in the model, as much emitting). */
const MAX_CELLS = 1_000_000;

/** A sheet cell before trimming: its inlines (empty when blank) and spans. */
interface SheetCell {
  content: Inline[];
  colSpan?: number;
  rowSpan?: number;
}

const isBlank = (c: SheetCell) => c.content.length === 0;

/** The displayed value of a cell: its text paragraphs, or the typed value when there are none. */
function cellContent(c: XmlElement, cx: OdfContext): Inline[] {
  const paras = children(c).filter((k) => localName(k.name) !== 'annotation');
  if (paras.length > 0) return blocksToCellInlines(convertBlocks(paras, cx, 1));
  const v = renderOdfValue(c, cx.styles);
  return v ? [text(v)] : [];
}

/**
 * A sheet as its name for a heading, then one table per region of touching cells (blocks
 * separated by an empty row or column are separate tables, as for xlsx).
 */
export function convertSheet(table: XmlElement, cx: OdfContext): Block[] {
  const name = attr(table, 'table:name') ?? '';
  const rows: SheetCell[][] = [];
  let lastRowCache: { row: XmlElement; cells: SheetCell[] } | undefined;
  let budget = MAX_CELLS * 4;
  let budgetWarned = false;
  for (const { row } of tableRows(table)) {
    cx.checkpoint();
    if (lastRowCache?.row === row) {
      rows.push(lastRowCache.cells);
      continue;
    }
    const cells: SheetCell[] = [];
    let blanks = 0;
    for (const c of children(row)) {
      const ln = localName(c.name);
      if (ln !== 'table-cell' && ln !== 'covered-table-cell') continue;
      const rep = Math.min(MAX_REPEAT, Number(attr(c, 'table:number-columns-repeated') ?? '1') || 1);
      const covered = ln === 'covered-table-cell';
      const content = covered ? [] : cellContent(c, cx);
      const colSpan = Number(attr(c, 'table:number-columns-spanned') ?? '1') || 1;
      const rowSpan = Number(attr(c, 'table:number-rows-spanned') ?? '1') || 1;
      // Blank cells are counted, not stored, until a filled cell follows: rows are padded
      // with thousands of them up to the sheet width.
      if (content.length === 0 && !covered && colSpan === 1 && rowSpan === 1) {
        blanks = Math.min(16384, blanks + rep);
        continue;
      }
      // A sheet-wide budget bounds what hostile far-apart cells can make us allocate.
      if (budget <= 0) {
        if (!budgetWarned) {
          budgetWarned = true;
          cx.warn?.(
            `Sheet "${name}" holds more than ${MAX_CELLS.toLocaleString('en-US')} cells: the cells past that budget were left out.`,
          );
        }
        break;
      }
      budget -= blanks + rep;
      for (; blanks > 0 && cells.length < 16384; blanks--) cells.push({ content: [] });
      blanks = 0;
      for (let k = 0; k < rep; k++) {
        const sc: SheetCell & { covered?: boolean } = { content };
        if (colSpan > 1) sc.colSpan = colSpan;
        if (rowSpan > 1) sc.rowSpan = rowSpan;
        if (covered) sc.covered = true;
        cells.push(sc);
      }
    }
    while (cells.length > 0 && isBlank(cells[cells.length - 1]) && !('covered' in cells[cells.length - 1]))
      cells.pop();
    lastRowCache = { row, cells };
    rows.push(cells);
  }
  while (rows.length > 0 && rows[rows.length - 1].every(isBlank)) rows.pop();
  let top = 0;
  while (top < rows.length && rows[top].every(isBlank)) top++;
  const body = rows.slice(top);
  let width = body.reduce((m, r) => Math.max(m, r.length), 0);
  // Keep the grid bounded: far-apart cells in a huge sheet would make billions of empty cells.
  if (body.length * width > MAX_CELLS) {
    const cut = Math.max(1, Math.floor(MAX_CELLS / body.length));
    cx.warn?.(
      `Sheet "${name}" spans ${body.length.toLocaleString('en-US')} rows x ${width.toLocaleString('en-US')} columns: only its first ${cut.toLocaleString('en-US')} columns are kept (${MAX_CELLS.toLocaleString('en-US')}-cell budget).`,
    );
    width = cut;
  }
  const out: Block[] = [];
  if (name) out.push({ kind: 'heading', level: 2, content: [text(name)] });
  if (body.length === 0) return out;
  // Occupancy for the region finder: filled cells, and merged ranges as their anchor's span.
  const grid = newGrid(name);
  body.forEach((r, i) => {
    for (let k = 0; k < Math.min(width, r.length); k++) {
      const c = r[k];
      if ('covered' in c) continue;
      if (!isBlank(c)) setCell(grid, i, k, 'x');
      if (c.colSpan || c.rowSpan) {
        setCell(grid, i, k, 'x');
        grid.merges.push({ r0: i, c0: k, r1: i + (c.rowSpan ?? 1) - 1, c1: k + (c.colSpan ?? 1) - 1 });
      }
    }
  });
  const used = [...grid.cells.keys()].sort((a, b) => a - b);
  for (const box of regions(grid, used)) {
    cx.checkpoint();
    const rowsOut: TableCell[][] = [];
    for (let i = box.r0; i <= Math.min(box.r1, body.length - 1); i++) {
      // A merged range may claim rows past the sheet's last (a truncated or hostile file).
      const r = body[i];
      // The blank row between a header and its table (see regions) is no row of the table.
      if (
        r.slice(box.c0, box.c1 + 1).every((c) => isBlank(c) && !('covered' in c) && !c.colSpan && !c.rowSpan)
      )
        continue;
      const cells: TableCell[] = [];
      for (let k = box.c0; k <= box.c1; k++) {
        const c = r[k] ?? { content: [] };
        if ('covered' in c) continue;
        const tc: TableCell = { content: c.content };
        if (c.colSpan) tc.colSpan = Math.min(c.colSpan, box.c1 - k + 1);
        if (c.rowSpan) tc.rowSpan = Math.min(c.rowSpan, box.r1 - i + 1);
        if (i === box.r0) tc.header = true;
        cells.push(tc);
      }
      rowsOut.push(cells);
    }
    out.push(...sheetRegionBlocks(rowsOut, box.c1 - box.c0 + 1));
  }
  return out;
}
