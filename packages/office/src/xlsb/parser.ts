import { type Block, DistillError, type Doc, type ParseContext, type ParserPlugin } from '@distill/core';
import { builtinFormat } from '../numfmt/builtin.js';
import { formatNumber, formatText } from '../numfmt/format.js';
import { addDrawing, readDrawing } from '../ooxml/drawing.js';
import { readMetadata } from '../ooxml/metadata.js';
import { missingPart, OoxmlPackage } from '../ooxml/package.js';
import { ERROR_CODES } from '../xls/error-codes.js';
import { colName, hiddenSheetsNote, newGrid, type SheetGrid, setCell, sheetBlocks } from '../xlsx/grid.js';
import { Reader, RT, records } from './records.js';

interface SheetRef {
  name: string;
  rid: string;
  state: number;
}

function readWorkbook(b: Uint8Array): { sheets: SheetRef[]; date1904: boolean } {
  const sheets: SheetRef[] = [];
  let date1904 = false;
  for (const r of records(b)) {
    const rd = new Reader(b, r.start, r.end);
    if (r.type === RT.BundleSh) {
      // hsState, iTabID, then two wide strings. Some writers put four more bytes before the
      // strings; the layout whose strings end exactly at the record's end is the right one.
      for (const skip of [8, 12, 4]) {
        try {
          rd.p = r.start;
          const state = rd.u32();
          rd.p = r.start + skip;
          const rid = rd.wide();
          const name = rd.wide();
          if (rd.p !== r.end || !rid) continue;
          sheets.push({ name, rid, state: state > 2 ? 0 : state });
          break;
        } catch {
          // try the next layout
        }
      }
    } else if (r.type === RT.WbProp && r.end - r.start >= 4) date1904 = (rd.u32() & 1) === 1;
  }
  return { sheets, date1904 };
}

function readSst(b: Uint8Array): string[] {
  const out: string[] = [];
  for (const r of records(b)) {
    if (r.type !== RT.SSTItem) continue;
    const rd = new Reader(b, r.start, r.end);
    rd.u8(); // flags: rich text, phonetic
    out.push(rd.wide());
  }
  return out;
}

function readStyles(b: Uint8Array): string[] {
  const custom = new Map<number, string>();
  const xfs: number[] = [];
  let inCellXfs = false;
  for (const r of records(b)) {
    const rd = new Reader(b, r.start, r.end);
    if (r.type === RT.Fmt) {
      const id = rd.u16();
      custom.set(id, rd.wide());
    } else if (r.type === RT.BeginCellXFs) inCellXfs = true;
    else if (r.type === RT.EndCellXFs) inCellXfs = false;
    else if (r.type === RT.XF && inCellXfs) {
      rd.u16(); // parent
      xfs.push(rd.u16());
    }
  }
  return xfs.map((id) => custom.get(id) ?? builtinFormat(id));
}

/** Streams a sheet's records into the grid: cells with their displayed values, hidden rows and columns, merges. */
function readSheet(
  b: Uint8Array,
  g: SheetGrid,
  sst: string[],
  formats: string[],
  date1904: boolean,
  ctx: ParseContext,
): void {
  let row = -1;
  let col = -1;
  let count = 0;
  for (const r of records(b)) {
    if ((++count & 8191) === 0) ctx.checkpoint();
    const t = r.type;
    const rd = new Reader(b, r.start, r.end);
    if (t === RT.RowHdr) {
      row = rd.u32();
      col = -1;
      if (r.end - r.start >= 12) {
        rd.p = r.start + 11;
        if (rd.u8() & 0x10) g.hiddenRows.add(row);
      }
      continue;
    }
    if (t <= RT.ShortIsst && t !== RT.RowHdr) {
      const isShort = t >= RT.ShortBlank;
      if (isShort) col++;
      else col = rd.u32();
      const style = rd.u32() & 0xffffff;
      const fmt = formats[style] ?? 'General';
      let out = '';
      switch (t) {
        case RT.CellRk:
        case RT.ShortRk:
          out = formatNumber(rd.rk(), fmt, { date1904 });
          break;
        case RT.CellReal:
        case RT.ShortReal:
        case RT.FmlaNum:
          out = formatNumber(rd.f64(), fmt, { date1904 });
          break;
        case RT.CellError:
        case RT.ShortError:
        case RT.FmlaError:
          out = ERROR_CODES[rd.u8()] ?? '#ERROR!';
          break;
        case RT.CellBool:
        case RT.ShortBool:
        case RT.FmlaBool:
          out = rd.u8() ? 'TRUE' : 'FALSE';
          break;
        case RT.CellSt:
        case RT.ShortSt:
        case RT.FmlaString:
          out = formatText(rd.wide(), fmt);
          break;
        case RT.CellIsst:
        case RT.ShortIsst: {
          const s = sst[rd.u32()];
          out = s === undefined ? '' : formatText(s, fmt);
          break;
        }
        default:
          break;
      }
      if (row >= 0) setCell(g, row, col, out);
      continue;
    }
    if (t === RT.MergeCell) {
      const r0 = rd.u32();
      const r1 = rd.u32();
      const c0 = rd.u32();
      const c1 = rd.u32();
      g.merges.push({ r0, r1, c0, c1 });
    } else if (t === RT.ColInfo) {
      const c0 = rd.u32();
      const c1 = rd.u32();
      rd.u32();
      rd.u32();
      if (rd.u16() & 1 && g.hiddenCols.size < 16384)
        for (let c = c0; c <= Math.min(c1, 16383); c++) g.hiddenCols.add(c);
    }
  }
}

