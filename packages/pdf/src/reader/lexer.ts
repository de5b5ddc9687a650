import { Dict, Name, type PdfObject } from './objects.js';

/** Byte classes: 1 whitespace, 2 delimiter. */
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = 2;

/**
 * Keywords of one or two bytes (most content-stream operators), by their bytes; longer ones
 * of three in a map. The strings are internalized, so the interpreter's `switch` compares
 * them by identity.
 */
const WORDS_1_2: (string | undefined)[] = new Array(65536).fill(undefined);
const WORDS_3 = new Map<number, string>();
const internalize = (s: string): string => Object.keys({ [s]: 0 })[0];

/** Names by a hash of their bytes (direct-mapped): most names repeat, and need no string built. */
const NAME_SLOTS = 4096;
const NAME_CACHE: (Name | undefined)[] = new Array(NAME_SLOTS).fill(undefined);

export const isWhite = (c: number) => CLASS[c] === 1;
export const isRegular = (c: number) => CLASS[c] === 0;

/** Tokens are objects, or keywords and punctuation as JS strings ('[', '<<', 'BT', 'obj'...). */
export type Token = number | Uint8Array | Name | string | boolean | null;
export const EOF = Symbol('eof');

/** Nesting deeper than this is hostile: arrays and dictionaries stop there. */
const MAX_DEPTH = 64;
/** A name or keyword longer than this is garbage, cut off. */
const MAX_WORD = 512;

