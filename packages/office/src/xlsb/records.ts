import { DistillError } from '@distill/core';

/** BIFF12 record ids used here ([MS-XLSB] 2.3). */
export const RT = {
  RowHdr: 0x00,
  CellBlank: 0x01,
  CellRk: 0x02,
  CellError: 0x03,
  CellBool: 0x04,
  CellReal: 0x05,
  CellSt: 0x06,
  CellIsst: 0x07,
  FmlaString: 0x08,
  FmlaNum: 0x09,
  FmlaBool: 0x0a,
  FmlaError: 0x0b,
  ShortBlank: 0x0c,
  ShortRk: 0x0d,
  ShortError: 0x0e,
  ShortBool: 0x0f,
  ShortReal: 0x10,
  ShortSt: 0x11,
  ShortIsst: 0x12,
  SSTItem: 0x13,
  Fmt: 0x2c,
  XF: 0x2f,
  ColInfo: 0x3c,
  WbProp: 0x99,
  BundleSh: 0x9c,
  MergeCell: 0xb0,
  CommentAuthor: 0x278,
  BeginComment: 0x27b,
  CommentText: 0x27d,
  BeginCellXFs: 0x269,
  EndCellXFs: 0x26a,
} as const;

export interface Record {
  type: number;
  start: number;
  end: number;
}

/**
 * Iterates the records of a BIFF12 stream: a 1–2 byte type and a 1–4 byte size, both 7-bit
 * varints. A record running past the end stops the walk (truncated part), never reads beyond it.
 */
export function* records(b: Uint8Array): Generator<Record> {
  let p = 0;
  const n = b.length;
  while (p < n) {
    let type = b[p++];
    if (type & 0x80) {
      if (p >= n) return;
      type = (type & 0x7f) | ((b[p++] & 0x7f) << 7);
    }
    let size = 0;
    for (let k = 0; k < 4; k++) {
      if (p >= n) return;
      const byte = b[p++];
      size |= (byte & 0x7f) << (7 * k);
      if (!(byte & 0x80)) break;
    }
    const end = p + size;
    if (end > n) return;
    yield { type, start: p, end };
    p = end;
  }
}

/** Little-endian readers over one record's bytes. */
export class Reader {
  readonly view: DataView;
  constructor(
    readonly b: Uint8Array,
    public p: number,
    readonly end: number,
  ) {
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }
  u8(): number {
    if (this.p + 1 > this.end) throw short();
    return this.b[this.p++];
  }
  u16(): number {
    if (this.p + 2 > this.end) throw short();
    const v = this.view.getUint16(this.p, true);
    this.p += 2;
    return v;
  }
  u32(): number {
    if (this.p + 4 > this.end) throw short();
    const v = this.view.getUint32(this.p, true);
    this.p += 4;
    return v;
  }
  f64(): number {
    if (this.p + 8 > this.end) throw short();
    const v = this.view.getFloat64(this.p, true);
    this.p += 8;
    return v;
  }
  /** XLWideString: a 32-bit character count and UTF-16LE text; 0xFFFFFFFF is the null string. */
  wide(): string {
    const cch = this.u32();
    if (cch === 0xffffffff) return '';
    const bytes = cch * 2;
    if (this.p + bytes > this.end) throw short();
    const s = Buffer.from(this.b.buffer, this.b.byteOffset + this.p, bytes).toString('utf16le');
    this.p += bytes;
    return s;
  }
  /** RkNumber: a 30-bit integer or the high bits of a double, optionally divided by 100. */
  rk(): number {
    const raw = this.u32();
    let v: number;
    if (raw & 2) v = raw >> 2;
    else {
      const buf = new DataView(new ArrayBuffer(8));
      buf.setUint32(4, raw & 0xfffffffc, true);
      v = buf.getFloat64(0, true);
    }
    return raw & 1 ? v / 100 : v;
  }
}

const short = () =>
  new DistillError('FILE_CORRUPT', 'Unprocessable Entity: a BIFF12 record is shorter than its fields');
