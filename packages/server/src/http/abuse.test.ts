import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csv,
  KEY,
  multipart,
  type Part,
  parseRawResponse,
  postParse,
  type Running,
  rawConnection,
  startServer,
} from '../testing/harness.js';
import { safeFilename } from './filename.js';

describe('abuse', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({ uploadTimeoutMs: 400, headersTimeoutMs: 400 });
  });
  afterAll(() => s.close());

  it('a slowloris-style upload gets 408 Request Timeout and its connection is closed', async () => {
    const { body, contentType } = multipart([{ name: 'file', filename: 'a.csv', data: csv.repeat(50) }]);
    const { socket, received } = rawConnection(s.port);
    socket.write(
      `POST /v2/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    // One byte at a time, far too slowly to finish; stops when the server hangs up.
    let i = 0;
    const drip = setInterval(() => {
      if (socket.destroyed || i >= body.length) return clearInterval(drip);
      socket.write(body.subarray(i, i + 1));
      i++;
    }, 20);
    const raw = await received;
    clearInterval(drip);
    expect(i).toBeLessThan(body.length);
    const r = parseRawResponse(raw);
    expect(r.status).toBe(408);
    expect(r.json).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
    expect(r.json.error).toMatch(/^Request Timeout: the upload was not received/);
    expect(raw.toLowerCase()).toContain('connection: close');
  });

  it('slow headers get 408 Request Timeout as JSON and the socket is closed', async () => {
    const { socket, received } = rawConnection(s.port);
    const head = `POST /v2/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nX-Pad: ${'a'.repeat(400)}`;
    let i = 0;
    const drip = setInterval(() => {
      if (socket.destroyed || i >= head.length) return clearInterval(drip);
      socket.write(head[i++]);
    }, 20);
    const raw = await received;
    clearInterval(drip);
    expect(i).toBeLessThan(head.length);
    const r = parseRawResponse(raw);
    expect(r.status).toBe(408);
    expect(r.json).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
  });

  it('a multipart body with 10,000 parts is refused', async () => {
    const parts: Part[] = [{ name: 'file', filename: 'a.csv', data: csv }];
    for (let i = 0; i < 9_999; i++) parts.push({ name: 'options', data: '{}' });
    const r = await postParse(s.url, parts);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(r.json.error).toMatch(
      /invalid multipart form-data: (too many parts|more than one "options" part)/,
    );
  });

  it('10,000 parts of unknown names are refused at the first one', async () => {
    const parts: Part[] = Array.from({ length: 10_000 }, (_, i) => ({ name: `p${i}`, data: 'x' }));
    const r = await postParse(s.url, parts);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/unexpected part "p0"/);
  });

  it('a filename with ../ is never used as a path', async () => {
    const target = `/tmp/distill-evil-${randomUUID()}.csv`;
    const r = await postParse(s.url, [{ name: 'file', filename: `../../../../..${target}`, data: csv }]);
    expect(r.status).toBe(200);
    expect((r.json.data as { markdown: string }).markdown).toContain('apple');
    expect(existsSync(target)).toBe(false);

    // A name pointing at a real file: the upload's bytes are parsed, never the file's.
    const p = await postParse(s.url, [{ name: 'file', filename: '../../../../../etc/passwd', data: csv }]);
    expect(p.status).toBe(200);
    const md = (p.json.data as { markdown: string }).markdown;
    expect(md).toContain('apple');
    expect(md).not.toContain('root:');
  });

  it('reduces filenames to a last segment without control characters', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(safeFilename('a\u0000b\r\n.csv')).toBe('ab.csv');
    expect(safeFilename('..')).toBeUndefined();
    expect(safeFilename('dir/')).toBeUndefined();
  });

  it('a huge declared body is answered 413 before any of it is sent', async () => {
    const { socket, received } = rawConnection(s.port);
    socket.write(
      `POST /v2/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n`,
    );
    // The answer arrives although not one byte of the body was sent.
    const first = await new Promise<string>((resolve) => socket.once('data', (c) => resolve(String(c))));
    socket.destroy();
    await received;
    const r = parseRawResponse(first);
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });
  });
});
