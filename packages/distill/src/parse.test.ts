import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DistillError, defaultRegistry, parse } from './index.js';

const CORPORA = process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora');
const pdfPath = resolve(CORPORA, 'pdf/dpbench-dev/pdfs/01030000000002.pdf');

const csv = 'name,email,phone\nJane,jane@example.com,+1 415 555 0132\nJo,jo@example.org,n/a\n';

describe('parse() through the distill package', () => {
  it('registers the parsers of this build', () => {
    expect(defaultRegistry.formats()).toContain('csv');
  });

  it('returns the formats asked for, with metadata and contentType', async () => {
    const r = await parse(
      { data: csv, filename: 'people.csv' },
      { formats: ['markdown', 'html', 'links', 'images', 'summary'] },
    );
    expect(r.markdown).toContain('| name | email | phone |');
    expect(r.html).toContain('<table>');
    expect(r.links).toEqual([]);
    expect(r.images).toEqual([]);
    expect(typeof r.summary).toBe('string');
    expect(r.metadata.contentType).toBe('text/csv');
    expect(r.rawHtml).toBeUndefined();
  });

  it('redacts personal data in markdown when asked', async () => {
    const r = await parse({ data: csv, filename: 'people.csv' }, { redactPII: true });
    expect(r.markdown).toContain('[EMAIL]');
    expect(r.markdown).toContain('[PHONE]');
    expect(r.markdown).not.toContain('jane@example.com');
  });

  it('returns a PDF base64-encoded with parsers: [] (no PDF parser needed)', async () => {
    const r = await parse(pdfPath, { parsers: [] });
    expect(r.rawBase64).toBe(readFileSync(pdfPath).toString('base64'));
    expect(r.markdown).toBeUndefined();
    expect(r.metadata.contentType).toBe('application/pdf');
  });

  it('gives catalogue errors for bad options, unsupported formats and unsupported files', async () => {
    await expect(parse({ data: csv, filename: 'a.csv' }, { timeout: 5 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    });
    await expect(parse({ data: csv, filename: 'a.csv' }, { formats: ['json'] })).rejects.toThrow(
      /LLM provider/,
    );
    await expect(parse({ data: csv, filename: 'a.csv' }, { formats: ['screenshot'] })).rejects.toMatchObject({
      code: 'UNSUPPORTED_OPTION',
      status: 400,
    });
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    const err = await parse({ data: exe, filename: 'setup.exe' }).catch((e) => e);
    expect(err).toBeInstanceOf(DistillError);
    expect(err.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(err.message).toContain('.docx');
    await expect(parse('/nonexistent/file.pdf')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses inputs over the size limit before parsing', async () => {
    await expect(parse({ data: csv, filename: 'a.csv' }, {}, { maxBytes: 10 })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      status: 413,
    });
  });

  it('is deterministic', async () => {
    const a = await parse({ data: csv, filename: 'a.csv' }, { formats: ['markdown', 'html'] });
    const b = await parse({ data: csv, filename: 'a.csv' }, { formats: ['markdown', 'html'] });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
