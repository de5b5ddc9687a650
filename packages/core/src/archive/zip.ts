import { inflateRawSync } from 'node:zlib';
import { DistillError } from '../errors/distill-error.js';
import { ZIP_LAYOUT } from './zip-layout.js';

/**
 * A small ZIP reader with hard limits, shared by detection and by every ZIP-based format
 * (OOXML, ODF, EPUB). It reads the central directory only and inflates each member with a
 * cap, so a zip bomb ends in DECOMPRESSION_LIMIT, not in an unbounded allocation: a member
 * that declares a size past a limit is refused before it is inflated, and one that declares
 * less than it holds is stopped where its declaration ends (declared sizes are never trusted
 * to be small, only held to).
 */
export interface ZipLimits {
  maxEntries: number;
  /** Budget of uncompressed bytes over all members read from one archive. */
  maxTotalBytes: number;
  /** Cap for one member. */
  maxEntryBytes: number;
  /** Largest allowed inflation ratio for members that inflate past 10 MiB. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 50_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxRatio: 1000,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  offset: number;
  encrypted: boolean;
}

const { local: L, central: C, end: E, zip64Locator: Z64L, zip64End: Z64 } = ZIP_LAYOUT;

/** Members may inflate this far whatever their ratio (small parts compress very well). */
const RATIO_FREE_BYTES = 10 * 1024 * 1024;
/** Members may inflate this far whatever size they declare. */
const DECLARED_SLACK = 1024 * 1024;
const SIG_EOCD = E.signature;
const SIG_EOCD64_LOC = Z64L.signature;
const SIG_EOCD64 = Z64.signature;
const SIG_CEN = C.signature;
const SIG_LOC = L.signature;

export const isZip = (b: Uint8Array): boolean =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6);

function corrupt(why: string): DistillError {
  return new DistillError(
    'FILE_CORRUPT',
    `Unprocessable Entity: the ZIP container is corrupt or truncated (${why})`,
  );
}

