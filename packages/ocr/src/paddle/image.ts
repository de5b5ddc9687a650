/** A greyscale image: one byte per pixel, rows top to bottom. */
export interface Grey {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Reads a binary PGM (P5, 8-bit), the format the PDF renderer hands to OCR. PaddleOCR reads
 * nothing else: PNG and JPEG would need a decoder this package does not carry.
 */
export function readPgm(bytes: Uint8Array): Grey | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(64, bytes.byteLength)).toString('latin1');
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
  if (!m) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  const start = m[0].length;
  if (width < 1 || height < 1 || bytes.byteLength < start + width * height) return undefined;
  return { width, height, pixels: bytes.subarray(start, start + width * height) };
}

/**
 * Bilinear resampling of the region (x0, y0, w, h) of `src` to dw x dh, written into `out`
 * through `put(index, grey)`: the callers normalise while writing, so no intermediate copy.
 */
export function resample(
  src: Grey,
  x0: number,
  y0: number,
  w: number,
  h: number,
  dw: number,
  dh: number,
  put: (i: number, grey: number) => void,
): void {
  const { pixels, width } = src;
  const fx = w / dw;
  const fy = h / dh;
  const xs0 = new Int32Array(dw);
  const xs1 = new Int32Array(dw);
  const wx = new Float32Array(dw);
  for (let x = 0; x < dw; x++) {
    const s = Math.max(0, (x + 0.5) * fx - 0.5);
    const a = Math.min(w - 1, Math.floor(s));
    xs0[x] = x0 + a;
    xs1[x] = x0 + Math.min(w - 1, a + 1);
    wx[x] = s - a;
  }
  for (let y = 0; y < dh; y++) {
    const s = Math.max(0, (y + 0.5) * fy - 0.5);
    const a = Math.min(h - 1, Math.floor(s));
    const wy = s - a;
    const r0 = (y0 + a) * width;
    const r1 = (y0 + Math.min(h - 1, a + 1)) * width;
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const top = pixels[r0 + xs0[x]] * (1 - wx[x]) + pixels[r0 + xs1[x]] * wx[x];
      const bottom = pixels[r1 + xs0[x]] * (1 - wx[x]) + pixels[r1 + xs1[x]] * wx[x];
      put(o + x, top * (1 - wy) + bottom * wy);
    }
  }
}
