import { channels } from '../layout/colours.js';
import type { LayoutBlock } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/**
 * Whether a block is set alone on a filled band (markBands: dark text on a light tint), or its
 * text is set in white or nearly (each channel at least BAND_CHANNEL): text
 * that light cannot be read on the page, so it is printed on a filled band or box (a section
 * title reversed out of a coloured bar). The band sets it apart from what is above and below
 * as a title's spacing would, and pads it in from the column's edge.
 */
export function onBand(b: TextBlock): boolean {
  if (b.band) return true;
  if (b.fill === undefined || b.fill < 0) return false;
  return channels(b.fill).every((v) => v >= BAND_CHANNEL);
}
const BAND_CHANNEL = 0xf0;
