import { isSpaceCode } from '../layout/lines.js';
import type { Box, PageInput, PageLayout } from '../types.js';

/** Why `auto` sends a page to OCR; undefined keeps it on the fast path. */
export type OcrReason = 'no-text' | 'unusable-text' | 'image-page' | 'text-not-on-ink';

/** Below this many characters, text on a page covered by images is a stamp or page number. */
const TINY_TEXT = 120;
/** Share of the page the images must cover for such a page to count as scanned. */
const IMAGE_COVER = 0.6;
/** Share of unusable characters above which the text layer is not worth keeping. */
const BAD_SHARE = 0.25;

/**
 * Characters a text layer yields when its font has no usable Unicode mapping: U+FFFD, the
 * private-use areas (U+E000–U+F8FF, planes 15–16) and control characters other than tab,
 * line feed and carriage return.
 */
const isBadUnit = (c: number): boolean =>
  c === 0xfffd ||
  (c >= 0xe000 && c <= 0xf8ff) ||
  c <= 0x08 ||
  c === 0x0b ||
  c === 0x0c ||
  (c >= 0x0e && c <= 0x1f);

/**
 * The page text's length without whitespace (UTF-16 units) and its unusable characters, counted
 * in one pass over the spans: what stripping `\s` and matching the class above by code point
 * would count, without building the page's text twice (every page of `auto` and `fast` asks).
 * Surrogates pair across the stripped whitespace and the spans' joins, as in the joined text.
 */
export function textCounts(layout: PageLayout): { length: number; bad: number } {
  let length = 0;
  let bad = 0;
  let high = 0; // a high surrogate waiting for its pair, or 0
  const unit = (c: number) => {
    if (isSpaceCode(c)) return;
    length++;
    if (high) {
      const paired = c >= 0xdc00 && c <= 0xdfff;
      // Planes 15–16 (private use) are the pairs whose high surrogate is U+DB80 or above.
      if (paired && high >= 0xdb80) bad++;
      high = 0;
      if (paired) return;
    }
    if (c >= 0xd800 && c <= 0xdbff) high = c;
    else if (isBadUnit(c)) bad++;
  };
  const text = (s: string) => {
    for (let i = 0; i < s.length; i++) unit(s.charCodeAt(i));
  };
  for (const b of layout.blocks) {
    if (b.kind === 'text') for (const l of b.lines) for (const s of l.spans) text(s.text);
    else if (b.kind === 'table') for (const r of b.rows) for (const c of r) text(c.text);
  }
  return { length, bad };
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
  const { length, bad } = textCounts(layout);
  if (length === 0) return 'no-text';
  if (bad / length > BAD_SHARE) return 'unusable-text';
  if ((layout.imageCover ?? 0) >= IMAGE_COVER && length < TINY_TEXT) return 'image-page';
  return undefined;
}

/** What `auto` would have read by OCR, said in words for a page that fast mode leaves empty. */
const REASON_WORDS: Record<Exclude<OcrReason, 'text-not-on-ink'>, string> = {
  'no-text': 'no text layer',
  'unusable-text': 'text in fonts with no usable Unicode mapping',
  'image-page': 'a scanned image with at most a stamp of text',
};

/**
 * The warning for pages fast mode reads nothing usable from (a scan, unmapped fonts): fast mode
 * never runs OCR, so without it the Markdown would be empty or garbled with no word of why.
 */
export function fastModeNote(layouts: readonly PageLayout[]): string | undefined {
  const byReason = new Map<string, number[]>();
  for (const l of layouts) {
    const why = ocrReason(l);
    if (!why || why === 'text-not-on-ink') continue;
    const words = REASON_WORDS[why];
    byReason.set(words, [...(byReason.get(words) ?? []), l.pageNumber]);
  }
  if (byReason.size === 0) return undefined;
  const parts = [...byReason].map(
    ([words, pages]) => `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}: ${words}`,
  );
  return `PDF ${parts.join('; ')}. Fast mode reads embedded text only; \`auto\` or \`ocr\` mode would read ${
    byReason.size === 1 && [...byReason.values()][0]?.length === 1 ? 'it' : 'them'
  } with OCR.`;
}

/** Share of the page images must cover before its text layer is checked against its ink. */
const INK_CHECK_COVER = 0.5;

/** Share of a page's text that must be invisible (Tr 3/7) before its ink is checked. */
const INK_CHECK_INVISIBLE = 0.5;

/**
 * Pages whose text layer may not be what the page shows: images cover most of the page (a
 * scan with a text layer over it), the text is more than a stamp and, where the reader can
 * tell, mostly drawn invisibly. Visible text inks its own box, so checking it would only cost
 * a rendering. Their text is checked against the rendered page (`textOnInk`); other pages
 * never pay for a rendering.
 */
export function inkCheckWanted(layout: PageLayout): boolean {
  if (layout.error || layout.chars === 0 || (layout.imageCover ?? 0) < INK_CHECK_COVER) return false;
  return layout.invisibleTextShare === undefined || layout.invisibleTextShare >= INK_CHECK_INVISIBLE;
}

/** A line box with this share of its pixels off its own background has print in it. */
const LINE_INK = 0.03;
/** Text this much of which lies where the page shows nothing is not the page's text. */
const MIN_TEXT_ON_INK = 0.5;

/**
 * Share of a page's text (by characters) whose line boxes hold ink in the page's rendering
 * (grey, one byte a pixel after `offset`, `scale` pixels a point). Visible text inks its own
 * box; a text layer over a scan sits on the scan's print. Text over blank paper or blank
 * image areas is invisible and not what the page shows: an invisible layer that does not
 * match its scan, or hidden text.
 */
export function textOnInk(
  layout: PageLayout,
  image: Uint8Array,
  offset: number,
  widthPx: number,
  heightPx: number,
  scale: number,
): number {
  let on = 0;
  let total = 0;
  const hist = new Uint32Array(256);
  for (const b of layout.blocks) {
    if (b.kind !== 'text') continue;
    for (const l of b.lines) {
      const n = l.spans.reduce((s, x) => s + x.text.replace(/\s+/g, '').length, 0);
      if (n === 0) continue;
      const x0 = Math.max(0, Math.floor(l.box.x0 * scale));
      const y0 = Math.max(0, Math.floor(l.box.y0 * scale));
      const x1 = Math.min(widthPx, Math.ceil(l.box.x1 * scale));
      const y1 = Math.min(heightPx, Math.ceil(l.box.y1 * scale));
      total += n;
      if (x1 <= x0 || y1 <= y0) continue;
      hist.fill(0);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[image[offset + y * widthPx + x]]++;
      let bg = 0;
      for (let g = 1; g < 256; g++) if (hist[g] > hist[bg]) bg = g;
      let ink = 0;
      for (let g = 0; g < 256; g++) if (Math.abs(g - bg) > 48) ink += hist[g];
      if (ink >= LINE_INK * (x1 - x0) * (y1 - y0)) on += n;
    }
  }
  return total ? on / total : 1;
}

/** Whether a checked page's text is too little on its ink to keep. */
export function textMissesInk(share: number): boolean {
  return share < MIN_TEXT_ON_INK;
}
