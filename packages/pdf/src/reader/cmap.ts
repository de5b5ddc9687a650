import { EOF, Lexer } from './lexer.js';
import { Name, Unsupported } from './objects.js';

/** A bfrange or cidrange wider than this is hostile or broken and is clipped. */
const MAX_RANGE = 0x10000;
/** Caps the entries of one CMap. */
const MAX_ENTRIES = 0x40000;

/**
 * A CMap as the fast reader needs it: codespace ranges to split strings into codes, code to
 * CID (encoding CMaps) and code to Unicode (ToUnicode CMaps, decoded as pdf.js does:
 * UTF-16BE with surrogates, odd lengths padded in front).
 */
export class CMap {
  /** Codespace ranges per byte length (index 0 = one byte): flat [lo, hi, lo, hi...]. */
  codespace: number[][] = [[], [], [], []];
  readonly unicode = new Map<number, string>();
  readonly cid = new Map<number, number>();
  readonly cidRanges: number[] = [];
  vertical = false;
  identity = false;
  /** Any entries at all (a ToUnicode that maps nothing is treated as absent, as pdf.js does). */
  get size(): number {
    return this.unicode.size + this.cid.size + this.cidRanges.length;
  }

  static identityH(vertical = false): CMap {
    const c = new CMap();
    c.codespace[1].push(0, 0xffff);
    c.identity = true;
    c.vertical = vertical;
    return c;
  }

  /** Splits a string into codes, as pdf.js's CMap.readCharCode. */
  readCode(bytes: Uint8Array, offset: number): [code: number, length: number] {
    const code = this.readCodeAt(bytes, offset);
    return [code, this.codeLength];
  }

  /** Bytes taken by the code readCodeAt read last. */
  codeLength = 1;

  /** readCode without a pair built per code: the code, its length in `codeLength`. */
  readCodeAt(bytes: Uint8Array, offset: number): number {
    let c = 0;
    const cs = this.codespace;
    for (let n = 0; n < 4; n++) {
      c = ((c << 8) | (bytes[offset + n] ?? 0)) >>> 0;
      const ranges = cs[n];
      for (let k = 0; k < ranges.length; k += 2)
        if (c >= ranges[k] && c <= ranges[k + 1]) {
          this.codeLength = n + 1;
          return c;
        }
    }
    this.codeLength = 1;
    return 0;
  }

  lookupCid(code: number): number | undefined {
    if (this.identity) return code;
    const v = this.cid.get(code);
    if (v !== undefined) return v;
    const r = this.cidRanges;
    for (let i = 0; i < r.length; i += 3)
      if (code >= r[i] && code <= r[i + 1]) return r[i + 2] + (code - r[i]);
    return undefined;
  }
}

const toCode = (b: Uint8Array) => {
  // Indexed, not for-of: an iterator per code is most of a cold CMap's parse.
  let v = 0;
  for (let i = 0; i < b.length; i++) v = v * 256 + b[i];
  return v;
};

function utf16(src: ArrayLike<number>): string {
  // One UTF-16 unit, not a surrogate: the common entry, no arrays built.
  if (src.length === 2) {
    const w = (src[0] << 8) | src[1];
    if ((w & 0xf800) !== 0xd800) return String.fromCharCode(w);
  }
  let bytes = Array.from(src);
  if (bytes.length % 2 !== 0) bytes = [0, ...bytes];
  const cps: number[] = [];
  for (let k = 0; k < bytes.length; k += 2) {
    const w1 = (bytes[k] << 8) | bytes[k + 1];
    if ((w1 & 0xf800) !== 0xd800) {
      cps.push(w1);
      continue;
    }
    k += 2;
    const w2 = ((bytes[k] ?? 0) << 8) | (bytes[k + 1] ?? 0);
    cps.push(((w1 & 0x3ff) << 10) + (w2 & 0x3ff) + 0x10000);
  }
  try {
    return String.fromCodePoint(...cps);
  } catch {
    return '';
  }
}

/** The bytes of a code of `n` bytes that hexCode read as a number. */
function codeBytes(code: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let v = code;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return out;
}

