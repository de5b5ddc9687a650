import { codepageDecoder } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { markdownOf } from '../../test/legacy-support.js';
import { rtfParser } from './parser.js';

const md = (rtf: string) => markdownOf([rtfParser], new TextEncoder().encode(rtf), 'x.rtf');
/** `\'hh` escapes for raw bytes, as an RTF writer stores text outside ASCII. */
const hex = (bytes: number[]) => bytes.map((b) => `\\'${b.toString(16).padStart(2, '0')}`).join('');

/**
 * Real bytes in each code page, with the text the code page's published table gives them
 * (Microsoft's and the Unicode Consortium's mapping files), so the test does not check
 * iconv-lite against itself.
 */
const CASES: [cp: number, bytes: number[], text: string][] = [
  [437, [0x63, 0x61, 0x66, 0x82, 0x20, 0xe1, 0x20, 0x9b, 0x20, 0xb0], 'café ß ¢ ░'],
  [850, [0x63, 0x61, 0x66, 0x82, 0x20, 0x9b, 0x20, 0xd0, 0x20, 0xe1], 'café ø ð ß'],
  [866, [0x8f, 0xe0, 0xa8, 0xa2, 0xa5, 0xe2], 'Привет'],
  [1250, [0x8a, 0x9a, 0xe8, 0xf8], 'Šščř'],
  [1251, [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2], 'Привет'],
  [1252, [0x80, 0x20, 0x93, 0x71, 0x94], '€ “q”'],
  [1253, [0xe1, 0xe2, 0xe3], 'αβγ'],
  [1254, [0xf0, 0xfe, 0xfd], 'ğşı'],
  [1255, [0xe0, 0xe1], 'אב'],
  [1256, [0xc7, 0xe1, 0xc8], 'الب'],
  [1257, [0xe0, 0xe8, 0xeb], 'ąčė'],
  [1258, [0xf0, 0xfd, 0xf5, 0xfe], 'đươ₫'],
  [932, [0x93, 0xfa, 0x96, 0x7b], '日本'],
  [936, [0xd6, 0xd0, 0xce, 0xc4], '中文'],
  [950, [0xa4, 0xa4, 0xa4, 0xe5], '中文'],
  [949, [0xc7, 0xd1, 0xb1, 0xb9], '한국'],
];

describe('code pages', () => {
  for (const [cp, bytes, text] of CASES) {
    it(`decodes code page ${cp}`, () => {
      expect(codepageDecoder(cp)(Uint8Array.from(bytes))).toBe(text);
    });
    it(`reads an RTF declaring \\ansicpg${cp}`, async () => {
      expect((await md(`{\\rtf1\\ansi\\ansicpg${cp} ${hex(bytes)}\\par}`)).trim()).toBe(text);
    });
  }

  it('reads a font whose \\fcharset picks the code page (GBK, Big5, Shift_JIS, Hangul)', async () => {
    const fonts =
      '{\\fonttbl{\\f0\\fcharset134 SimSun;}{\\f1\\fcharset136 MingLiU;}{\\f2\\fcharset128 MS Mincho;}{\\f3\\fcharset129 Batang;}}';
    const body = `{\\f0 ${hex([0xd6, 0xd0])}} {\\f1 ${hex([0xa4, 0xe5])}} {\\f2 ${hex([0x93, 0xfa])}} {\\f3 ${hex([0xc7, 0xd1])}}`;
    expect((await md(`{\\rtf1\\ansi\\ansicpg1252${fonts}${body}\\par}`)).trim()).toBe('中 文 日 한');
  });

  it('falls back to Windows-1252 for a code page it does not know', () => {
    expect(codepageDecoder(99999)(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});
