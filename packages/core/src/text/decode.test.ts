import { describe, expect, it } from 'vitest';
import { decodeBytes, decodeText } from './decode.js';

describe('text decoding', () => {
  it('decodes Windows-1252 0x80–0x9F as WHATWG says (Node’s TextDecoder does not)', () => {
    const b = new Uint8Array([0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0x99]);
    expect(decodeBytes(b, 'windows-1252')).toBe('€ “q” – ™');
    expect(decodeText(b, 'iso-8859-1').text).toBe('€ “q” – ™');
    expect(decodeText(b).encoding).toBe('windows-1252');
  });

  it('follows a BOM over a declaration', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'shift_jis')).toMatchObject({
      text: 'A',
      encoding: 'utf-8',
    });
  });
});
