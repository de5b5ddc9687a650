import { open } from 'node:fs/promises';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Reads the pixel size from the first bytes of PNG, GIF, JPEG, WebP, BMP and SVG files, so image
 * results of the local index carry dimensions (and `imagesize:` / `larger:` can work) without
 * an image library.
 */
export function imageSizeOf(b: Uint8Array): ImageSize | undefined {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
  if (b.length >= 24 && b[0] === 0x89 && ascii(1, 3) === 'PNG') {
    return { width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (b.length >= 10 && ascii(0, 4) === 'GIF8') {
    return { width: dv.getUint16(6, true), height: dv.getUint16(8, true) };
  }
  if (b.length >= 26 && ascii(0, 2) === 'BM') {
    return { width: Math.abs(dv.getInt32(18, true)), height: Math.abs(dv.getInt32(22, true)) };
  }
  if (b.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const kind = ascii(12, 4);
    if (kind === 'VP8 ')
      return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
    if (kind === 'VP8L') {
      const bits = dv.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (kind === 'VP8X') {
      const w = 1 + (b[24] | (b[25] << 8) | (b[26] << 16));
      const h = 1 + (b[27] | (b[28] << 8) | (b[29] << 16));
      return { width: w, height: h };
    }
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1];
      const len = dv.getUint16(i + 2);
      // Start-of-frame markers (baseline, progressive, …) hold the size; DHT/JPG/DAC do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: dv.getUint16(i + 5), width: dv.getUint16(i + 7) };
      }
      i += 2 + len;
    }
    return undefined;
  }
  const head = new TextDecoder().decode(b.subarray(0, 2048));
  const svg = /<svg\b[^>]*>/i.exec(head);
  if (svg) {
    const w = /\bwidth\s*=\s*["']?(\d+(?:\.\d+)?)(px)?["'\s>]/i.exec(svg[0]);
    const h = /\bheight\s*=\s*["']?(\d+(?:\.\d+)?)(px)?["'\s>]/i.exec(svg[0]);
    if (w && h) return { width: Math.round(Number(w[1])), height: Math.round(Number(h[1])) };
    const vb = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)/i.exec(
      svg[0],
    );
    if (vb) return { width: Math.round(Number(vb[1])), height: Math.round(Number(vb[2])) };
  }
  return undefined;
}

/** Reads at most 64 KiB of the file: enough for every header above, including JPEG's usual EXIF block. */
export async function imageSizeOfFile(path: string): Promise<ImageSize | undefined> {
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    fh = await open(path, 'r');
    const buf = new Uint8Array(65536);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return imageSizeOf(buf.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await fh?.close();
  }
}
