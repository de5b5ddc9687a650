import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FastPdf } from './index.js';
import { Stream } from './objects.js';
import { pdfjsSafeBytes } from './pdfjs-safe.js';

const FIXTURES = join(import.meta.dirname, '../../../../fixtures');

describe('pdfjsSafeBytes', () => {
  it('redefines a ToUnicode CMap encoded with JBIG2Decode as an empty stream, in an update the reader follows', () => {
    const bytes = readFileSync(join(FIXTURES, 'fuzz/jbig2-tounicode.pdf'));
    const safe = pdfjsSafeBytes(new FastPdf(bytes), bytes);
    expect(safe.length).toBeGreaterThan(bytes.length);
    // The original bytes are kept as they were: the update is appended.
    expect(Buffer.from(safe.subarray(0, bytes.length)).equals(bytes)).toBe(true);
    const again = new FastPdf(safe);
    const kids = again.file.array(again.file.dict(again.file.catalog.get('Pages'))?.get('Kids')) ?? [];
    const page = again.file.dict(kids[0]);
    const fonts = again.file.dict(again.file.dict(page?.get('Resources'))?.get('Font'));
    const f1 = again.file.dict(fonts?.get('F1'));
    const cmap = again.file.resolve(f1?.get('ToUnicode'));
    expect(cmap).toBeInstanceOf(Stream);
    expect((cmap as Stream).dict.get('Filter')).toBeUndefined();
    expect((cmap as Stream).raw.length).toBe(0);
    expect(again.numPages).toBe(1);
  });

  it('gives back the same bytes when no stream that is no image uses an image codec', () => {
    const bytes = readFileSync(join(FIXTURES, 'continued-table/continued-table.pdf'));
    expect(pdfjsSafeBytes(new FastPdf(bytes), bytes)).toBe(bytes);
  });
});
