import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { serve } from './serve.js';
import {
  csv,
  KEY,
  multipart,
  parseRawResponse,
  postParse,
  type Running,
  rawConnection,
  startServer,
} from './testing/harness.js';

describe('zeroDataRetention', () => {
  let s: Running;
  afterEach(() => s.close());

  it('logs only status and timing for a zero-data-retention request', async () => {
    s = await startServer();
    const secret = 'name,ssn\nZelda Quarterfield,078-05-1120\nx,y\n';
    const r = await postParse(s.url, [
      { name: 'options', data: JSON.stringify({ zeroDataRetention: true }) },
      { name: 'file', filename: 'payroll-secret-2026.csv', data: secret },
    ]);
    expect(r.status).toBe(200);
    const lines = s.logs.map((l) => JSON.parse(l)).filter((l) => l.id === r.json.id);
    expect(lines).toHaveLength(1);
    // Only pino's own fields, the id, status and timing.
    expect(Object.keys(lines[0]).sort()).toEqual([
      'hostname',
      'id',
      'level',
      'ms',
      'msg',
      'pid',
      'status',
      'time',
    ]);
    const all = s.logs.join('');
    expect(all).not.toContain('payroll-secret');
    expect(all).not.toContain('Zelda');

    // Without it, the line also names route, key label, format and size (never content).
    const plain = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }]);
    const line = s.logs.map((l) => JSON.parse(l)).find((l) => l.id === plain.json.id);
    expect(line).toMatchObject({ route: '/v2/parse', format: 'csv', key: 'key1', creditsUsed: 1 });
    expect(s.logs.join('')).not.toContain('apple');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new work, then stops listening', async () => {
    const s = await startServer();
    const { body, contentType } = multipart([{ name: 'file', filename: 'a.csv', data: csv }]);
    const { socket, received } = rawConnection(s.port);
    socket.write(
      `POST /v2/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 20));
    while (s.server.stats().running === 0) await new Promise((r) => setTimeout(r, 5));

    const closing = s.close();
    // The rest of the body, without half-closing the socket: parsing runs in a worker thread, and
    // Node drops a request whose client half-closes before the answer (httpAllowHalfOpen off).
    socket.write(body.subarray(20));
    const r = parseRawResponse(await received);
    expect(r.status).toBe(200);
    expect((r.json.data as { markdown: string }).markdown).toContain('apple');
    await closing;

    const refused = await new Promise<string>((resolve) => {
      const req = request(`${s.url}/v2/health`, (res) => resolve(String(res.statusCode)));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      req.end();
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers 503 to a request arriving on a kept-alive connection during shutdown', async () => {
    const s = await startServer();
    const { socket, received } = rawConnection(s.port);
    const { body, contentType } = multipart([{ name: 'file', filename: 'a.csv', data: csv }]);
    const head = `POST /v2/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    // First request in flight (body incomplete), so the connection is not idle when close() starts.
    socket.write(head);
    socket.write(body.subarray(0, 20));
    while (s.server.stats().running === 0) await new Promise((r) => setTimeout(r, 5));
    const closing = s.close();
    // Finish the first request and pipeline a second on the same connection.
    socket.write(Buffer.concat([body.subarray(20), Buffer.from(head), body]));
    const raw = await received;
    await closing;
    const responses = raw.split(/(?=HTTP\/1\.1 )/).map(parseRawResponse);
    expect(responses[0].status).toBe(200);
    expect(responses[1].status).toBe(503);
    expect(responses[1].json).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('serve()', () => {
  it('takes keys from DISTILL_API_KEYS and CLI-style options', async () => {
    const server = await serve({
      port: '0',
      host: '127.0.0.1',
      env: { DISTILL_API_KEYS: 'alpha, beta' },
      handleSignals: false,
      config: { logger: false },
    });
    try {
      const ok = await postParse(server.url, [{ name: 'file', filename: 'a.csv', data: csv }], {
        authorization: 'Bearer beta',
      });
      expect(ok.status).toBe(200);
      const health = await fetch(`${server.url}/v2/health`);
      expect(await health.json()).toMatchObject({ success: true, status: 'ok' });
    } finally {
      await server.close();
    }
  });

  it('accepts commander-style auth: false for --no-auth, and keeps it on loopback', async () => {
    await expect(
      serve({
        auth: false,
        host: '0.0.0.0',
        port: 0,
        env: {},
        handleSignals: false,
        config: { logger: false },
      }),
    ).rejects.toThrow(/loopback/);
    const server = await serve({
      auth: false,
      port: 0,
      env: {},
      handleSignals: false,
      config: { logger: false },
    });
    try {
      expect(server.config.host).toBe('127.0.0.1');
      const r = await postParse(server.url, [{ name: 'file', filename: 'a.csv', data: csv }], {
        authorization: '',
      });
      expect(r.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
