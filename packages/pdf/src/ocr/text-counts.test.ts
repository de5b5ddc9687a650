import { describe, expect, it } from 'vitest';
import type { PageLayout } from '../types.js';
import { textCounts } from './decide.js';

// The counts ocrReason decides on, against what the regular expressions they replaced give:
// the page text joined, `\s` stripped, the unusable class matched by code point.
const BAD = /[\uFFFD\uE000-\uF8FF\u0000-\u0008\u000B\u000C\u000E-\u001F\u{F0000}-\u{10FFFF}]/gu;
const reference = (parts: string[]) => {
  const text = parts.join('').replace(/\s+/g, '');
  return { length: text.length, bad: text.match(BAD)?.length ?? 0 };
};

const layoutOf = (parts: string[]): PageLayout =>
  ({
    pageNumber: 1,
    width: 100,
    height: 100,
    chars: 1,
    blocks: [
      { kind: 'text', lines: [{ spans: parts.slice(0, 2).map((text) => ({ text })) }] },
      { kind: 'table', rows: [parts.slice(2).map((text) => ({ text }))] },
    ],
  }) as unknown as PageLayout;

// Units that sit on every edge of the classes: controls, spaces of every kind, the private-use
// area's ends, surrogates (planes 15–16 are private use) and ordinary text.
const UNITS = [
  0x00, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1f, 0x20, 0x41, 0x7f, 0x85, 0xa0, 0x1680, 0x2000, 0x200a,
  0x200b, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff, 0xdfff, 0xd800, 0xdb7f, 0xdb80, 0xdbff, 0xdc00,
  0xe000, 0xf8ff, 0xf900, 0xfffd, 0xfffe, 0x3b1,
];

describe('textCounts', () => {
  it('counts what stripping whitespace and matching the unusable class by code point counts', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 3000; k++) {
      const parts = Array.from({ length: 4 }, () =>
        String.fromCharCode(...Array.from({ length: rand(6) }, () => UNITS[rand(UNITS.length)] as number)),
      );
      expect(textCounts(layoutOf(parts)), JSON.stringify(parts)).toEqual(reference(parts));
    }
  });

  it('pairs surrogates across whitespace and span joins, as the joined text does', () => {
    expect(textCounts(layoutOf(['\udb80', ' \udc00', '', '']))).toEqual({ length: 2, bad: 1 });
    expect(textCounts(layoutOf(['\ud83d', '\ude00', '', '']))).toEqual({ length: 2, bad: 0 });
    expect(textCounts(layoutOf(['\udbff\udfff x', '\u0007', '\t', '\ufffd']))).toEqual({ length: 5, bad: 3 });
  });
});
