import { deflateRawSync } from 'node:zlib';
import { ZIP_LAYOUT } from '../archive/zip-layout.js';

const { local: L, central: C, end: E } = ZIP_LAYOUT;

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
    const method = compressed ? ZIP_LAYOUT.methodDeflate : ZIP_LAYOUT.methodStored;
    const local = Buffer.alloc(L.size);
    local.writeUInt32LE(L.signature, 0);
    local.writeUInt16LE(20, L.versionNeeded);
    local.writeUInt16LE(ZIP_LAYOUT.flagUtf8, L.flags);
    local.writeUInt16LE(method, L.method);
    local.writeUInt32LE(comp.length, L.compressedSize);
    local.writeUInt32LE(size, L.uncompressedSize);
    local.writeUInt16LE(nameBuf.length, L.nameLength);
    const central = Buffer.alloc(C.size);
    central.writeUInt32LE(C.signature, 0);
    central.writeUInt16LE(20, C.versionMadeBy);
    central.writeUInt16LE(20, C.versionNeeded);
    central.writeUInt16LE(ZIP_LAYOUT.flagUtf8, C.flags);
    central.writeUInt16LE(method, C.method);
    central.writeUInt32LE(comp.length, C.compressedSize);
    central.writeUInt32LE(size, C.uncompressedSize);
    central.writeUInt16LE(nameBuf.length, C.nameLength);
    central.writeUInt32LE(offset, C.localHeaderOffset);
    locals.push(local, nameBuf, comp);
    centrals.push(central, nameBuf);
    offset += L.size + nameBuf.length + comp.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(E.size);
  eocd.writeUInt32LE(E.signature, 0);
  eocd.writeUInt16LE(centrals.length / 2, E.entriesOnDisk);
  eocd.writeUInt16LE(centrals.length / 2, E.entries);
  eocd.writeUInt32LE(cd.length, E.directorySize);
  eocd.writeUInt32LE(offset, E.directoryOffset);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}
