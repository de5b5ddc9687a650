import { ParserRegistry, parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { pdfParser } from './index.js';
import { simplePdf } from './testing/raw-pdf.js';

/**
 * Fuzz finding 3 (issue 23): a PDF page with one 14 MB content stream of 2 million Tj
 * operators gave 1,226 characters and no warning: the reader's operator, text-item and run
 * budgets cut the page silently. The cut is now said in a warning naming the page and budget.
 */
const registry = new ParserRegistry().register(pdfParser);

describe('a content stream of millions of Tj operators (3.2 million, 14 MB)', () => {
  it('is cut to the page budgets with a warning that says so', async () => {
    // Lines of words that stay on the page (every 60 lines the text starts again at the top, a
    // fresh BT), past the reader's operator budget.
    const ops: string[] = [];
    for (let i = 0; i < 3_200_000; i++) {
      if (i % 4800 === 0) ops.push(i === 0 ? 'BT /F1 10 Tf 72 740 Td' : 'ET BT /F1 10 Tf 72 740 Td');
      ops.push(i % 80 === 0 ? `(line${Math.floor(i / 80)}) Tj 0 -12 Td` : '( w) Tj');
    }
    ops.push('ET');
    const stream = ops.join('\n');
    expect(stream.length).toBeGreaterThan(14_000_000);
    const r = await parse(simplePdf([stream]), {}, { filename: 'flood.pdf', registry });
    expect(r.markdown!.length).toBeGreaterThan(1000);
    expect(r.warning).toMatch(/PDF page 1 was read in part: .*cut after/);
  }, 180_000);

  it('an ordinary page has no such warning', async () => {
    const r = await parse(
      simplePdf(['BT /F1 12 Tf 72 700 Td (Hello there) Tj ET']),
      {},
      { filename: 'ok.pdf', registry },
    );
    expect(r.markdown).toContain('Hello there');
    expect(r.warning ?? '').not.toMatch(/was read in part/);
  });
});
