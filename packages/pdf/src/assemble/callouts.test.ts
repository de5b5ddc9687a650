import { describe, expect, it } from 'vitest';
import type { LayoutBlock, PageLayout, Tint } from '../types.js';
import { calloutTintsOf, withdrawCalloutBands } from './callouts.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

const CALLOUT: Tint = { fill: 0xe6eef5, inset: 7.7, pad: 7 };
const TITLE_BAND: Tint = { fill: 0xe6eef5, inset: 4.4, pad: 4 };

function block(text: string, lines: number, tint: Tint, size = 11, bold = false): TextBlock {
  const box = { x0: 72, y0: 100, x1: 500, y1: 100 + 14 * lines };
  return {
    kind: 'text',
    lines: Array.from({ length: lines }, () => ({ spans: [{ text }], box, size })),
    box,
    size,
    bold,
    tint,
    ...(lines <= 2 ? { band: true } : {}),
  };
}

const pageOf = (blocks: LayoutBlock[]): PageLayout => ({
  pageNumber: 1,
  width: 612,
  height: 792,
  blocks,
  chars: 1,
});

describe('call-out boxes', () => {
  it('learns a box from text that is no title (three lines, or closed like a sentence)', () => {
    const pages = [
      pageOf([
        block('The work is done by day, and no house is without water', 3, CALLOUT),
        block('Repairs to the mains', 1, TITLE_BAND),
      ]),
    ];
    expect(calloutTintsOf(pages)).toEqual([CALLOUT]);
  });

  it('withdraws the band of a line of the body’s size and weight in that box, and of no other', () => {
    const oneLine = block('Returns can be left in the box by the door', 1, { ...CALLOUT, pad: 7.5 });
    const title = block('Repairs to the mains', 1, TITLE_BAND);
    const larger = block('Returns can be left in the box by the door', 1, CALLOUT, 11.55);
    const bold = block('Returns can be left in the box by the door', 1, CALLOUT, 11, true);
    withdrawCalloutBands([pageOf([oneLine, title, larger, bold])], 11, [CALLOUT]);
    expect([oneLine.band, title.band, larger.band, bold.band]).toEqual([false, true, true, true]);
  });
});
