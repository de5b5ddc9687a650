/** A grey PGM's header: `P5 width height 255` and the single whitespace that ends it. */
const PGM_HEADER = /^P5\s+(\d+)\s+(\d+)\s+255\s/;

/** Width, height and pixel offset of an 8-bit grey PGM; undefined for anything else. */
export function pgmSize(image: Uint8Array): { width: number; height: number; offset: number } | undefined {
  const head = Buffer.from(image.buffer, image.byteOffset, Math.min(64, image.byteLength)).toString('latin1');
  const m = PGM_HEADER.exec(head);
  if (!m) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (image.byteLength - m[0].length < width * height) return undefined;
  return { width, height, offset: m[0].length };
}

/**
 * A PGM turned by `radians` (clockwise positive, image y pointing down) about its centre, in a
 * frame of the same size, the corners brought in white: what tesseract.js's `rotateRadians`
 * does before reading (leptonica's pixRotate without embedding), so the words come back in
 * the same frame from either engine. Bilinear; undefined when the image is not an 8-bit PGM.
 */
export function rotatePgm(image: Uint8Array, radians: number): Uint8Array | undefined {
  const size = pgmSize(image);
  if (!size) return undefined;
  const { width: w, height: h, offset } = size;
  const out = new Uint8Array(offset + w * h);
  out.set(image.subarray(0, offset));
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const px = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 255 : image[offset + y * w + x]);
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      // The source pixel that lands here: the inverse turn.
      const sx = cx + dx * c + dy * s;
      const sy = cy - dx * s + dy * c;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = px(x0, y0) * (1 - fx) + px(x0 + 1, y0) * fx;
      const bottom = px(x0, y0 + 1) * (1 - fx) + px(x0 + 1, y0 + 1) * fx;
      out[offset + y * w + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return out;
}
