import { CfbFile, DistillError } from '@distill/core';
import { builtinFormat } from '../numfmt/builtin.js';
import { formatGeneral, formatNumber } from '../numfmt/format.js';
import { ERROR_CODES } from './error-codes.js';
import {
  type BiffRecord,
  biff5String,
  biff8String,
  decoderFor,
  RT,
  readRecords,
  rkNumber,
  SegmentReader,
} from './records.js';

/** One sheet as displayed text: cells by row and column, with merged ranges. */
export interface XlsSheet {
  name: string;
  cells: Map<number, Map<number, string>>;
  merges: { r1: number; r2: number; c1: number; c2: number }[];
}

export interface XlsWorkbook {
  sheets: XlsSheet[];
  biff: 5 | 8;
  date1904: boolean;
}

/** Largest row/column kept; beyond them a hostile file could ask for huge tables. */
const MAX_ROWS = 1_048_576;
const MAX_COLS = 16_384;

const corrupt = (why: string) =>
  new DistillError('FILE_CORRUPT', `Unprocessable Entity: the Excel workbook is corrupt (${why})`);

const u16 = (d: Uint8Array, o: number) => (o + 1 < d.length ? d[o] | (d[o + 1] << 8) : 0);
const u32 = (d: Uint8Array, o: number) => (u16(d, o) | (u16(d, o + 2) << 16)) >>> 0;
const f64 = (d: Uint8Array, o: number) =>
  o + 8 <= d.length ? new DataView(d.buffer, d.byteOffset + o, 8).getFloat64(0, true) : Number.NaN;

/** The workbook stream of a compound file: `Workbook` (BIFF8) or `Book` (BIFF5). */
function workbookStream(bytes: Uint8Array | CfbFile): Uint8Array {
  const cfb = bytes instanceof CfbFile ? bytes : new CfbFile(bytes);
  for (const name of ['Workbook', 'Book', 'WORKBOOK', 'BOOK']) if (cfb.has(name)) return cfb.read(name);
  if (cfb.has('EncryptedPackage'))
    throw new DistillError('FILE_ENCRYPTED', 'Unprocessable Entity: the workbook is password-protected');
  throw corrupt('no Workbook stream');
}

