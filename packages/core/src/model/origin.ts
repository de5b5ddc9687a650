import type { Block, ProvOrigin } from './types.js';

/**
 * Stamps where blocks sit, for formats without pages: the slide, sheet (and cell range) or
 * chapter, with its ordinal as the page (the `blocks` output groups by it, chunks report it).
 * A block's own provenance is kept and only completed.
 */
export function withOrigin(blocks: Block[], page: number, origin: ProvOrigin): Block[] {
  return blocks.map((b) => {
    if (b.kind === 'pageBreak') return b;
    const prov = b.prov;
    return {
      ...b,
      prov: { ...prov, page: prov?.page ?? page, origin: { ...origin, ...prov?.origin } },
    } as Block;
  });
}

const SLIDE_MARKER = /^Slide number: (\d+)/;

/**
 * Slides: the slide parsers (pptx, ppt, odp) open each slide with a `Slide number: N` comment;
 * the blocks from one to the next are that slide's.
 */
export function stampSlides(blocks: Block[]): Block[] {
  let slide = 0;
  let out: Block[] | undefined;
  blocks.forEach((b, i) => {
    const m = b.kind === 'comment' ? SLIDE_MARKER.exec(b.text) : null;
    if (m) slide = Number(m[1]);
    if (slide === 0) return;
    out ??= blocks.slice();
    out[i] = withOrigin([b], slide, { slide })[0];
  });
  return out ?? blocks;
}
