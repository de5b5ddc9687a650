import { describe, expect, it } from 'vitest';
import { parseHocr } from './hocr.js';
import { rotatePgm } from './rotate.js';

// Captured from Debian's tesseract 5.3.0 (`tesseract stdin stdout --psm 3 --dpi 150 -c
// tessedit_create_hocr=1`, the fast English data) on the top of fixtures/example/field-notes.pdf
// at 150 dpi; the second line's class changed to ocr_header and one word to carry an entity, as
// tesseract writes headings and escapes text.
const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
 <body>
  <div class='ocr_page' id='page_1' title='image "stdin"; bbox 0 0 1275 450; ppageno 0; scan_res 150 150'>
   <div class='ocr_carea' id='block_1_1' title="bbox 479 222 795 261">
    <p class='ocr_par' id='par_1_1' lang='eng' title="bbox 479 222 795 261">
     <span class='ocr_line' id='line_1_1' title="bbox 479 222 795 261; baseline 0.003 -1; x_size 43.403507; x_descenders 5.4035087; x_ascenders 10">
      <span class='ocrx_word' id='word_1_1' title='bbox 479 222 616 261; x_wconf 95'>Field</span>
      <span class='ocrx_word' id='word_1_2' title='bbox 637 224 795 261; x_wconf 96'>Notes</span>
     </span>
    </p>
   </div>
   <div class='ocr_carea' id='block_1_2' title="bbox 189 397 1050 436">
    <p class='ocr_par' id='par_1_2' lang='eng' title="bbox 189 397 1050 436">
     <span class='ocr_header' id='line_1_2' title="bbox 189 397 1050 436; baseline 0 0; x_size 44.403507; x_descenders 5.4035087; x_ascenders 11">
      <span class='ocrx_word' id='word_1_3' title='bbox 189 397 326 436; x_wconf 95'>Field</span>
      <span class='ocrx_word' id='word_1_4' title='bbox 347 399 505 436; x_wconf 96'>Notes</span>
      <span class='ocrx_word' id='word_1_5' title='bbox 526 408 593 436; x_wconf 96'>&amp;</span>
      <span class='ocrx_word' id='word_1_6' title='bbox 613 397 818 436; x_wconf 95'>Coastal</span>
      <span class='ocrx_word' id='word_1_7' title='bbox 839 397 1050 436; x_wconf 61'>&#39;Erosion&quot;</span>
     </span>
    </p>
   </div>
  </div>
 </body>
</html>
`;

describe('parseHocr', () => {
  const r = parseHocr(SAMPLE);
  const lines = (r.data.blocks ?? []).flatMap((b) => b.paragraphs?.flatMap((p) => p.lines ?? []) ?? []);

  it('gives a block per content area, and lines of every line class with their words in order', () => {
    expect(r.data.blocks).toHaveLength(2);
    expect(lines.map((l) => l.words?.map((w) => w.text))).toEqual([
      ['Field', 'Notes'],
      ['Field', 'Notes', '&', 'Coastal', `'Erosion"`],
    ]);
    expect(r.data.text).toBe(`Field Notes\nField Notes & Coastal 'Erosion"`);
  });

  it('reads word boxes and confidences as tesseract.js gives them', () => {
    expect(lines[0].words?.[1]).toEqual({
      text: 'Notes',
      confidence: 96,
      bbox: { x0: 637, y0: 224, x1: 795, y1: 261 },
    });
    expect(lines[1].words?.[4].confidence).toBe(61);
  });

  it('turns the baseline (slope, offset from the box bottom left) into end points, and x_size into the row height', () => {
    expect(lines[0].bbox).toEqual({ x0: 479, y0: 222, x1: 795, y1: 261 });
    expect(lines[0].baseline?.x0).toBe(479);
    expect(lines[0].baseline?.y0).toBeCloseTo(260, 6);
    expect(lines[0].baseline?.x1).toBe(795);
    expect(lines[0].baseline?.y1).toBeCloseTo(260 + 0.003 * 316, 6);
    expect(lines[0].rowAttributes?.rowHeight).toBeCloseTo(43.403507, 6);
    expect(lines[1].baseline).toEqual({ x0: 189, y0: 436, x1: 1050, y1: 436 });
  });

  it('reads an empty page as no blocks', () => {
    expect(
      parseHocr("<body><div class='ocr_page' id='page_1' title='bbox 0 0 10 10'></div></body>").data,
    ).toEqual({
      blocks: [],
      text: '',
    });
  });
});

describe('rotatePgm', () => {
  const pgm = (w: number, h: number, px: number[]) =>
    new Uint8Array([...Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1'), ...px]);

  it('turns clockwise about the centre in a frame of the same size, bringing in white', () => {
    // A dark pixel right of the centre of a 3x3 image goes below it after a quarter turn clockwise.
    const turned = rotatePgm(pgm(3, 3, [255, 255, 255, 255, 255, 0, 255, 255, 255]), Math.PI / 2);
    expect([...(turned ?? []).slice(-9)]).toEqual([255, 255, 255, 255, 255, 255, 255, 0, 255]);
    // Not a PGM: nothing is turned (the pool then keeps the correction in the geometry).
    expect(rotatePgm(new Uint8Array([1, 2, 3]), 0.1)).toBeUndefined();
  });
});
