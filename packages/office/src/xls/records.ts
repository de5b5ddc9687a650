import { type ByteDecoder, codepageDecoder } from '../rtf/codepage.js';

/** BIFF record framing and the string forms of BIFF5 and BIFF8. */
export interface BiffRecord {
  type: number;
  offset: number;
  data: Uint8Array;
  /** Payloads of CONTINUE records that follow this one. */
  continues: Uint8Array[];
}

export const RT = {
  BOF: 0x0809,
  EOF: 0x000a,
  CONTINUE: 0x003c,
  FILEPASS: 0x002f,
  CODEPAGE: 0x0042,
  DATEMODE: 0x0022,
  FORMAT: 0x041e,
  FORMAT_BIFF4: 0x001e,
  XF: 0x00e0,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
  MERGEDCELLS: 0x00e5,
} as const;

/** Reads the records from `start` up to the EOF of that substream (or the stream end). */
export function* readRecords(stream: Uint8Array, start: number): Generator<BiffRecord> {
  const dv = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let p = start;
  let pending: BiffRecord | undefined;
  let depth = 1;
  while (p + 4 <= stream.length) {
    const type = dv.getUint16(p, true);
    const len = dv.getUint16(p + 2, true);
    const data = stream.subarray(p + 4, Math.min(stream.length, p + 4 + len));
    const rec: BiffRecord = { type, offset: p, data, continues: [] };
    p += 4 + len;
    if (type === RT.CONTINUE && pending) {
      pending.continues.push(data);
      continue;
    }
    if (pending) yield pending;
    pending = rec;
    // Embedded chart substreams (BOF … EOF) sit inside a worksheet: only the outer EOF ends it.
    if (type === RT.BOF && rec.offset > start) depth++;
    if (type === RT.EOF && --depth <= 0) break;
  }
  if (pending) yield pending;
}

/** A cursor over a record and its CONTINUE payloads, for strings that cross them. */
export class SegmentReader {
  private seg = 0;
  private pos = 0;
  constructor(private readonly segments: Uint8Array[]) {}

  get done(): boolean {
    this.skipEmpty();
    return this.seg >= this.segments.length;
  }

  private skipEmpty() {
    while (this.seg < this.segments.length && this.pos >= this.segments[this.seg].length) {
      this.seg++;
      this.pos = 0;
    }
  }

  /** True at the start of a CONTINUE segment (where string characters restate their width). */
  atSegmentStart(): boolean {
    this.skipEmpty();
    return this.pos === 0 && this.seg > 0;
  }

  u8(): number {
    this.skipEmpty();
    if (this.seg >= this.segments.length) throw new RangeError('record data ends early');
    return this.segments[this.seg][this.pos++];
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number): void {
    let left = n;
    while (left > 0) {
      this.skipEmpty();
      if (this.seg >= this.segments.length) return;
      const avail = this.segments[this.seg].length - this.pos;
      const k = Math.min(avail, left);
      this.pos += k;
      left -= k;
    }
  }

  /** BIFF8 characters: when a CONTINUE boundary falls inside, a new option byte says the width. */
  chars(count: number, high: boolean): string {
    let out = '';
    let wide = high;
    let left = count;
    const codes: number[] = [];
    while (left > 0) {
      this.skipEmpty();
      if (this.seg >= this.segments.length) break;
      if (this.pos === 0 && this.seg > 0 && codes.length + out.length > 0) wide = (this.u8() & 1) === 1;
      const seg = this.segments[this.seg];
      while (left > 0 && this.pos < seg.length) {
        if (wide) {
          if (this.pos + 1 >= seg.length) {
            this.pos = seg.length;
            break;
          }
          codes.push(seg[this.pos] | (seg[this.pos + 1] << 8));
          this.pos += 2;
        } else codes.push(seg[this.pos++]);
        left--;
        if (codes.length >= 4096) {
          out += String.fromCharCode(...codes);
          codes.length = 0;
        }
      }
    }
    return out + String.fromCharCode(...codes);
  }

  /** An XLUnicodeRichExtendedString (the SST's form): skips rich-text runs and phonetic data. */
  richString(): string {
    const cch = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const s = this.chars(cch, (flags & 1) === 1);
    this.skip(runs * 4 + ext);
    return s;
  }
}

/** BIFF8 XLUnicodeString with a 16-bit (or 8-bit) length at `off`. */
export function biff8String(d: Uint8Array, off: number, lenBytes: 1 | 2): { text: string; end: number } {
  if (off + lenBytes + 1 > d.length) return { text: '', end: d.length };
  const cch = lenBytes === 2 ? d[off] | (d[off + 1] << 8) : d[off];
  const flags = d[off + lenBytes];
  let p = off + lenBytes + 1;
  if (flags & 0x08) p += 2;
  if (flags & 0x04) p += 4;
  const wide = (flags & 1) === 1;
  const end = Math.min(d.length, p + cch * (wide ? 2 : 1));
  const bytes = d.subarray(p, end);
  const text = wide ? new TextDecoder('utf-16le').decode(bytes) : latin1(bytes);
  return { text, end };
}

/** BIFF5 byte string (8- or 16-bit length) in the workbook's code page. */
export function biff5String(
  d: Uint8Array,
  off: number,
  lenBytes: 1 | 2,
  decoder: ByteDecoder,
): { text: string; end: number } {
  if (off + lenBytes > d.length) return { text: '', end: d.length };
  const cch = lenBytes === 2 ? d[off] | (d[off + 1] << 8) : d[off];
  const p = off + lenBytes;
  const end = Math.min(d.length, p + cch);
  return { text: decoder(d.subarray(p, end)), end };
}

function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode(...b.subarray(i, i + 4096));
  return s;
}

/** The decoder of a CODEPAGE record's code page. */
export function decoderFor(cp: number): ByteDecoder {
  return codepageDecoder(cp);
}

/** The IEEE double of an RK value (30-bit integer or the top of a double, maybe /100). */
export function rkNumber(rk: number): number {
  const div100 = rk & 1;
  let v: number;
  if (rk & 2) v = rk >> 2;
  else {
    const buf = new DataView(new ArrayBuffer(8));
    buf.setUint32(4, rk & 0xfffffffc, true);
    v = buf.getFloat64(0, true);
  }
  return div100 ? v / 100 : v;
}
