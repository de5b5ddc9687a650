import { DistillError } from '../errors/distill-error.js';

/**
 * A reader for the OLE Compound File Binary format (the container of .doc, .xls, .ppt and of
 * encrypted OOXML). Every chain walk is bounded by the sector count, so a FAT loop or a
 * directory cycle ends in FILE_CORRUPT instead of a hang.
 */
export const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export const isCfb = (b: Uint8Array): boolean => b.length >= 8 && CFB_SIGNATURE.every((v, i) => b[i] === v);

export interface CfbEntry {
  /** Path below the root, joined by '/', for example `WordDocument` or `ObjectPool/_1/Ole`. */
  path: string;
  name: string;
  type: 'storage' | 'stream' | 'root';
  start: number;
  size: number;
}

const ENDOFCHAIN = 0xfffffffe;
const FREESECT = 0xffffffff;
const MAX_STREAM_BYTES = 512 * 1024 * 1024;

function corrupt(why: string): DistillError {
  return new DistillError(
    'FILE_CORRUPT',
    `Unprocessable Entity: the compound file is corrupt or truncated (${why})`,
  );
}

export class CfbFile {
  readonly entries: CfbEntry[] = [];
  private readonly view: DataView;
  private readonly sectorSize: number;
  private readonly miniSectorSize: number;
  private readonly miniCutoff: number;
  private readonly fat: Uint32Array;
  private miniFat: Uint32Array = new Uint32Array(0);
  private miniStream: Uint8Array = new Uint8Array(0);

  constructor(private readonly bytes: Uint8Array) {
    if (!isCfb(bytes)) throw corrupt('no compound file signature');
    if (bytes.length < 512) throw corrupt('shorter than its header');
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const shift = this.view.getUint16(0x1e, true);
    if (shift !== 9 && shift !== 12) throw corrupt(`bad sector shift ${shift}`);
    this.sectorSize = 1 << shift;
    const miniShift = this.view.getUint16(0x20, true);
    if (miniShift < 1 || miniShift > shift) throw corrupt(`bad mini sector shift ${miniShift}`);
    this.miniSectorSize = 1 << miniShift;
    this.miniCutoff = this.view.getUint32(0x38, true);
    this.fat = this.readFat();
    this.readDirectory();
  }

  private get sectorCount(): number {
    return Math.max(0, Math.floor((this.bytes.length - this.sectorSize) / this.sectorSize) + 1);
  }

  private sector(id: number): Uint8Array {
    const start = (id + 1) * this.sectorSize;
    if (start >= this.bytes.length) throw corrupt(`sector ${id} past the end of the file`);
    return this.bytes.subarray(start, Math.min(this.bytes.length, start + this.sectorSize));
  }

  private readFat(): Uint32Array {
    const numFat = this.view.getUint32(0x2c, true);
    if (numFat > this.sectorCount + 1) throw corrupt('FAT larger than the file');
    const fatSectors: number[] = [];
    for (let i = 0; i < 109 && fatSectors.length < numFat; i++)
      fatSectors.push(this.view.getUint32(0x4c + i * 4, true));
    let difat = this.view.getUint32(0x44, true);
    const seen = new Set<number>();
    while (fatSectors.length < numFat && difat !== ENDOFCHAIN && difat !== FREESECT) {
      if (seen.has(difat)) throw corrupt('DIFAT loop');
      seen.add(difat);
      const s = this.sector(difat);
      const dv = new DataView(s.buffer, s.byteOffset, s.byteLength);
      // A DIFAT sector cut short by the end of the file holds fewer ids and no next link.
      const per = Math.min(this.sectorSize / 4 - 1, Math.floor(s.byteLength / 4));
      for (let i = 0; i < per && fatSectors.length < numFat; i++) fatSectors.push(dv.getUint32(i * 4, true));
      difat = (per + 1) * 4 <= s.byteLength ? dv.getUint32(per * 4, true) : ENDOFCHAIN;
    }
    const fat = new Uint32Array(fatSectors.length * (this.sectorSize / 4));
    fatSectors.forEach((id, k) => {
      const s = this.sector(id);
      const dv = new DataView(s.buffer, s.byteOffset, s.byteLength);
      // The last FAT sector may end inside the file's final bytes: read whole entries only
      // (the missing ones stay 0 and lead nowhere past the end, which the chain walk catches).
      const whole = Math.floor(s.byteLength / 4);
      for (let i = 0; i < whole; i++) fat[k * (this.sectorSize / 4) + i] = dv.getUint32(i * 4, true);
    });
    return fat;
  }

  /** Follows a chain in `table` from `start`; a loop or an out-of-range link is corrupt. */
  private chain(table: Uint32Array, start: number, limit: number): number[] {
    const out: number[] = [];
    let id = start;
    while (id !== ENDOFCHAIN && id !== FREESECT) {
      if (id >= table.length || out.length > limit) throw corrupt('sector chain loops or leaves the table');
      out.push(id);
      id = table[id];
    }
    return out;
  }