export function readXlsWorkbook(bytes: Uint8Array | CfbFile, checkpoint: () => void = () => {}): XlsWorkbook {
  const stream = workbookStream(bytes);
  const globals = readRecords(stream, 0);
  const first = globals.next();
  if (first.done || first.value.type !== RT.BOF) throw corrupt('no BOF record');
  const vers = u16(first.value.data, 0);
  const biff: 5 | 8 = vers === 0x0600 ? 8 : 5;
  let decoder = decoderFor(1252);
  let date1904 = false;
  const formats = new Map<number, string>();
  const xfFormat: number[] = [];
  const sheetsMeta: { name: string; offset: number; type: number }[] = [];
  let sst: string[] = [];
  const str = (d: Uint8Array, off: number, lenBytes: 1 | 2) =>
    biff === 8 ? biff8String(d, off, lenBytes) : biff5String(d, off, lenBytes, decoder);

  let n = 0;
  for (const rec of globals) {
    if (++n % 4096 === 0) checkpoint();
    const d = rec.data;
    switch (rec.type) {
      case RT.FILEPASS:
        throw new DistillError('FILE_ENCRYPTED', 'Unprocessable Entity: the workbook is password-protected');
      case RT.CODEPAGE:
        decoder = decoderFor(u16(d, 0));
        break;
      case RT.DATEMODE:
        date1904 = u16(d, 0) === 1;
        break;
      case RT.FORMAT:
      case RT.FORMAT_BIFF4: {
        const idx = u16(d, 0);
        formats.set(idx, str(d, 2, biff === 8 ? 2 : 1).text);
        break;
      }
      case RT.XF:
        xfFormat.push(u16(d, 2));
        break;
      case RT.BOUNDSHEET: {
        const offset = u32(d, 0);
        const type = d[5] ?? 0;
        sheetsMeta.push({ offset, type, name: str(d, 6, 1).text });
        break;
      }
      case RT.SST:
        sst = readSst(rec, checkpoint);
        break;
      default:
        break;
    }
  }

  const display = (xf: number, v: number): string => {
    const ifmt = xfFormat[xf] ?? 0;
    const fmt = formats.get(ifmt) ?? builtinFormat(ifmt);
    try {
      return formatNumber(v, fmt, { date1904 });
    } catch {
      return formatGeneral(v);
    }
  };

  const sheets: XlsSheet[] = [];
  for (const meta of sheetsMeta) {
    // Worksheets only (type 0); chart, macro and dialog sheets hold no cell table.
    if (meta.type !== 0 || meta.offset >= stream.length) continue;
    const sheet: XlsSheet = { name: meta.name, cells: new Map(), merges: [] };
    const set = (r: number, c: number, v: string) => {
      if (r >= MAX_ROWS || c >= MAX_COLS) return;
      let row = sheet.cells.get(r);
      if (!row) {
        row = new Map();
        sheet.cells.set(r, row);
      }
      row.set(c, v);
    };
    let pendingString: { r: number; c: number } | undefined;
    let k = 0;
    let sawBof = false;
    for (const rec of readRecords(stream, meta.offset)) {
      if (++k % 4096 === 0) checkpoint();
      const d = rec.data;
      switch (rec.type) {
        case RT.BOF:
          if (sawBof) break;
          sawBof = true;
          break;
        case RT.LABELSST:
          set(u16(d, 0), u16(d, 2), sst[u32(d, 6)] ?? '');
          break;
        case RT.LABEL:
        case RT.RSTRING:
          set(u16(d, 0), u16(d, 2), str(d, 6, 2).text);
          break;
        case RT.NUMBER:
          set(u16(d, 0), u16(d, 2), display(u16(d, 4), f64(d, 6)));
          break;
        case RT.RK:
          set(u16(d, 0), u16(d, 2), display(u16(d, 4), rkNumber(u32(d, 6))));
          break;
        case RT.MULRK: {
          const r = u16(d, 0);
          const c0 = u16(d, 2);
          const count = Math.floor((d.length - 6) / 6);
          for (let i = 0; i < count; i++)
            set(r, c0 + i, display(u16(d, 4 + i * 6), rkNumber(u32(d, 6 + i * 6))));
          break;
        }
        case RT.BOOLERR: {
          const v = d[6];
          set(u16(d, 0), u16(d, 2), d[7] ? (ERROR_CODES[v] ?? '#ERR') : v ? 'TRUE' : 'FALSE');
          break;
        }
        case RT.FORMULA: {
          const r = u16(d, 0);
          const c = u16(d, 2);
          if (d[12] === 0xff && d[13] === 0xff) {
            const kind = d[6];
            if (kind === 0) pendingString = { r, c };
            else if (kind === 1) set(r, c, d[8] ? 'TRUE' : 'FALSE');
            else if (kind === 2) set(r, c, ERROR_CODES[d[8]] ?? '#ERR');
          } else set(r, c, display(u16(d, 4), f64(d, 6)));
          break;
        }
        case RT.STRING:
          if (pendingString) {
            const text =
              biff === 8
                ? new SegmentReader([d, ...rec.continues]).richString()
                : biff5String(d, 0, 2, decoder).text;
            set(pendingString.r, pendingString.c, text);
            pendingString = undefined;
          }
          break;
        case RT.MERGEDCELLS: {
          const count = u16(d, 0);
          for (let i = 0; i < count && 2 + i * 8 + 8 <= d.length; i++) {
            const o = 2 + i * 8;
            sheet.merges.push({ r1: u16(d, o), r2: u16(d, o + 2), c1: u16(d, o + 4), c2: u16(d, o + 6) });
          }
          break;
        }
        default:
          break;
      }
    }
    sheets.push(sheet);
  }
  return { sheets, biff, date1904 };
}

/** The shared string table, whose strings may cross CONTINUE records. */
function readSst(rec: BiffRecord, checkpoint: () => void): string[] {
  const r = new SegmentReader([rec.data, ...rec.continues]);
  r.u32();
  const unique = r.u32();
  const out: string[] = [];
  try {
    for (let i = 0; i < unique && !r.done; i++) {
      if (i % 8192 === 0) checkpoint();
      out.push(r.richString());
    }
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  return out;
}