export class Lexer {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    readonly end = buf.length,
  ) {
    this.pos = pos;
  }

  skipSpace(): void {
    const { buf, end } = this;
    let p = this.pos;
    while (p < end) {
      const c = buf[p];
      if (CLASS[c] === 1) p++;
      else if (c === 0x25) {
        // A comment runs to the end of the line.
        while (p < end && buf[p] !== 0x0a && buf[p] !== 0x0d) p++;
      } else break;
    }
    this.pos = p;
  }

  next(): Token | typeof EOF {
    this.skipSpace();
    const { buf, end } = this;
    let p = this.pos;
    if (p >= end) return EOF;
    const c = buf[p];
    // Numbers: [+-]?digits[.digits] or .digits
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) {
      let sign = 1;
      if (c === 0x2d || c === 0x2b) {
        if (c === 0x2d) sign = -1;
        p++;
        // Several signs ("--5") are read as one.
        while (p < end && (buf[p] === 0x2d || buf[p] === 0x2b)) p++;
      }
      let value = 0;
      let digits = 0;
      while (p < end && buf[p] >= 0x30 && buf[p] <= 0x39) {
        value = value * 10 + (buf[p] - 0x30);
        p++;
        digits++;
      }
      if (p < end && buf[p] === 0x2e) {
        p++;
        let scale = 0.1;
        while (p < end && buf[p] >= 0x30 && buf[p] <= 0x39) {
          value += (buf[p] - 0x30) * scale;
          scale /= 10;
          p++;
          digits++;
        }
      }
      // Garbage glued to a number ("12abc") is skipped with it.
      while (p < end && CLASS[buf[p]] === 0 && !(buf[p] >= 0x30 && buf[p] <= 0x39)) p++;
      this.pos = p;
      return digits === 0 ? 0 : sign * value;
    }
    if (c === 0x2f) return this.readName();
    if (c === 0x28) return this.readLiteral();
    if (c === 0x3c) {
      if (buf[p + 1] === 0x3c) {
        this.pos = p + 2;
        return '<<';
      }
      return this.readHex();
    }
    if (c === 0x3e) {
      this.pos = p + (buf[p + 1] === 0x3e ? 2 : 1);
      return '>>';
    }
    if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
      this.pos = p + 1;
      return String.fromCharCode(c);
    }
    if (c === 0x29) {
      // A stray ')' is skipped.
      this.pos = p + 1;
      return this.next();
    }
    const start = p;
    while (p < end && CLASS[buf[p]] === 0 && p - start < MAX_WORD) p++;
    this.pos = p;
    const len = p - start;
    let word: string;
    if (len <= 2) {
      // Operators are short: interned by their bytes, so no string is built per token.
      // (A second byte is a regular character, never 0, so the two lengths never collide.)
      const key = len === 1 ? buf[start] : buf[start] | (buf[start + 1] << 8);
      let w = WORDS_1_2[key];
      if (w === undefined) {
        w = internalize(String.fromCharCode(...buf.subarray(start, p)));
        WORDS_1_2[key] = w;
      }
      word = w;
    } else if (len === 3) {
      const key = buf[start] | (buf[start + 1] << 8) | (buf[start + 2] << 16);
      let w = WORDS_3.get(key);
      if (w === undefined) {
        w = internalize(String.fromCharCode(...buf.subarray(start, p)));
        WORDS_3.set(key, w);
      }
      word = w;
    } else {
      word = '';
      for (let i = start; i < p; i++) word += String.fromCharCode(buf[i]);
    }
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return word;
  }

  private readName(): Name {
    const { buf, end } = this;
    let p = this.pos + 1;
    let s = '';
    let hasHex = false;
    let hash = 0;
    const start = p;
    while (p < end && CLASS[buf[p]] === 0 && p - start < MAX_WORD) {
      const c = buf[p];
      if (c === 0x23) hasHex = true;
      hash = (Math.imul(hash, 31) + c) | 0;
      p++;
    }
    if (!hasHex) {
      const slot = (hash ^ (hash >>> 12)) & (NAME_SLOTS - 1);
      const hit = NAME_CACHE[slot];
      if (hit !== undefined && sameBytes(hit.name, buf, start, p)) {
        this.pos = p;
        return hit;
      }
      for (let i = start; i < p; i++) s += String.fromCharCode(buf[i]);
      const name = Name.get(s);
      NAME_CACHE[slot] = name;
      this.pos = p;
      return name;
    } else {
      const bytes: number[] = [];
      for (let i = start; i < p; i++) {
        const h = hexValue(buf[i + 1]);
        const l = hexValue(buf[i + 2]);
        if (buf[i] === 0x23 && h >= 0 && l >= 0) {
          bytes.push((h << 4) | l);
          i += 2;
        } else bytes.push(buf[i]);
      }
      s = Buffer.from(bytes).toString('utf8');
      if (s.includes('\ufffd')) s = Buffer.from(bytes).toString('latin1');
    }
    this.pos = p;
    return Name.get(s);
  }

  private readLiteral(): Uint8Array {
    const { buf, end } = this;
    let p = this.pos + 1;
    // Fast path: no escapes and no nested parentheses.
    const start = p;
    while (p < end && buf[p] !== 0x29 && buf[p] !== 0x5c && buf[p] !== 0x28 && buf[p] !== 0x0d) p++;
    if (p < end && buf[p] === 0x29) {
      this.pos = p + 1;
      return buf.subarray(start, p);
    }
    p = start;
    const out: number[] = [];
    let depth = 1;
    while (p < end) {
      const c = buf[p++];
      if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else if (c === 0x5c) {
        const e = buf[p++];
        switch (e) {
          case 0x6e:
            out.push(0x0a);
            break;
          case 0x72:
            out.push(0x0d);
            break;
          case 0x74:
            out.push(0x09);
            break;
          case 0x62:
            out.push(0x08);
            break;
          case 0x66:
            out.push(0x0c);
            break;
          case 0x0d:
            if (buf[p] === 0x0a) p++;
            break;
          case 0x0a:
            break;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let v = e - 0x30;
              for (let k = 0; k < 2 && buf[p] >= 0x30 && buf[p] <= 0x37; k++) v = v * 8 + (buf[p++] - 0x30);
              out.push(v & 0xff);
            } else if (e !== undefined) out.push(e);
        }
      } else if (c === 0x0d) {
        // End-of-line markers in a string read as one LF.
        if (buf[p] === 0x0a) p++;
        out.push(0x0a);
      } else out.push(c);
    }
    this.pos = p;
    return Uint8Array.from(out);
  }

  /** Bytes of the code hexCode read last. */
  hexBytes = 0;

  /**
   * The next token as a number when it is a plain hex string of one to four bytes (`<0041>`:
   * digits only, an even count), its length in `hexBytes`; otherwise -1 and nothing is
   * consumed. CMaps are mostly such codes: no string of bytes is built for each, and the
   * number is the one toCode makes of the bytes readHex would give.
   */
  hexCode(): number {
    this.skipSpace();
    const { buf, end } = this;
    const open = this.pos;
    if (open >= end || buf[open] !== 0x3c) return -1;
    let p = open + 1;
    let v = 0;
    for (; p < end && p - open <= 8; p++) {
      const d = HEX[buf[p]];
      if (d < 0) break;
      v = v * 16 + d;
    }
    const digits = p - open - 1;
    if (p >= end || buf[p] !== 0x3e || digits === 0 || digits % 2 !== 0) return -1;
    this.pos = p + 1;
    this.hexBytes = digits >> 1;
    return v;
  }

  private readHex(): Uint8Array {
    const { buf, end } = this;
    let p = this.pos + 1;
    let close = p;
    while (close < end && buf[close] !== 0x3e) close++;
    const out = new Uint8Array((close - p + 1) >> 1);
    let n = 0;
    let hi = -1;
    for (; p < close; p++) {
      const v = HEX[buf[p]];
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        out[n++] = (hi << 4) | v;
        hi = -1;
      }
    }
    if (hi >= 0) out[n++] = hi << 4;
    this.pos = close + 1;
    return n === out.length ? out : out.subarray(0, n);
  }
}

