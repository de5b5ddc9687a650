import { deflateRawSync } from 'node:zlib';

/** Content already deflated, with the uncompressed size to declare (for zip bombs). */
export interface PreDeflated {
  deflated: Uint8Array;
  size: number;
}
export type ZipMemberContent = string | Uint8Array | PreDeflated;

/**
 * Writes a minimal ZIP (stored or deflated members; no CRCs, which our reader does not check),
 * for tests and fixtures that build archives, hostile ones included. Members are given as a
 * record or as [name, content] pairs (pairs allow duplicate names).
 */
export function makeZip(
  members: Record<string, ZipMemberContent> | [string, ZipMemberContent][],
  deflate = true,
): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Array.isArray(members) ? members : Object.entries(members)) {
    const pre = typeof content === 'object' && 'deflated' in content ? content : undefined;
    const data = pre
      ? undefined
      : typeof content === 'string'
        ? Buffer.from(content)
        : Buffer.from(content as Uint8Array);
    const compressed = pre !== undefined || deflate;
    const comp = pre ? Buffer.from(pre.deflated) : deflate ? deflateRawSync(data!) : data!;
    const size = pre ? pre.size : data!.length;
    const nameBuf = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(compressed ? 8 : 0, 8);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(compressed ? 8 : 0, 10);
    central.writeUInt32LE(comp.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, comp);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + comp.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(centrals.length / 2, 8);
  eocd.writeUInt16LE(centrals.length / 2, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}
