/** Hostile variants of a compound file, for tests: truncated, and with a FAT loop. */
const u32 = (b: Uint8Array, o: number) => new DataView(b.buffer, b.byteOffset).getUint32(o, true);

export function truncated(cfb: Uint8Array, keep: number): Uint8Array {
  return cfb.slice(0, keep);
}

/** Makes the directory's first sector point back to itself in the FAT. */
export function withFatLoop(cfb: Uint8Array): Uint8Array {
  const b = cfb.slice();
  const sectorSize = 1 << new DataView(b.buffer).getUint16(0x1e, true);
  const dirStart = u32(b, 0x30);
  const perSector = sectorSize / 4;
  const fatSector = u32(b, 0x4c + Math.floor(dirStart / perSector) * 4);
  new DataView(b.buffer).setUint32((fatSector + 1) * sectorSize + (dirStart % perSector) * 4, dirStart, true);
  return b;
}

/** Makes the first FAT-chained stream loop: every FAT entry points to the first sector. */
export function withStreamLoop(cfb: Uint8Array): Uint8Array {
  const b = cfb.slice();
  const dv = new DataView(b.buffer);
  const sectorSize = 1 << dv.getUint16(0x1e, true);
  const fatSector = u32(b, 0x4c);
  const base = (fatSector + 1) * sectorSize;
  for (let i = 0; i < sectorSize / 4; i++) {
    const v = dv.getUint32(base + i * 4, true);
    if (v < 0xfffffffa && v > i) dv.setUint32(base + i * 4, i, true);
  }
  return b;
}