export class ZipArchive {
  readonly entries: Map<string, ZipEntry> = new Map();
  private readonly view: DataView;
  private spent = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.readDirectory();
  }

  private u16(o: number) {
    return this.view.getUint16(o, true);
  }
  private u32(o: number) {
    return this.view.getUint32(o, true);
  }

  private readDirectory(): void {
    const b = this.bytes;
    if (b.length < E.size) throw corrupt('too short');
    let eocd = -1;
    const stop = Math.max(0, b.length - E.size - E.maxComment);
    for (let i = b.length - E.size; i >= stop; i--) {
      if (this.u32(i) === SIG_EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw corrupt('no end of central directory');
    let count = this.u16(eocd + E.entries);
    let cdSize = this.u32(eocd + E.directorySize);
    let cdOffset = this.u32(eocd + E.directoryOffset);
    if (
      (count === 0xffff || cdOffset === 0xffffffff) &&
      eocd >= Z64L.size &&
      this.u32(eocd - Z64L.size) === SIG_EOCD64_LOC
    ) {
      const z64 = Number(this.view.getBigUint64(eocd - Z64L.size + Z64L.endOffset, true));
      if (z64 + Z64.size <= b.length && this.u32(z64) === SIG_EOCD64) {
        count = Number(this.view.getBigUint64(z64 + Z64.entries, true));
        cdSize = Number(this.view.getBigUint64(z64 + Z64.directorySize, true));
        cdOffset = Number(this.view.getBigUint64(z64 + Z64.directoryOffset, true));
      }
    }
    if (count > this.limits.maxEntries) {
      throw new DistillError(
        'DECOMPRESSION_LIMIT',
        `Payload Too Large: the archive has ${count} members, more than the limit of ${this.limits.maxEntries}`,
      );
    }
    if (cdOffset + cdSize > b.length) throw corrupt('central directory past the end of the file');
    const decoder = new TextDecoder('utf-8');
    let p = cdOffset;
    for (let i = 0; i < count; i++) {
      if (p + C.size > b.length || this.u32(p) !== SIG_CEN) throw corrupt('bad central directory entry');
      const flags = this.u16(p + C.flags);
      const method = this.u16(p + C.method);
      let compressedSize = this.u32(p + C.compressedSize);
      let uncompressedSize = this.u32(p + C.uncompressedSize);
      const nameLen = this.u16(p + C.nameLength);
      const extraLen = this.u16(p + C.extraLength);
      const commentLen = this.u16(p + C.commentLength);
      let offset = this.u32(p + C.localHeaderOffset);
      if (p + C.size + nameLen > b.length) throw corrupt('entry name past the end');
      const rawName = b.subarray(p + C.size, p + C.size + nameLen);
      const name = flags & ZIP_LAYOUT.flagUtf8 ? decoder.decode(rawName) : latin1(rawName);
      // ZIP64 extra field carries the real sizes when the 32-bit ones are saturated.
      let e = p + C.size + nameLen;
      const extraEnd = e + extraLen;
      while (e + 4 <= extraEnd && e + 4 <= b.length) {
        const id = this.u16(e);
        const size = this.u16(e + 2);
        if (id === ZIP_LAYOUT.zip64ExtraId) {
          let q = e + 4;
          if (uncompressedSize === 0xffffffff && q + 8 <= extraEnd) {
            uncompressedSize = Number(this.view.getBigUint64(q, true));
            q += 8;
          }
          if (compressedSize === 0xffffffff && q + 8 <= extraEnd) {
            compressedSize = Number(this.view.getBigUint64(q, true));
            q += 8;
          }
          if (offset === 0xffffffff && q + 8 <= extraEnd) offset = Number(this.view.getBigUint64(q, true));
        }
        e += 4 + size;
      }
      if (!this.entries.has(name)) {
        this.entries.set(name, {
          name,
          method,
          compressedSize,
          uncompressedSize,
          offset,
          encrypted: (flags & ZIP_LAYOUT.flagEncrypted) !== 0,
        });
      }
      p += C.size + nameLen + extraLen + commentLen;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Members by lower-cased name (the first of each), built on the first inexact lookup. */
  private lower?: Map<string, ZipEntry>;

  /** Finds a member by name, ignoring case (some producers vary it). */
  find(name: string): ZipEntry | undefined {
    const exact = this.entries.get(name);
    if (exact) return exact;
    // An index, not a scan per lookup: a 10,000-slide deck asks for 10,000 absent .rels
    // parts, and scanning 10,000 members for each was quadratic.
    if (!this.lower) {
      this.lower = new Map();
      for (const [k, v] of this.entries)
        if (!this.lower.has(k.toLowerCase())) this.lower.set(k.toLowerCase(), v);
    }
    return this.lower.get(name.toLowerCase());
  }

  /** Reads a member; `max` lowers the per-entry cap (for sniffing a prefix). */
  read(name: string, max?: number): Uint8Array {
    const entry = this.find(name);
    if (!entry) throw corrupt(`missing member ${name}`);
    if (entry.encrypted) {
      throw new DistillError(
        'FILE_ENCRYPTED',
        `Unprocessable Entity: the archive member ${name} is encrypted`,
      );
    }
    const b = this.bytes;
    if (entry.offset + L.size > b.length || this.u32(entry.offset) !== SIG_LOC)
      throw corrupt(`bad local header for ${name}`);
    const start =
      entry.offset + L.size + this.u16(entry.offset + L.nameLength) + this.u16(entry.offset + L.extraLength);
    const end = Math.min(b.length, start + entry.compressedSize);
    if (start > b.length) throw corrupt(`member ${name} past the end of the file`);
    const data = b.subarray(start, end);
    const budget = this.limits.maxTotalBytes - this.spent;
    // Past 10 MiB a member may not inflate beyond maxRatio times its compressed size: checking
    // that only afterwards let a 1 KB bomb inflate 256 MiB before it was refused.
    const byRatio = Math.max(RATIO_FREE_BYTES, data.length * this.limits.maxRatio);
    const declared = entry.uncompressedSize;
    if (max === undefined && entry.method === ZIP_LAYOUT.methodDeflate) {
      // A member whose directory entry declares a size past a limit is refused before any of it
      // is inflated (a bomb that says what it is costs nothing)...
      if (declared > Math.min(this.limits.maxEntryBytes, budget, byRatio)) throw this.bomb(name, declared);
    }
    // ...and one that declares less than it holds stops at what it declared, not at the member
    // cap. Members up to DECLARED_SLACK are let through whatever they declare (writers that put 0
    // there exist); past it a member inflating beyond its declaration is refused as a bomb.
    const byDeclared = max === undefined ? Math.max(declared, DECLARED_SLACK) : Number.POSITIVE_INFINITY;
    const cap = Math.min(
      this.limits.maxEntryBytes,
      budget,
      max ?? Number.POSITIVE_INFINITY,
      byRatio,
      byDeclared,
    );
    let out: Uint8Array;
    if (entry.method === ZIP_LAYOUT.methodStored) {
      out = data.length > cap ? data.subarray(0, cap) : data;
      if (max === undefined && data.length > cap) throw this.bomb(name);
    } else if (entry.method === ZIP_LAYOUT.methodDeflate) {
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, cap) });
      } catch (err) {
        if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          if (max !== undefined) return this.inflatePrefix(data, Math.min(max, byRatio));
          throw this.bomb(name);
        }
        // A truncated deflate stream still yields what was decoded before the cut.
        if (max !== undefined) return this.inflatePrefix(data, max);
        throw corrupt(`member ${name} does not inflate: ${(err as Error).message}`);
      }
      if (out.length > RATIO_FREE_BYTES && out.length / Math.max(1, data.length) > this.limits.maxRatio) {
        throw this.bomb(name);
      }
    } else {
      throw corrupt(`member ${name} uses unsupported compression method ${entry.method}`);
    }
    this.spent += out.length;
    return out;
  }

  readText(name: string, max?: number): string {
    return decodeXmlText(this.read(name, max));
  }

  private inflatePrefix(data: Uint8Array, max: number): Uint8Array {
    try {
      return inflateRawSync(data, { maxOutputLength: max, finishFlush: 2 /* Z_SYNC_FLUSH */ });
    } catch {
      return new Uint8Array(0);
    }
  }

  private bomb(name: string, declared?: number): DistillError {
    const what =
      declared === undefined
        ? 'decompresses past the limit'
        : `declares ${declared} bytes uncompressed, past the limit`;
    return new DistillError(
      'DECOMPRESSION_LIMIT',
      `Payload Too Large: the archive member ${name} ${what} (${this.limits.maxEntryBytes} bytes per member, ${this.limits.maxTotalBytes} in all, ratio ${this.limits.maxRatio})`,
    );
  }
}

function latin1(b: Uint8Array): string {
  let s = '';
  for (const c of b) s += String.fromCharCode(c);
  return s;
}

/** Decodes an XML part honouring a UTF-8/UTF-16 BOM (XML parts are UTF-8 unless marked). */
export function decodeXmlText(b: Uint8Array): string {
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff)
    return new TextDecoder('utf-16be').decode(b.subarray(2));
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
    return new TextDecoder().decode(b.subarray(3));
  return new TextDecoder().decode(b);
}

/** Resolves a relative archive path against a base member, refusing escapes from the root. */
export function resolveArchivePath(base: string, relative: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(relative)) return undefined;
  const stack = relative.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const part of relative.split(/[\\/]/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (stack.length === 0) return undefined;
      stack.pop();
    } else stack.push(decodeURIComponentSafe(part));
  }
  return stack.join('/');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
