import { describe, expect, it } from 'vitest';
import { decodeHtml } from './decode.js';
import { htmlToDoc } from './parser.js';

const page = (meta: string, body: number[]) =>
  new Uint8Array([
    ...Buffer.from(`<html><head>${meta}</head><body><p>`, 'latin1'),
    ...body,
    ...Buffer.from('</p></body></html>', 'latin1'),
  ]);
const text = (bytes: Uint8Array, charset?: string) => {
  const doc = htmlToDoc(bytes, { onlyMainContent: false, charset });
  const p = doc.blocks[0];
  return p?.kind === 'paragraph' && p.content[0].kind === 'text' ? p.content[0].text : '';
};

describe('charset decoding', () => {
  it('decodes windows-1252 declared by meta charset', () => {
    const b = page(
      '<meta charset="windows-1252">',
      [0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x93, 0x71, 0x94],
    );
    expect(text(b)).toBe('café – “q”');
  });

  it('decodes Shift_JIS declared by http-equiv', () => {
    const b = page(
      '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">',
      [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea],
    );
    expect(text(b)).toBe('日本語');
  });

  it('decodes EUC-KR and GB18030 via meta', () => {
    expect(text(page('<meta charset="euc-kr">', [0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee]))).toBe('한국어');
    expect(text(page('<meta charset="gb2312">', [0xd6, 0xd0, 0xce, 0xc4]))).toBe('中文');
  });

  it('lets an explicit charset override the page and a BOM override both', () => {
    const b = page('<meta charset="utf-8">', [0xbf, 0xe0, 0xd8, 0xd2, 0xd5, 0xe2]);
    expect(text(b, 'iso-8859-5')).toBe('Привет');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<meta charset="windows-1252"><p>é</p>')]);
    expect(decodeHtml(bom).text).toContain('<p>é</p>');
  });

  it('reads undeclared UTF-8 and falls back to windows-1252 for invalid bytes', () => {
    expect(decodeHtml(new Uint8Array(Buffer.from('<p>naïve</p>'))).text).toBe('<p>naïve</p>');
    expect(decodeHtml(new Uint8Array([0x3c, 0x70, 0x3e, 0xe9, 0x3c, 0x2f, 0x70, 0x3e])).text).toBe(
      '<p>é</p>',
    );
  });

  it('reads the encoding of an XML declaration', () => {
    const b = new Uint8Array([
      ...Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><html><body><p>'),
      0xe9,
      ...Buffer.from('</p></body></html>'),
    ]);
    expect(text(b)).toBe('é');
  });
});