  private readChain(start: number, size?: number): Uint8Array {
    const ids = this.chain(this.fat, start, this.sectorCount);
    const total = Math.min(
      size ?? ids.length * this.sectorSize,
      ids.length * this.sectorSize,
      MAX_STREAM_BYTES,
    );
    const out = new Uint8Array(total);
    let p = 0;
    for (const id of ids) {
      if (p >= total) break;
      const s = this.sector(id);
      const n = Math.min(s.length, total - p);
      out.set(s.subarray(0, n), p);
      p += n;
    }
    return p < total ? out.subarray(0, p) : out;
  }

  private readDirectory(): void {
    const dir = this.readChain(this.view.getUint32(0x30, true));
    const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
    const count = Math.floor(dir.length / 128);
    type Raw = {
      name: string;
      type: number;
      left: number;
      right: number;
      child: number;
      start: number;
      size: number;
    };
    const raw: Raw[] = [];
    for (let i = 0; i < count; i++) {
      const o = i * 128;
      const nameLen = Math.min(64, dv.getUint16(o + 64, true));
      let name = '';
      for (let k = 0; k + 1 < nameLen - 1; k += 2) name += String.fromCharCode(dv.getUint16(o + k, true));
      const lo = dv.getUint32(o + 120, true);
      const hi = dv.getUint32(o + 124, true);
      raw.push({
        name,
        type: dv.getUint8(o + 66),
        left: dv.getUint32(o + 68, true),
        right: dv.getUint32(o + 72, true),
        child: dv.getUint32(o + 76, true),
        start: dv.getUint32(o + 116, true),
        size: this.sectorSize === 512 ? lo : lo + hi * 2 ** 32,
      });
    }
    if (raw.length === 0 || raw[0].type !== 5) throw corrupt('no root entry');
    const root = raw[0];
    if (root.size > 0 && root.start !== ENDOFCHAIN) {
      this.miniStream = this.readChain(root.start, root.size);
      const miniFatStart = this.view.getUint32(0x3c, true);
      if (miniFatStart !== ENDOFCHAIN && miniFatStart !== FREESECT) {
        const mf = this.readChain(miniFatStart);
        const mdv = new DataView(mf.buffer, mf.byteOffset, mf.byteLength);
        this.miniFat = new Uint32Array(Math.floor(mf.length / 4));
        for (let i = 0; i < this.miniFat.length; i++) this.miniFat[i] = mdv.getUint32(i * 4, true);
      }
    }
    this.entries.push({ path: '', name: root.name, type: 'root', start: root.start, size: root.size });
    const visited = new Set<number>([0]);
    const walk = (id: number, prefix: string, depth: number) => {
      // The siblings form a tree; walk it with an explicit stack so no input can overflow ours.
      const stack = [id];
      while (stack.length > 0) {
        const cur = stack.pop()!;
        if (cur === FREESECT || cur >= raw.length) continue;
        if (visited.has(cur)) throw corrupt('directory cycle');
        visited.add(cur);
        const r = raw[cur];
        stack.push(r.left, r.right);
        if (r.type !== 1 && r.type !== 2) continue;
        const path = prefix ? `${prefix}/${r.name}` : r.name;
        this.entries.push({
          path,
          name: r.name,
          type: r.type === 1 ? 'storage' : 'stream',
          start: r.start,
          size: r.size,
        });
        if (r.type === 1 && depth < 32) walk(r.child, path, depth + 1);
      }
    };
    walk(root.child, '', 0);
  }

  has(path: string): boolean {
    return this.find(path) !== undefined;
  }

  /** Finds an entry by path, ignoring case as the format does. */
  find(path: string): CfbEntry | undefined {
    const lower = path.toLowerCase();
    return this.entries.find((e) => e.path.toLowerCase() === lower);
  }

  streamNames(): string[] {
    return this.entries.filter((e) => e.type === 'stream').map((e) => e.path);
  }

  read(path: string): Uint8Array {
    const e = this.find(path);
    if (!e || e.type !== 'stream') throw corrupt(`missing stream ${path}`);
    if (e.size > MAX_STREAM_BYTES) throw corrupt(`stream ${path} declares ${e.size} bytes`);
    if (e.size < this.miniCutoff) {
      const ids = this.chain(this.miniFat, e.start, this.miniFat.length);
      const out = new Uint8Array(e.size);
      let p = 0;
      for (const id of ids) {
        if (p >= e.size) break;
        const start = id * this.miniSectorSize;
        const n = Math.min(this.miniSectorSize, e.size - p);
        if (start + n > this.miniStream.length) throw corrupt(`mini sector ${id} out of range`);
        out.set(this.miniStream.subarray(start, start + n), p);
        p += n;
      }
      if (p < e.size) throw corrupt(`stream ${path} is truncated`);
      return out;
    }
    const out = this.readChain(e.start, e.size);
    if (out.length < e.size) throw corrupt(`stream ${path} is truncated`);
    return out;
  }
}
