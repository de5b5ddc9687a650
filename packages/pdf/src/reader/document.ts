import { constants, inflateSync } from 'node:zlib';
import { decodeStream, MAX_DECODED } from './filters.js';
import { EOF, Lexer, readObject } from './lexer.js';
import {
  Dict,
  ImageCodec,
  isDict,
  isName,
  isNum,
  type PdfObject,
  Ref,
  Stream,
  TooLarge,
  Unsupported,
} from './objects.js';

type Entry = { type: 1; offset: number; gen: number } | { type: 2; stream: number; index: number };

/** Page tree walks and object chains stop here (cycles and bombs). */
const MAX_TREE_DEPTH = 64;
const MAX_PAGES = 100_000;

export interface PageRecord {
  ref?: Ref;
  dict: Dict;
  /** Inherited attributes resolved along the tree. */
  resources?: PdfObject;
  mediaBox?: PdfObject;
  cropBox?: PdfObject;
  rotate?: PdfObject;
}

/**
 * A PDF file opened for reading: cross-reference tables and streams (with incremental
 * updates through /Prev), object streams, and a repair pass that indexes `N G obj` headers
 * when the cross-reference data is missing or wrong. Objects are parsed on demand and cached;
 * streams keep views of the file's bytes, decoded only when asked.
 */
export class PdfFile {
  private readonly entries = new Map<number, Entry>();
  private readonly cache = new Map<number, PdfObject>();
  private readonly objStms = new Map<number, { data: Uint8Array; offsets: number[]; first: number }>();
  private repaired = false;
  trailer = new Dict();
  version = '';
  private fetching = new Set<number>();

  constructor(readonly bytes: Uint8Array) {
    const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
    this.version = /%PDF-(\d\.\d)/.exec(head)?.[1] ?? '';
    try {
      this.readXrefChain();
      if (!isDict(this.resolve(this.trailer.get('Root')))) throw new Error('no catalog');
    } catch {
      this.repair();
    }
    if (this.trailer.has('Encrypt')) throw new Unsupported('encrypted');
  }

  get catalog(): Dict {
    const root = this.resolve(this.trailer.get('Root'));
    if (!isDict(root)) throw new Unsupported('no catalog');
    return root;
  }

  resolve(o: PdfObject | undefined, depth = 0): PdfObject | undefined {
    while (o instanceof Ref && depth++ < 16) o = this.fetch(o);
    return o instanceof Ref ? undefined : o;
  }

  dict(o: PdfObject | undefined): Dict | undefined {
    const r = this.resolve(o);
    if (r instanceof Dict) return r;
    if (r instanceof Stream) return r.dict;
    return undefined;
  }

  array(o: PdfObject | undefined): PdfObject[] | undefined {
    const r = this.resolve(o);
    return Array.isArray(r) ? r : undefined;
  }

  num(o: PdfObject | undefined): number | undefined {
    const r = this.resolve(o);
    return isNum(r) ? r : undefined;
  }

  /** The decoded bytes of a stream (throws Unsupported for image codecs and bombs). */
  decode(s: Stream, limit?: number): Uint8Array {
    return decodeStream(s.raw, s.dict, (o) => this.resolve(o), limit);
  }

  /**
   * What the reader cut or could not read (a bomb, an image codec on a text stream), drained
   * into the page that met it, whose warning says so.
   */
  readonly notes: string[] = [];

  /**
   * Streams this file holds that pdf.js must never be given to read: bombs, which pdf.js
   * inflates without a bound. Once one is met, a page the fast reader gives up is reported
   * unreadable instead of handed to pdf.js. (Image codecs on streams that are no image are
   * defused in the copy pdf.js gets: defuseImageCodecs.)
   */
  readonly pdfjsHazards = new Set<string>();

