import type { Box, PageInput, PageLayout } from '../types.js';

/** Why `auto` sends a page to OCR; undefined keeps it on the fast path. */
export type OcrReason = 'no-text' | 'unusable-text' | 'image-page';

/** Below this many characters, text on a page covered by images is a stamp or page number. */
const TINY_TEXT = 120;
/** Share of the page the images must cover for such a page to count as scanned. */
const IMAGE_COVER = 0.6;
/** Share of unusable characters above which the text layer is not worth keeping. */
const BAD_SHARE = 0.25;

/** Characters a text layer yields when its font has no usable Unicode mapping. */
const BAD_CHAR = /[\uFFFD\uE000-\uF8FF\u0000-\u0008\u000B\u000C\u000E-\u001F\u{F0000}-\u{10FFFF}]/gu;

function layoutText(layout: PageLayout): string {
  const parts: string[] = [];
  for (const b of layout.blocks) {
    if (b.kind === 'text') for (const l of b.lines) for (const s of l.spans) parts.push(s.text);
    else if (b.kind === 'table') for (const r of b.rows) for (const c of r) parts.push(c.text);
  }
  return parts.join('');
}

/** Share of the page covered by the union of image boxes (sampled on a grid, boxes overlap). */
export function imageCover(input: Pick<PageInput, 'width' | 'height' | 'images'>): number {
  const { width, height, images } = input;
  if (!images.length || width <= 0 || height <= 0) return 0;
  const N = 40;
  let hit = 0;
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++) {
      const x = ((i + 0.5) / N) * width;
      const y = ((j + 0.5) / N) * height;
      if (images.some((b: Box) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1)) hit++;
    }
  return hit / (N * N);
}

/**
 * The `auto` decision for one page laid out on the fast path: OCR when it has no text, when
 * its text is mostly unmapped glyphs (replacement, private-use or control characters), or when
 * images cover most of it and the text is tiny (a scan with a page number or stamp on top).
 * Pages pdf.js could not read stay as they are: rendering them would fail the same way.
 */
export function ocrReason(layout: PageLayout): OcrReason | undefined {
  if (layout.error) return undefined;
  if (layout.chars === 0) return 'no-text';
  const text = layoutText(layout).replace(/\s+/g, '');
  if (text.length === 0) return 'no-text';
  const bad = text.match(BAD_CHAR)?.length ?? 0;
  if (bad / text.length > BAD_SHARE) return 'unusable-text';
  if ((layout.imageCover ?? 0) >= IMAGE_COVER && text.length < TINY_TEXT) return 'image-page';
  return undefined;
}
