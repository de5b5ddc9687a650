import { describe, expect, it } from 'vitest';
import { simplePdf, textOp } from '../testing/raw-pdf.js';
import { FastPdf } from './index.js';

// /PageLabels number trees written by hand (ISO 32000-1 §12.4.2 and its example).

const pages = (n: number) => Array.from({ length: n }, (_, i) => textOp(72, 700, `Page ${i + 1}`));
const labels = (n: number, tree: string) =>
  new FastPdf(simplePdf(pages(n), { catalog: `/PageLabels ${tree}` })).pageLabels();

describe('PDF page labels', () => {
  it('reads roman front matter, decimal body and a prefixed appendix', () => {
    expect(labels(7, '<< /Nums [0 << /S /r >> 3 << /S /D >> 5 << /S /D /P (A-) >>] >>')).toEqual([
      'i',
      'ii',
      'iii',
      '1',
      '2',
      'A-1',
      'A-2',
    ]);
  });

  it("follows the standard's example: i..iv, 1..n, then A-8 onwards", () => {
    expect(labels(9, '<< /Nums [0 << /S /r >> 4 << /S /D >> 7 << /S /D /P (A-) /St 8 >>] >>')).toEqual([
      'i',
      'ii',
      'iii',
      'iv',
      '1',
      '2',
      '3',
      'A-8',
      'A-9',
    ]);
  });

  it('reads letters, upper-case roman, prefixes alone, and a tree of kids', () => {
    const tree =
      '<< /Kids [<< /Limits [0 1] /Nums [0 << /S /A /St 26 >>] >> << /Limits [2 4] /Nums [2 << /S /R /St 4 >> 4 << /P (Cover) >>] >>] >>';
    expect(labels(5, tree)).toEqual(['Z', 'AA', 'IV', 'V', 'Cover']);
  });

  it('has no labels without the tree, and gives pages before the first range their number', () => {
    expect(new FastPdf(simplePdf(pages(2))).pageLabels()).toBeUndefined();
    expect(labels(3, '<< /Nums [1 << /S /r >>] >>')).toEqual(['1', 'i', 'ii']);
  });

  it('stays small on a hostile start number', () => {
    const big = labels(2, '<< /Nums [0 << /S /r /St 2000000000 >>] >>')!;
    expect(big).toEqual(['2000000000', '2000000001']);
    expect(labels(2, '<< /Nums [0 << /S /a /St 100000 >>] >>')![0].length).toBeLessThanOrEqual(64);
  });
});