  /**
   * The decoded bytes of a stream that holds text (page content, a form), never a fallback to
   * pdf.js, which would run the same bomb or image codec without a bound: past `limit` the
   * prefix is kept, an image codec gives no bytes, and a note says which (`what` names it).
   */
  decodeText(s: Stream, limit: number, what: string): Uint8Array {
    try {
      return decodeStream(
        s.raw,
        s.dict,
        (o) => this.resolve(o),
        limit,
        (l) => {
          this.notes.push(`${what} cut at ${mb(l)} decoded`);
          this.pdfjsHazards.add(`${what} decodes past ${mb(l)}`);
        },
      );
    } catch (e) {
      if (e instanceof ImageCodec) {
        this.notes.push(`${what} is encoded with ${e.filter}, an image codec: no text was read from it`);
        return new Uint8Array(0);
      }
      throw e;
    }
  }

  /**
   * A stream the reader can do without (a font program, a CMap): undefined, with a note, when
   * it is a bomb or image-coded; other errors are the caller's.
   */
  decodeOptional(s: Stream, what: string): Uint8Array | undefined {
    try {
      return this.decode(s);
    } catch (e) {
      if (e instanceof ImageCodec) {
        this.notes.push(`${what} is encoded with ${e.filter}, an image codec: it was ignored`);
        return undefined;
      }
      if (e instanceof TooLarge) {
        this.notes.push(`${what} decodes past ${mb(e.limit)}: it was ignored`);
        this.pdfjsHazards.add(`${what} decodes past ${mb(e.limit)}`);
        return undefined;
      }
      throw e;
    }
  }

  /**
   * Forgets parsed objects (not the cross-reference data): a long document is read page by
   * page, and what earlier pages loaded is dropped now and then instead of kept to the end.
   */
  trimCache(): void {
    this.cache.clear();
    this.objStms.clear();
  }

