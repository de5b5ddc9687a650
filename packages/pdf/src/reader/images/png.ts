import { deflateSync } from 'node:zlib';

/** CRC-32 (ISO 3309) table, as PNG chunks need it. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const p of parts) for (let i = 0; i < p.length; i++) c = CRC_TABLE[(c ^ p[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const name = Buffer.from(type, 'latin1');
  out.set(name, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32([name, data]));
  return out;
}

/** PNG colour types by channel count: grey, grey + alpha, RGB, RGBA. */
const COLOR_TYPE: Record<number, number> = { 1: 0, 2: 4, 3: 2, 4: 6 };

/**
 * A PNG of 8-bit samples, `channels` per pixel (1 grey, 2 grey + alpha, 3 RGB, 4 RGBA), rows
 * top to bottom. Each row gets the Up filter when it compresses better than none would (a
 * cheap guess: the sum of absolute differences), which is what most photos and scans want.
 * Deterministic: the same pixels give the same bytes.
 */
export function encodePng(
  width: number,
  height: number,
  channels: 1 | 2 | 3 | 4,
  pixels: Uint8Array,
): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const at = y * (stride + 1);
    let plain = 0;
    let up = 0;
    if (y > 0) {
      const prev = pixels.subarray((y - 1) * stride, y * stride);
      for (let i = 0; i < stride; i++) {
        plain += row[i] < 128 ? row[i] : 256 - row[i];
        const d = (row[i] - prev[i]) & 0xff;
        up += d < 128 ? d : 256 - d;
      }
    }
    if (y > 0 && up < plain) {
      raw[at] = 2;
      const prev = pixels.subarray((y - 1) * stride, y * stride);
      for (let i = 0; i < stride; i++) raw[at + 1 + i] = (row[i] - prev[i]) & 0xff;
    } else {
      raw[at] = 0;
      raw.set(row, at + 1);
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = COLOR_TYPE[channels];
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  return new Uint8Array(Buffer.concat(parts));
}
