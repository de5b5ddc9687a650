import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdfjs.js';
import { FastPdf } from '../reader/index.js';
import { simplePdf } from '../testing/raw-pdf.js';
import type { FilledBox } from '../types.js';
import { extractPage } from './page.js';

// The fill colour of filled rectangles (FilledBox.fill), read by both readers: a tint band is
// told from the page's own colour and from its text by it (layout/tint-bands.ts).

/** Rectangles 40 points apart down the page, each filled after the operators given for it. */
const page = (fills: string[]) =>
  `q\n${fills.map((op, i) => `${op} 50 ${700 - 40 * i} 200 30 re f\n`).join('')}Q\n`;

const byTop = (rects: FilledBox[]) => [...rects].sort((a, b) => a.y0 - b.y0).map((r) => r.fill);

async function viaPdfjs(bytes: Uint8Array): Promise<FilledBox[]> {
  const doc = await openPdf(bytes);
  try {
    return (await extractPage(await doc.getPage(1), 1)).rects;
  } finally {
    await doc.destroy();
  }
}

describe('fill colours of filled rectangles', () => {
  it('reads gray, RGB and device spaces set by cs, through save and restore, in both readers', async () => {
    const bytes = simplePdf([
      page([
        '0.9 g',
        'q 1 0 0 rg',
        // Restored to the gray of the first (the fill is graphics state).
        'Q',
        '/DeviceRGB cs 0.2 0.4 0.6 sc',
        '1 g',
      ]),
    ]);
    const expected = [0xe6e6e6, 0xff0000, 0xe6e6e6, 0x336699, 0xffffff];
    expect(byTop(new FastPdf(bytes).page(1).rects)).toEqual(expected);
    expect(byTop(await viaPdfjs(bytes))).toEqual(expected);
  });

  it('gives CMYK and ICC-based fills a colour, and a spot colour or a pattern none (-1)', () => {
    const bytes = simplePdf(
      [
        page([
          '0 0 0 0.1 k',
          '/Spot cs 0.5 scn',
          '/Icc cs 0.2 0.4 0.6 scn',
          '/Pattern cs /P0 scn',
          // After a spot colour, rg sets a device space again.
          '/Spot cs 1 scn 0 0 1 rg',
        ]),
      ],
      {
        resources: '/ColorSpace << /Spot [/Separation /Brand /DeviceCMYK 6 0 R] /Icc [/ICCBased 7 0 R] >>',
        extra: [
          '<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0.5 0 0] /N 1 >>',
          { dict: '<< /N 3 >>', stream: '' },
        ],
      },
    );
    expect(byTop(new FastPdf(bytes).page(1).rects)).toEqual([0xe6e6e6, -1, 0x336699, -1, 0x0000ff]);
  });
});