  /**
   * About the first `compressed` encoded bytes of a stream decoded (Flate without predictor
   * only; other streams are decoded whole): for headers of big font programs.
   */
  decodePrefix(s: Stream, compressed: number): { data: Uint8Array; complete: boolean } {
    const f = this.resolve(s.dict.get('Filter'));
    const single = Array.isArray(f) && f.length === 1 ? this.resolve(f[0]) : f;
    if (compressed >= s.raw.length || !isName(single, 'FlateDecode') || s.dict.has('DecodeParms'))
      return { data: this.decode(s), complete: true };
    try {
      const data = inflateSync(s.raw.subarray(0, compressed), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: MAX_DECODED,
      });
      return { data, complete: false };
    } catch {
      return { data: this.decode(s), complete: true };
    }
  }

  fetch(ref: Ref): PdfObject {
    const cached = this.cache.get(ref.num);
    if (cached !== undefined) return cached;
    if (this.fetching.has(ref.num)) return null;
    this.fetching.add(ref.num);
    try {
      let o = this.load(ref);
      if (o === undefined && !this.repaired) {
        this.repair();
        o = this.load(ref);
      }
      const value = o ?? null;
      this.cache.set(ref.num, value);
      return value;
    } finally {
      this.fetching.delete(ref.num);
    }
  }

  private load(ref: Ref): PdfObject | undefined {
    const e = this.entries.get(ref.num);
    if (!e) return undefined;
    if (e.type === 2) return this.fromObjStm(e.stream, e.index, ref.num);
    return this.parseAt(e.offset, ref.num);
  }

  /** Parses `num gen obj ... endobj` at an offset; undefined when the header is not there. */
  private parseAt(offset: number, num: number): PdfObject | undefined {
    if (offset < 0 || offset >= this.bytes.length) return undefined;
    const lx = new Lexer(this.bytes, offset);
    const n = lx.next();
    const g = lx.next();
    const kw = lx.next();
    if (n !== num || typeof g !== 'number' || kw !== 'obj') return undefined;
    const o = readObject(lx, lx.next(), (a, b) => new Ref(a, b));
    if (o === EOF) return null;
    if (o instanceof Dict) {
      const save = lx.pos;
      const t = lx.next();
      if (t === 'stream') return this.readStream(lx, o, new Ref(num, g));
      lx.pos = save;
    }
    return o;
  }

  private readStream(lx: Lexer, dict: Dict, ref?: Ref): Stream {
    const { bytes } = this;
    let p = lx.pos;
    if (bytes[p] === 0x0d) p++;
    if (bytes[p] === 0x0a) p++;
    const lengthObj = dict.get('Length');
    let length = typeof lengthObj === 'number' ? lengthObj : undefined;
    if (length === undefined && lengthObj instanceof Ref) {
      const l = this.resolve(lengthObj);
      if (typeof l === 'number') length = l;
    }
    if (length !== undefined && length >= 0 && p + length <= bytes.length) {
      // The length is right when `endstream` follows it.
      let q = p + length;
      while (q < bytes.length && (bytes[q] === 0x0d || bytes[q] === 0x0a || bytes[q] === 0x20)) q++;
      if (matchAt(bytes, q, 'endstream')) return new Stream(dict, bytes.subarray(p, p + length), ref);
    }
    const end = indexOf(bytes, 'endstream', p);
    let stop = end < 0 ? bytes.length : end;
    if (stop > p && bytes[stop - 1] === 0x0a) stop--;
    if (stop > p && bytes[stop - 1] === 0x0d) stop--;
    return new Stream(dict, bytes.subarray(p, stop), ref);
  }

  private fromObjStm(streamNum: number, index: number, num: number): PdfObject | undefined {
    let stm = this.objStms.get(streamNum);
    if (!stm) {
      const s = this.fetch(new Ref(streamNum, 0));
      if (!(s instanceof Stream)) return undefined;
      const data = this.decode(s);
      const n = this.num(s.dict.get('N')) ?? 0;
      const first = this.num(s.dict.get('First')) ?? 0;
      const lx = new Lexer(data, 0, Math.min(first, data.length));
      const offsets: number[] = [];
      for (let i = 0; i < n; i++) {
        const objNum = lx.next();
        const off = lx.next();
        if (typeof objNum !== 'number' || typeof off !== 'number') break;
        offsets.push(objNum, off);
      }
      stm = { data, offsets, first };
      this.objStms.set(streamNum, stm);
    }
    let at = index;
    if (stm.offsets[at * 2] !== num) {
      at = -1;
      for (let i = 0; i < stm.offsets.length; i += 2)
        if (stm.offsets[i] === num) {
          at = i / 2;
          break;
        }
      if (at < 0) return undefined;
    }
    const lx = new Lexer(stm.data, stm.first + stm.offsets[at * 2 + 1]);
    const o = readObject(lx, lx.next(), (a, b) => new Ref(a, b));
    return o === EOF ? null : o;
  }

  private readXrefChain(): void {
    const { bytes } = this;
    const tailStart = Math.max(0, bytes.length - 4096);
    const tail = Buffer.from(bytes.subarray(tailStart)).toString('latin1');
    const at = tail.lastIndexOf('startxref');
    if (at < 0) throw new Error('no startxref');
    const m = /startxref\s+(\d+)/.exec(tail.slice(at));
    if (!m) throw new Error('bad startxref');
    let offset: number | undefined = Number(m[1]);
    const seen = new Set<number>();
    let first = true;
    while (offset !== undefined && !seen.has(offset) && seen.size < 512) {
      seen.add(offset);
      const trailer = this.readXrefAt(offset);
      if (!trailer) throw new Error('bad xref');
      if (first) {
        this.trailer = trailer;
        first = false;
      } else {
        for (const [k, v] of trailer.map) if (!this.trailer.has(k)) this.trailer.set(k, v);
      }
      const stm = trailer.get('XRefStm');
      if (typeof stm === 'number' && !seen.has(stm)) {
        seen.add(stm);
        this.readXrefAt(stm);
      }
      const prev = trailer.get('Prev');
      offset = typeof prev === 'number' ? prev : undefined;
    }
  }

  private setEntry(num: number, e: Entry): void {
    // Newer sections are read first and win.
    if (!this.entries.has(num)) this.entries.set(num, e);
  }

  private readXrefAt(offset: number): Dict | undefined {
    const lx = new Lexer(this.bytes, offset);
    const t = lx.next();
    if (t === 'xref') {
      const free = new Set<number>();
      for (;;) {
        const save = lx.pos;
        const start = lx.next();
        if (start === 'trailer') break;
        const count = lx.next();
        if (typeof start !== 'number' || typeof count !== 'number') {
          lx.pos = save;
          return undefined;
        }
        for (let i = 0; i < count; i++) {
          const off = lx.next();
          const gen = lx.next();
          const kind = lx.next();
          if (typeof off !== 'number' || typeof gen !== 'number') return undefined;
          const num = start + i;
          if (kind === 'n') {
            if (!free.has(num) && off > 0) this.setEntry(num, { type: 1, offset: off, gen });
          } else if (!this.entries.has(num)) free.add(num);
        }
      }
      const trailer = readObject(lx, lx.next(), (a, b) => new Ref(a, b));
      return trailer instanceof Dict ? trailer : undefined;
    }
    // An xref stream: `N G obj << /Type /XRef ... >> stream`.
    const g = lx.next();
    const kw = lx.next();
    if (typeof t !== 'number' || typeof g !== 'number' || kw !== 'obj') return undefined;
    const s = this.parseAt(offset, t);
    if (!(s instanceof Stream) || !isName(s.dict.get('Type'), 'XRef')) return undefined;
    this.readXrefStream(s);
    return s.dict;
  }

  private readXrefStream(s: Stream): void {
    const w = (s.dict.get('W') as PdfObject[] | undefined)?.map((x) => (typeof x === 'number' ? x : 0));
    if (!w || w.length < 3) throw new Error('bad xref stream');
    const size = typeof s.dict.get('Size') === 'number' ? (s.dict.get('Size') as number) : 0;
    const idx = (s.dict.get('Index') as PdfObject[] | undefined) ?? [0, size];
    const data = this.decode(s);
    const rowLen = w[0] + w[1] + w[2];
    let p = 0;
    const field = (n: number, d: number) => {
      if (n === 0) return d;
      let v = 0;
      for (let i = 0; i < n; i++) v = v * 256 + (data[p++] ?? 0);
      return v;
    };
    for (let k = 0; k + 1 < idx.length; k += 2) {
      const start = idx[k] as number;
      const count = idx[k + 1] as number;
      for (let i = 0; i < count && p + rowLen <= data.length; i++) {
        const type = field(w[0], 1);
        const a = field(w[1], 0);
        const b = field(w[2], 0);
        const num = start + i;
        if (type === 1) this.setEntry(num, { type: 1, offset: a, gen: b });
        else if (type === 2) this.setEntry(num, { type: 2, stream: a, index: b });
        else if (type === 0 && !this.entries.has(num)) this.entries.set(num, { type: 1, offset: -1, gen: 0 });
      }
    }
  }

  /** Rebuilds the cross-reference data by scanning the file for object headers. */
  private repair(): void {
    if (this.repaired) return;
    this.repaired = true;
    this.entries.clear();
    this.cache.clear();
    const text = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
      'latin1',
    );
    const re = /(?:^|[\s>\]])(\d{1,10})\s+(\d{1,5})\s+obj\b/g;
    const objStreams: number[] = [];
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const num = Number(m[1]);
      const offset = m.index + m[0].indexOf(m[1]);
      // Later definitions (incremental updates) win.
      this.entries.set(num, { type: 1, offset, gen: Number(m[2]) });
    }
    let trailer: Dict | undefined;
    const tre = /trailer\s*<</g;
    for (let m = tre.exec(text); m; m = tre.exec(text)) {
      const lx = new Lexer(this.bytes, m.index + 7);
      const d = readObject(lx, lx.next(), (a, b) => new Ref(a, b));
      if (d instanceof Dict && d.has('Root')) trailer = d;
    }
    for (const [num, e] of this.entries) {
      if (e.type !== 1) continue;
      const o = this.parseAt(e.offset, num);
      if (o instanceof Stream) {
        const type = o.dict.get('Type');
        if (isName(type, 'ObjStm')) objStreams.push(num);
        else if (isName(type, 'XRef') && !trailer?.has('Root') && o.dict.has('Root')) trailer = o.dict;
      } else if (o instanceof Dict && !trailer && isName(o.get('Type'), 'Catalog')) {
        trailer = new Dict();
        trailer.set('Root', new Ref(num, e.gen));
      }
    }
    for (const sn of objStreams) {
      const s = this.parseAt((this.entries.get(sn) as { offset: number }).offset, sn);
      if (!(s instanceof Stream)) continue;
      try {
        const data = this.decode(s);
        const n = typeof s.dict.get('N') === 'number' ? (s.dict.get('N') as number) : 0;
        const first = typeof s.dict.get('First') === 'number' ? (s.dict.get('First') as number) : 0;
        const lx = new Lexer(data, 0, Math.min(first, data.length));
        for (let i = 0; i < n; i++) {
          const objNum = lx.next();
          const off = lx.next();
          if (typeof objNum !== 'number' || typeof off !== 'number') break;
          if (!this.entries.has(objNum)) this.entries.set(objNum, { type: 2, stream: sn, index: i });
        }
      } catch {
        // A broken object stream loses its objects only.
      }
    }
    if (!trailer) {
      for (const [num, e] of this.entries) {
        const o = this.load(new Ref(num, 0));
        if (o instanceof Dict && isName(o.get('Type'), 'Catalog')) {
          trailer = new Dict();
          trailer.set('Root', new Ref(num, e.type === 1 ? e.gen : 0));
          break;
        }
      }
    }
    if (!trailer) throw new Unsupported('no trailer or catalog');
    // Keep Encrypt/Info from the old trailer when the found one lacks them.
    for (const [k, v] of this.trailer.map) if (!trailer.has(k)) trailer.set(k, v);
    this.trailer = trailer;
  }

  /** Every page in order, with inherited attributes. */
  pages(): PageRecord[] {
    const out: PageRecord[] = [];
    const root = this.dict(this.catalog.get('Pages'));
    if (!root) throw new Unsupported('no page tree');
    const seen = new Set<Dict>();
    type Inh = Omit<PageRecord, 'dict' | 'ref'>;
    const walk = (node: Dict, ref: Ref | undefined, inh: Inh, depth: number) => {
      if (seen.has(node) || depth > MAX_TREE_DEPTH || out.length >= MAX_PAGES) return;
      seen.add(node);
      const here: Inh = {
        resources: node.get('Resources') ?? inh.resources,
        mediaBox: node.get('MediaBox') ?? inh.mediaBox,
        cropBox: node.get('CropBox') ?? inh.cropBox,
        rotate: node.get('Rotate') ?? inh.rotate,
      };
      const kids = this.array(node.get('Kids'));
      const type = this.resolve(node.get('Type'));
      if (kids && !isName(type, 'Page')) {
        for (const k of kids) {
          const d = this.dict(k);
          if (d) walk(d, k instanceof Ref ? k : undefined, here, depth + 1);
        }
      } else out.push({ ref, dict: node, ...here });
    };
    walk(root, undefined, {}, 0);
    return out;
  }

  /** The /Info dictionary's entries. */
  info(): Dict | undefined {
    return this.dict(this.trailer.get('Info'));
  }
}

function matchAt(bytes: Uint8Array, p: number, s: string): boolean {
  if (p + s.length > bytes.length) return false;
  for (let i = 0; i < s.length; i++) if (bytes[p + i] !== s.charCodeAt(i)) return false;
  return true;
}

function indexOf(bytes: Uint8Array, s: string, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(s, from, 'latin1');
}

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