/** Cell comments of a sheet (xl/commentsN.bin): authors, then each comment's cell and text. */
function readComments(b: Uint8Array, g: SheetGrid): void {
  const authors: string[] = [];
  let cur: { ref: string; author?: string } | undefined;
  for (const r of records(b)) {
    const rd = new Reader(b, r.start, r.end);
    if (r.type === RT.CommentAuthor) authors.push(rd.wide());
    else if (r.type === RT.BeginComment) {
      const author = authors[rd.u32()];
      const row = rd.u32();
      rd.u32();
      const col = rd.u32();
      cur = { ref: `${colName(col)}${row + 1}`, author };
    } else if (r.type === RT.CommentText && cur) {
      rd.u8();
      const text = rd.wide().replace(/\s+/g, ' ').trim();
      if (text) g.comments.push({ ...cur, text });
      cur = undefined;
    }
  }
}

export function parseXlsb(bytes: Uint8Array, ctx: ParseContext): Doc {
  const pkg = new OoxmlPackage(bytes);
  const wbPart = pkg.mainPart(['xl/workbook.bin']);
  if (!wbPart || !pkg.has(wbPart)) throw missingPart('workbook part (xl/workbook.bin)');
  const { sheets, date1904 } = readWorkbook(pkg.bytes(wbPart));
  const stylesPart = pkg.relOfType(wbPart, '/styles')?.part;
  const formats = stylesPart && pkg.has(stylesPart) ? readStyles(pkg.bytes(stylesPart)) : [];
  const sstPart = pkg.relOfType(wbPart, '/sharedStrings')?.part;
  const sst = sstPart && pkg.has(sstPart) ? readSst(pkg.bytes(sstPart)) : [];
  const rels = pkg.rels(wbPart);
  const blocks: Block[] = [];
  const skipped: string[] = [];
  let sheetNumber = 0;
  for (const s of sheets) {
    ctx.checkpoint();
    if (s.state !== 0) {
      skipped.push(s.name);
      continue;
    }
    const rel = rels.get(s.rid);
    if (!rel?.part || !pkg.has(rel.part)) {
      ctx.warn(`Sheet "${s.name}" has no part in the workbook; skipped.`);
      continue;
    }
    const g = newGrid(s.name);
    if (!rel.type.endsWith('/chartsheet')) readSheet(pkg.bytes(rel.part), g, sst, formats, date1904, ctx);
    for (const c of pkg.relsOfType(rel.part, '/comments'))
      if (c.part && pkg.has(c.part)) readComments(pkg.bytes(c.part), g);
    for (const d of pkg.relsOfType(rel.part, '/drawing')) {
      if (!d.part) continue;
      addDrawing(pkg, readDrawing(pkg, d.part), g, ctx);
    }
    blocks.push(...sheetBlocks(g, ctx.checkpoint, ++sheetNumber));
  }
  blocks.push(...hiddenSheetsNote(skipped));
  const metadata = readMetadata(pkg);
  metadata.sheets = sheets.length;
  return { blocks, metadata };
}

export const xlsbParser: ParserPlugin = {
  name: 'xlsb',
  formats: ['xlsb'],
  parse(bytes, ctx) {
    try {
      return parseXlsb(bytes, ctx);
    } catch (e) {
      if (e instanceof DistillError) throw e;
      throw new DistillError(
        'FILE_CORRUPT',
        `Unprocessable Entity: the binary workbook could not be read (${(e as Error).message})`,
      );
    }
  },
};