/** Whether a string of byte-sized characters spells buf[start, end). */
function sameBytes(s: string, buf: Uint8Array, start: number, end: number): boolean {
  if (s.length !== end - start) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== buf[start + i]) return false;
  return true;
}

/** hexValue by byte, as a table (hex strings are long in CID-keyed text). */
const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 256; c++) HEX[c] = hexValue(c);

export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * Consumes the tokens readObject would for an object starting with `first`, building nothing:
 * for operands nobody reads (the property lists of marked content). Same nesting limit, so
 * the same tokens are taken.
 */
export function skipObject(lx: Lexer, first: Token | typeof EOF, depth = 0): void {
  const close = first === '[' ? ']' : first === '<<' ? '>>' : undefined;
  if (close === undefined) return;
  for (;;) {
    const t = lx.next();
    if (t === EOF || t === close) return;
    if (depth > MAX_DEPTH) continue;
    if (t === '[' || t === '<<') skipObject(lx, t, depth + 1);
  }
}

/**
 * Reads one object whose first token is `first`: arrays and dictionaries are built here;
 * `N G R` references are left to the caller (`refs` folds them while reading containers).
 */
export function readObject(
  lx: Lexer,
  first: Token | typeof EOF,
  makeRef: ((num: number, gen: number) => PdfObject) | undefined,
  depth = 0,
): PdfObject | typeof EOF {
  if (first === EOF) return EOF;
  if (first === '[') {
    const arr: PdfObject[] = [];
    for (;;) {
      const t = lx.next();
      if (t === EOF || t === ']') break;
      if (depth > MAX_DEPTH) continue;
      const o = readObject(lx, t, makeRef, depth + 1);
      if (o === EOF) break;
      if (o === 'R' && makeRef && arr.length >= 2) {
        const gen = arr.pop();
        const num = arr.pop();
        if (typeof num === 'number' && typeof gen === 'number') arr.push(makeRef(num, gen));
        continue;
      }
      arr.push(o);
    }
    return arr;
  }
  if (first === '<<') {
    const dict = new Dict();
    let key: string | undefined;
    const pending: PdfObject[] = [];
    const flush = () => {
      if (key !== undefined && pending.length > 0) dict.set(key, pending[pending.length - 1]);
      pending.length = 0;
    };
    for (;;) {
      const t = lx.next();
      if (t === EOF || t === '>>') break;
      if (t instanceof Name && (key === undefined || pending.length > 0)) {
        flush();
        key = t.name;
        continue;
      }
      if (depth > MAX_DEPTH) continue;
      const o = readObject(lx, t, makeRef, depth + 1);
      if (o === EOF) break;
      if (o === 'R' && makeRef && pending.length >= 2) {
        const gen = pending.pop();
        const num = pending.pop();
        if (typeof num === 'number' && typeof gen === 'number') pending.push(makeRef(num, gen));
        continue;
      }
      pending.push(o);
    }
    flush();
    return dict;
  }
  return first as PdfObject;
}
