import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, multipart, post, postParse, type Running, startServer } from '../testing/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /v2/parse', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({ maxFileBytes: 64 * 1024 });
  });
  afterAll(() => s.close());

  it('parses a CSV upload to Markdown with an id and credits', async () => {
    const r = await postParse(s.url, [
      { name: 'options', data: JSON.stringify({ formats: ['markdown'], origin: 'test', integration: 'x' }) },
      { name: 'file', filename: 'fruit.csv', contentType: 'text/csv', data: csv },
    ]);
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.id).toMatch(UUID);
    expect(r.json.creditsUsed).toBe(1);
    const data = r.json.data as { markdown: string; metadata: Record<string, unknown> };
    expect(data.markdown).toContain('| apple | 3 |');
    expect(data.metadata.contentType).toBe('text/csv');
    expect(r.headers['x-request-id']).toBe(r.json.id);
  });

  it('accepts a request without an options part', async () => {
    const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }]);
    expect(r.status).toBe(200);
    expect((r.json.data as { markdown: string }).markdown).toContain('pear');
  });

  it('returns a PDF base64 at a flat 1 credit with parsers: []', async () => {
    const pdf = '%PDF-1.4\n% not a real document\n%%EOF\n';
    const r = await postParse(s.url, [
      { name: 'options', data: JSON.stringify({ parsers: [] }) },
      { name: 'file', filename: 'x.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(r.status).toBe(200);
    expect(r.json.creditsUsed).toBe(1);
    expect((r.json.data as { rawBase64: string }).rawBase64).toBe(Buffer.from(pdf).toString('base64'));
  });

  // One test per row of the spec's error table that applies to parse.
  describe('error table', () => {
    it('400 BAD_REQUEST: options failing the schema, with details per field', async () => {
      const r = await postParse(s.url, [
        { name: 'options', data: JSON.stringify({ timeout: 5, bogus: true }) },
        { name: 'file', filename: 'a.csv', data: csv },
      ]);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(r.json.error).toMatch(/^Bad Request: invalid parse options/);
      const fields = (r.json.details as { field: string }[]).map((d) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['timeout', '(root)']));
      expect(r.json.id).toMatch(UUID);
    });

    it('400 BAD_REQUEST: invalid multipart form-data (not multipart)', async () => {
      const r = await post(s.url, '/v2/parse', '{"file":"x"}', {
        authorization: 'Bearer test-key-0123456789abcdef',
        'content-type': 'application/json',
      });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(r.json.error).toMatch(/invalid multipart form-data: expected Content-Type multipart\/form-data/);
    });

    it('400 BAD_REQUEST: the file part is missing', async () => {
      const r = await postParse(s.url, [{ name: 'options', data: '{}' }]);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(r.json.error).toMatch(/the "file" part is missing/);
    });

    it('400 BAD_REQUEST: the file part is empty', async () => {
      const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: '' }]);
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/the "file" part is empty/);
    });

    it('400 BAD_REQUEST: an unexpected part', async () => {
      const r = await postParse(s.url, [
        { name: 'file', filename: 'a.csv', data: csv },
        { name: 'extra', data: 'x' },
      ]);
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/unexpected part "extra"; only "file" and "options" are accepted/);
    });

    it('400 BAD_REQUEST: two file parts', async () => {
      const r = await postParse(s.url, [
        { name: 'file', filename: 'a.csv', data: csv },
        { name: 'file', filename: 'b.csv', data: csv },
      ]);
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/more than one "file" part/);
    });

    it('400 BAD_REQUEST: options that are not JSON, or not an object', async () => {
      const a = await postParse(s.url, [
        { name: 'options', data: '{formats:' },
        { name: 'file', filename: 'a.csv', data: csv },
      ]);
      expect(a.status).toBe(400);
      expect(a.json.error).toMatch(/the "options" part is not valid JSON/);
      const b = await postParse(s.url, [
        { name: 'options', data: '[1,2]' },
        { name: 'file', filename: 'a.csv', data: csv },
      ]);
      expect(b.status).toBe(400);
      expect(b.json.error).toMatch(/the "options" part must be a JSON object/);
    });

    it('400 BAD_REQUEST: a body cut short', async () => {
      const { body, contentType } = multipart([{ name: 'file', filename: 'a.csv', data: csv }]);
      const r = await post(s.url, '/v2/parse', body.subarray(0, body.length - 20), {
        authorization: 'Bearer test-key-0123456789abcdef',
        'content-type': contentType,
      });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(r.json.error).toMatch(/invalid multipart form-data/);
    });

    it('400 UNSUPPORTED_FILE_TYPE: an executable', async () => {
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);
      const r = await postParse(s.url, [{ name: 'file', filename: 'setup.exe', data: exe }]);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE_TYPE' });
      expect(r.json.error).toMatch(/^Unsupported file type/);
    });

    it('400 UNSUPPORTED_OPTION: the json format needs an LLM provider', async () => {
      const r = await postParse(s.url, [
        { name: 'options', data: JSON.stringify({ formats: [{ type: 'json', prompt: 'x' }] }) },
        { name: 'file', filename: 'a.csv', data: csv },
      ]);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, code: 'UNSUPPORTED_OPTION' });
    });

    it('422 FILE_CORRUPT: a truncated DOCX', async () => {
      const docx = readFileSync(
        resolve(
          process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora'),
          'office/markitdown/test.docx',
        ),
      );
      const r = await postParse(s.url, [
        { name: 'file', filename: 'cut.docx', data: docx.subarray(0, 40_000) },
      ]);
      expect(r.status).toBe(422);
      expect(r.json).toMatchObject({ success: false, code: 'FILE_CORRUPT' });
      expect(r.json.error).toMatch(/^Unprocessable Entity/);
    });

    it('401 Unauthorized: Invalid token', async () => {
      const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }], {
        authorization: 'Bearer nope',
      });
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({
        success: false,
        error: 'Unauthorized: Invalid token',
        code: 'UNAUTHORIZED',
      });
    });

    it('404 Not Found: a path that does not exist', async () => {
      const r = await post(s.url, '/v2/parse/extra', 'x', {
        authorization: 'Bearer test-key-0123456789abcdef',
      });
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(r.json.error).toMatch(/^Not Found/);
    });

    it('413 Payload Too Large: a declared body over the file limit, refused from the headers', async () => {
      const big = Buffer.alloc(200 * 1024, 0x61);
      const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: big }]);
      expect(r.status).toBe(413);
      expect(r.json).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });
      expect(r.json.error).toMatch(/^Payload Too Large/);
    });

    it('413 Payload Too Large: a chunked body whose file passes the limit while streaming', async () => {
      const big = Buffer.alloc(100 * 1024, 0x61);
      const { body, contentType } = multipart([{ name: 'file', filename: 'a.csv', data: big }]);
      const r = await post(
        s.url,
        '/v2/parse',
        body,
        { authorization: 'Bearer test-key-0123456789abcdef', 'content-type': contentType },
        { chunked: true },
      );
      expect(r.status).toBe(413);
      expect(r.json).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });
    });
  });
});

describe('POST /v2/parse failures inside a parser', () => {
  it('500 UNKNOWN_ERROR with no stack or internal message in the body', async () => {
    const { ParserRegistry } = await import('@distill/core');
    // A parser that fails the way a bug would: a TypeError with an internal message.
    const registry = new ParserRegistry().register({
      name: 'broken-csv',
      formats: ['csv'],
      parse() {
        throw new TypeError('internal detail: cannot read properties of undefined (reading "cells")');
      },
    });
    const s = await startServer({ registry });
    try {
      const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }]);
      expect(r.status).toBe(500);
      expect(r.json).toMatchObject({ success: false, code: 'UNKNOWN_ERROR', error: 'Internal Server Error' });
      expect(r.text).not.toMatch(/internal detail|at .*\.ts|TypeError/);
      // The stack goes to the log, not to the caller.
      expect(s.logs.join('')).toMatch(/internal detail/);
    } finally {
      await s.close();
    }
  });
});
