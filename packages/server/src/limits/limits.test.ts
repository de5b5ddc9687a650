import { afterEach, describe, expect, it } from 'vitest';
import {
  csv,
  KEY,
  multipart,
  parseRawResponse,
  postParse,
  type Running,
  rawConnection,
  startServer,
} from '../testing/harness.js';

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

/**
 * Opens a parse upload and sends all but its last bytes, so it holds a concurrency slot
 * (slots are taken before the body is read) until `finish()` is called.
 */
function heldUpload(port: number) {
  const { body, contentType } = multipart([{ name: 'file', filename: 'held.csv', data: csv }]);
  const { socket, received } = rawConnection(port);
  socket.write(
    `POST /v2/parse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: ${contentType}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.subarray(0, body.length - 10));
  return {
    finish: () => socket.write(body.subarray(body.length - 10)),
    response: received.then(parseRawResponse),
  };
}

describe('concurrency limit', () => {
  let s: Running;
  afterEach(() => s.close());

  it('queues up to the bound with concurrencyLimited metadata, then answers 429 Concurrency limit reached', async () => {
    s = await startServer({ limits: { maxConcurrent: 1, maxQueued: 1 } });
    const first = heldUpload(s.port);
    await until(() => s.server.stats().running === 1);
    const queued = postParse(s.url, [{ name: 'file', filename: 'b.csv', data: csv }]);
    await until(() => s.server.stats().waiting === 1);

    const refused = await postParse(s.url, [{ name: 'file', filename: 'c.csv', data: csv }]);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      success: false,
      error: 'Concurrency limit reached',
      code: 'CONCURRENCY_LIMIT_REACHED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    first.finish();
    const a = await first.response;
    expect(a.status).toBe(200);
    expect(
      (a.json.data as { metadata: Record<string, unknown> }).metadata.concurrencyLimited,
    ).toBeUndefined();
    const b = await queued;
    expect(b.status).toBe(200);
    const meta = (b.json.data as { metadata: Record<string, unknown> }).metadata;
    expect(meta.concurrencyLimited).toBe(true);
    expect(typeof meta.concurrencyQueueDurationMs).toBe('number');
  });

  it('limits per key: another key is not held up by a busy one', async () => {
    s = await startServer({ apiKeys: [KEY, 'other-key'], limits: { maxConcurrent: 1, maxQueued: 0 } });
    const first = heldUpload(s.port);
    await until(() => s.server.stats().running === 1);
    const same = await postParse(s.url, [{ name: 'file', filename: 'b.csv', data: csv }]);
    expect(same.status).toBe(429);
    const other = await postParse(s.url, [{ name: 'file', filename: 'b.csv', data: csv }], {
      authorization: 'Bearer other-key',
    });
    expect(other.status).toBe(200);
    first.finish();
    expect((await first.response).status).toBe(200);
  });
});

describe('rate limit and credits on parse', () => {
  let s: Running;
  afterEach(() => s.close());

  it('429 Rate limit exceeded with Retry-After after the per-minute allowance', async () => {
    s = await startServer({ limits: { rateLimitPerMinute: 3 } });
    for (let i = 0; i < 3; i++) {
      expect((await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }])).status).toBe(200);
    }
    const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }]);
    expect(r.status).toBe(429);
    expect(r.json).toMatchObject({
      success: false,
      error: 'Rate limit exceeded',
      code: 'RATE_LIMIT_EXCEEDED',
    });
    const wait = Number(r.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('402 Payment Required once the key budget is spent', async () => {
    s = await startServer({ apiKeys: [{ key: KEY, credits: 2 }] });
    expect((await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }])).json.creditsUsed).toBe(
      1,
    );
    expect((await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }])).status).toBe(200);
    const r = await postParse(s.url, [{ name: 'file', filename: 'a.csv', data: csv }]);
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({
      success: false,
      error: 'Payment Required: Insufficient credits',
      code: 'PAYMENT_REQUIRED',
    });
  });
});
