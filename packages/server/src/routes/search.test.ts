import type { SearchRequest } from '@distill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, SearchOutcome, SearchService } from '../services.js';
import { KEY, post, postJson, type Running, startServer } from '../testing/harness.js';

/**
 * A stand-in for the web package's SearchService (not built yet on this branch): it returns
 * `n` results, or waits for the job's signal, or fails like a bug would, as the query asks.
 */
class FixtureSearch implements SearchService {
  async search(req: SearchRequest, ctx: JobContext): Promise<SearchOutcome> {
    if (req.query === 'hang') {
      await new Promise((_r, reject) =>
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
      );
    }
    if (req.query === 'bug') throw new Error('provider exploded: secret internals');
    const n = Number(/^n=(\d+)$/.exec(req.query)?.[1] ?? 3);
    const web = Array.from({ length: n }, (_, i) => ({
      url: `https://example.com/${i}`,
      title: `t${i}`,
      description: 'd',
    }));
    return { data: { web }, usage: { results: n } };
  }
}

describe('POST /v2/search without a search provider', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({
      apiKeys: [KEY, { key: 'gold-key', features: ['catalogue', 'enterprise', 'threatProtection'] }],
    });
  });
  afterAll(() => s.close());

  it('validates, then says search is not enabled in this build', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'hello', origin: 'js-sdk@4', integration: 'x' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'UNSUPPORTED_OPTION' });
    expect(r.json.error).toMatch(/search operation is not enabled in this build/);
  });

  it('400 BAD_REQUEST: unknown fields and bad values, with details per field', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'x'.repeat(501), limit: 0, colour: 'red' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const fields = (r.json.details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['(root)', 'limit', 'query']);
  });

  it('400 BAD_REQUEST: includeDomains with excludeDomains', async () => {
    const r = await postJson(s.url, '/v2/search', {
      query: 'x',
      includeDomains: ['a.com'],
      excludeDomains: ['b.com'],
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/mutually exclusive/);
  });

  it('400 BAD_REQUEST: a body that is not JSON', async () => {
    const r = await post(s.url, '/v2/search', '{"query":', {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('400 BAD_REQUEST: a body that is not sent as JSON', async () => {
    const r = await post(s.url, '/v2/search', 'query=x', {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(r.json.error).toMatch(/application\/json/);
  });

  it('401 Unauthorized: Invalid token', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'x' }, { authorization: 'Bearer wrong' });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({
      success: false,
      error: 'Unauthorized: Invalid token',
      code: 'UNAUTHORIZED',
    });
  });

  it('403 Forbidden: team-gated features the key lacks', async () => {
    for (const body of [
      { query: 'x', sources: ['catalogue'] },
      { query: 'x', domainTools: true },
      { query: 'x', enterprise: ['zdr'] },
      { query: 'x', threatProtection: { mode: 'normal' } },
      { query: 'x', scrapeOptions: { threatProtection: { mode: 'off' } } },
    ]) {
      const r = await postJson(s.url, '/v2/search', body);
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(r.json.error).toMatch(/^Forbidden/);
    }
    // A key with the features gets past the gate (to "not enabled" on this build).
    const ok = await postJson(
      s.url,
      '/v2/search',
      { query: 'x', sources: ['catalogue'] },
      {
        authorization: 'Bearer gold-key',
      },
    );
    expect(ok.json.code).toBe('UNSUPPORTED_OPTION');
  });

  it('404 Not Found: an unknown path', async () => {
    const r = await postJson(s.url, '/v2/search/nope', { query: 'x' });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('413 Payload Too Large: a JSON body over the limit', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'x', pad: 'y'.repeat(2 * 1024 * 1024) });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('POST /v2/search with a SearchService plugged in', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({
      apiKeys: [
        KEY,
        { key: 'budget-key', credits: 4 },
        { key: 'rate-key', rateLimitPerMinute: 2 },
        { key: 'zdr-key', features: ['enterprise'] },
      ],
      services: { search: new FixtureSearch() },
      requestTimeoutMs: 300,
    });
  });
  afterAll(() => s.close());

  it('answers with data, an id and credits per 10 results', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'n=25' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, warning: null, creditsUsed: 6 });
    expect((r.json.data as { web: unknown[] }).web).toHaveLength(25);
    const zdr = await postJson(
      s.url,
      '/v2/search',
      { query: 'n=10', enterprise: ['zdr'] },
      {
        authorization: 'Bearer zdr-key',
      },
    );
    expect(zdr.json.creditsUsed).toBe(10);
  });

  it('402 Payment Required: Insufficient credits once the key budget is spent', async () => {
    const auth = { authorization: 'Bearer budget-key' };
    expect((await postJson(s.url, '/v2/search', { query: 'n=20' }, auth)).status).toBe(200);
    const r = await postJson(s.url, '/v2/search', { query: 'n=1' }, auth);
    expect(r.status).toBe(402);
    expect(r.json).toMatchObject({
      success: false,
      error: 'Payment Required: Insufficient credits',
      code: 'PAYMENT_REQUIRED',
    });
  });

  it('408 Request Timeout when the job outlives the request deadline', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'hang' });
    expect(r.status).toBe(408);
    expect(r.json).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
    expect(r.json.error).toMatch(/^Request Timeout/);
  });

  it('429 Rate limit exceeded with Retry-After', async () => {
    const auth = { authorization: 'Bearer rate-key' };
    await postJson(s.url, '/v2/search', { query: 'n=1' }, auth);
    await postJson(s.url, '/v2/search', { query: 'n=1' }, auth);
    const r = await postJson(s.url, '/v2/search', { query: 'n=1' }, auth);
    expect(r.status).toBe(429);
    expect(r.json).toMatchObject({
      success: false,
      error: 'Rate limit exceeded',
      code: 'RATE_LIMIT_EXCEEDED',
    });
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('500 UNKNOWN_ERROR with no stack or internal message', async () => {
    const r = await postJson(s.url, '/v2/search', { query: 'bug' });
    expect(r.status).toBe(500);
    expect(r.json).toMatchObject({ success: false, code: 'UNKNOWN_ERROR', error: 'Internal Server Error' });
    expect(r.text).not.toMatch(/exploded|secret|\.ts:/);
  });
});

describe('POST /v2/scrape', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('validates with the core schema, then says scrape is not enabled', async () => {
    const bad = await postJson(s.url, '/v2/scrape', { url: 'https://example.com', nope: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('BAD_REQUEST');
    const r = await postJson(s.url, '/v2/scrape', { url: 'https://example.com', formats: ['markdown'] });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'UNSUPPORTED_OPTION' });
    expect(r.json.error).toMatch(/scrape operation is not enabled in this build/);
  });

  it('400 Invalid URL', async () => {
    const r = await postJson(s.url, '/v2/scrape', { url: 'ftp://example.com/x' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, code: 'INVALID_URL' });
    expect(r.json.error).toMatch(/^Invalid URL/);
  });
});
