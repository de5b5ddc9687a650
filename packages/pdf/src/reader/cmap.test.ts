import { describe, expect, it } from 'vitest';
import { parseCMap } from './cmap.js';

const parse = (text: string) => parseCMap(new TextEncoder().encode(text));

describe('parseCMap', () => {
  // Plain hex codes are read as numbers (Lexer.hexCode); every other spelling goes through the
  // generic tokens. Both must give the same entries.
  it('reads bfchar codes and texts in every spelling: plain, spaced, odd, literal, surrogates, sequences', () => {
    const cmap = parse(
      [
        '2 begincodespacerange <00> <FF> <0000> <FFFF> endcodespacerange',
        '8 beginbfchar',
        '<41> <0061>',
        '<0 042> <00 62>',
        '<043> <063>',
        '(D) (\\000d)',
        '<45> <D835DC00>',
        '<46> <00660069>',
        '<47> <20AC>',
        '<0000000048> <0068>',
        'endbfchar',
      ].join('\n'),
    );
    expect(cmap.codespace[0]).toEqual([0, 0xff]);
    expect(cmap.codespace[1]).toEqual([0, 0xffff]);
    expect(cmap.unicode.get(0x41)).toBe('a');
    expect(cmap.unicode.get(0x42)).toBe('b');
    // An odd count of digits is padded at the end (<043> is 04 30), then the text in front.
    expect(cmap.unicode.get(0x0430)).toBe('\u0630');
    expect(cmap.unicode.get(0x44)).toBe('d');
    expect(cmap.unicode.get(0x45)).toBe('𝐀');
    expect(cmap.unicode.get(0x46)).toBe('fi');
    expect(cmap.unicode.get(0x47)).toBe('€');
    // Nine digits are no plain code: read as bytes (00 00 00 00 48 → 0x48 too).
    expect(cmap.unicode.get(0x48)).toBe('h');
    expect(cmap.unicode.size).toBe(8);
  });

  it('reads bfranges with a start text (carried over a byte), with an array, and with literal ends', () => {
    const cmap = parse(
      [
        '3 beginbfrange',
        '<0010> <0012> <00FE>',
        '<20> <22> [<0078> (y) <D835 DC01>]',
        '(0) (1) <0030>',
        'endbfrange',
        '1 beginbfrange <0100> <0101> <0041> endbfrange',
      ].join('\n'),
    );
    expect(cmap.unicode.get(0x10)).toBe('\u00fe');
    expect(cmap.unicode.get(0x11)).toBe('\u00ff');
    expect(cmap.unicode.get(0x12)).toBe('\u0100');
    expect(cmap.unicode.get(0x20)).toBe('x');
    expect(cmap.unicode.get(0x21)).toBe('y');
    expect(cmap.unicode.get(0x22)).toBe('𝐁');
    expect(cmap.unicode.get(0x30)).toBe('0');
    expect(cmap.unicode.get(0x31)).toBe('1');
    expect(cmap.unicode.get(0x100)).toBe('A');
    expect(cmap.unicode.get(0x101)).toBe('B');
    expect(cmap.unicode.size).toBe(10);
  });
});
