import { describe, expect, it } from 'vitest';
import { cellAgreement, checkVectors, parseCsv, predictedCells } from './office.js';
import { markdownToText, tokens, wordPrf } from './wcxb.js';

describe('wcxb word P/R/F1', () => {
  it('scores text, not link targets, images or Markdown punctuation', () => {
    expect(markdownToText('## Hi [there](https://x.com/a) ![img](a.png) **bold** snake_case').trim()).toMatch(
      /^Hi\s+there\s+bold\s+snake_case$/,
    );
    expect(tokens('Über café, 2024!')).toEqual(['über', 'café', '2024']);
  });
  it('uses bag-of-words overlap', () => {
    const r = wordPrf('the cat the', 'the cat sat');
    expect(r.precision).toBeCloseTo(2 / 3, 12);
    expect(r.recall).toBeCloseTo(2 / 3, 12);
    expect(wordPrf('', 'x')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('office scorers', () => {
  it('checks substring vectors', () => {
    expect(checkVectors('# Abstract\nfoo', ['# Abstract', 'bar'], ['data:image'])).toEqual({
      passed: 2,
      total: 3,
      failed: ['missing: bar'],
    });
  });
  it('parses Excel CSV with quotes and CRLF', () => {
    expect(parseCsv('a,"b,c","d""e"\r\n1,,2\r\n')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['1', '', '2'],
    ]);
  });
  it('matches displayed cell values against output cells', () => {
    expect(predictedCells('| a | b \\| c |\n|---|---|\n| 1 | 2 |')).toEqual(['a', 'b | c', '1', '2']);
    expect(
      cellAgreement('| a | b |\n|---|---|\n| 1 | 9 |', [
        [
          ['a', 'b'],
          ['1', '2'],
        ],
      ]),
    ).toEqual({
      matched: 3,
      expected: 4,
      predicted: 4,
    });
  });
});
