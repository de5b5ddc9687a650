import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defuseImageCodecs } from './pdfjs-defuse.js';

const FIXTURES = join(import.meta.dirname, '../../../fixtures');
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('defuseImageCodecs', () => {
  it('renames JBIG2Decode on a ToUnicode CMap, keeping every offset', () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES, 'fuzz/jbig2-tounicode.pdf')));
    const before = bytes.length;
    expect(defuseImageCodecs(bytes)).toBe(1);
    expect(bytes.length).toBe(before);
    expect(latin1(bytes)).toContain('/Filter /JBIG2Decod_>>');
  });

  it('leaves image XObjects, longer names and names inside stream data alone', () => {
    const pdf = [
      '%PDF-1.4',
      '1 0 obj << /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode /Length 3 >> stream',
      'abc',
      'endstream endobj',
      '2 0 obj << /Length 30 >> stream',
      'BI /W 1 /H 1 /F /DCT ID x EI',
      'endstream endobj',
      '3 0 obj << /Filter [/FlateDecode /DCTDecodeX] /Length 0 >> stream',
      'endstream endobj',
      '4 0 obj << /Filter [/FlateDecode /CCF] /Length 0 >> stream',
      'endstream endobj',
    ].join('\n');
    const bytes = new Uint8Array(Buffer.from(pdf, 'latin1'));
    expect(defuseImageCodecs(bytes)).toBe(1);
    expect(latin1(bytes)).toBe(pdf.replace('/FlateDecode /CCF]', '/FlateDecode /CC_]'));
  });
});