/** utf16 of such a code: one UTF-16 unit without building its bytes, else through them. */
function codeText(code: number, n: number): string {
  if (n === 2 && (code & 0xf800) !== 0xd800) return String.fromCharCode(code);
  return utf16(codeBytes(code, n));
}

/**
 * Parses a CMap program (ToUnicode or an embedded encoding CMap). `usecmap` of a predefined
 * CMap other than Identity is not loaded: Unsupported, so the font goes to pdf.js.
 */
export function parseCMap(data: Uint8Array): CMap {
  const cmap = new CMap();
  const lx = new Lexer(data);
  let prev: unknown;
  let prev2: unknown;
  let entries = 0;
  const str = (t: unknown): t is Uint8Array => t instanceof Uint8Array;
  for (;;) {
    const t = lx.next();
    if (t === EOF) break;
    if (t === 'begincodespacerange') {
      for (;;) {
        const lo = lx.next();
        if (!str(lo)) break;
        const hi = lx.next();
        if (!str(hi)) break;
        const n = Math.min(4, Math.max(1, lo.length)) - 1;
        cmap.codespace[n].push(toCode(lo), toCode(hi));
      }
    } else if (t === 'beginbfchar') {
      for (;;) {
        // Plain hex codes are read as numbers (hexCode); anything else as a token.
        let code = lx.hexCode();
        if (code < 0) {
          const src = lx.next();
          if (!str(src)) break;
          code = toCode(src);
        }
        const w = lx.hexCode();
        if (w >= 0) cmap.unicode.set(code, codeText(w, lx.hexBytes));
        else {
          const dst = lx.next();
          if (str(dst)) cmap.unicode.set(code, utf16(dst));
        }
        if (++entries > MAX_ENTRIES) return cmap;
      }
    } else if (t === 'beginbfrange') {
      for (;;) {
        let loCode = lx.hexCode();
        if (loCode < 0) {
          const lo = lx.next();
          if (!str(lo)) break;
          loCode = toCode(lo);
        }
        let hiCode = lx.hexCode();
        if (hiCode < 0) {
          const hi = lx.next();
          if (!str(hi)) break;
          hiCode = toCode(hi);
        }
        const w = lx.hexCode();
        const dst = w >= 0 ? codeBytes(w, lx.hexBytes) : lx.next();
        let lo0 = loCode;
        const hi0 = Math.min(hiCode, lo0 + MAX_RANGE);
        if (dst === '[') {
          for (let el = lx.next(); el !== ']' && el !== EOF; el = lx.next()) {
            if (str(el) && lo0 <= hi0) cmap.unicode.set(lo0, utf16(el));
            lo0++;
          }
        } else if (str(dst)) {
          const cur = [...dst];
          const last = cur.length - 1;
          while (lo0 <= hi0) {
            cmap.unicode.set(lo0++, utf16(cur));
            if (last < 0) break;
            cur[last]++;
            if (cur[last] > 0xff) {
              cur[last] = 0;
              if (last > 0) cur[last - 1]++;
            }
          }
        }
        entries += hi0 - loCode + 1;
        if (entries > MAX_ENTRIES) return cmap;
      }
    } else if (t === 'begincidrange') {
      for (;;) {
        const lo = lx.next();
        if (!str(lo)) break;
        const hi = lx.next();
        const cid = lx.next();
        if (!str(hi) || typeof cid !== 'number') break;
        cmap.cidRanges.push(toCode(lo), toCode(hi), cid);
      }
    } else if (t === 'begincidchar') {
      for (;;) {
        const src = lx.next();
        if (!str(src)) break;
        const cid = lx.next();
        if (typeof cid === 'number') cmap.cid.set(toCode(src), cid);
      }
    } else if (t === 'usecmap') {
      if (prev instanceof Name) {
        if (/^Identity-[HV]$/.test(prev.name)) {
          cmap.identity = true;
          cmap.codespace[1].push(0, 0xffff);
        } else throw new Unsupported(`usecmap ${prev.name}`);
      }
    } else if (t === 'def' && prev === 1 && prev2 instanceof Name && prev2.name === 'WMode') {
      cmap.vertical = true;
    }
    prev2 = prev;
    prev = t;
  }
  return cmap;
}
