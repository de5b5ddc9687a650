import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiDocument } from './helpers/openapi.js';
import { EXAMPLE, type Served, serveProcess } from './helpers/spawn.js';

// The OpenAPI document that the spawned `distill serve` publishes: valid by a maintained
// validator, and true of what the server answers (each response checked against its schema).

const KEY = 'openapi-key';
let s: Served;
let doc: Record<string, unknown>;
let api: ApiDocument;

beforeAll(async () => {
  s = await serveProcess([], { DISTILL_API_KEYS: KEY, DISTILL_INDEX: '' });
  const res = await fetch(`${s.url}/v2/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Record<string, unknown>;
  api = new ApiDocument(doc);
});
afterAll(async () => {
  await s?.stop();
});

/** Checks a response's status and JSON body against the document's schema for that operation. */
async function conforms(res: Response, method: string): Promise<unknown> {
  const { problems, body } = await api.conforms(res, method);
  expect(problems).toEqual([]);
  return body;
}

describe('GET /v2/openapi.json of the spawned server', { timeout: 60_000 }, () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes what the server answers: health, parse, errors, search without a provider', async () => {
    await conforms(await fetch(`${s.url}/v2/health`), 'GET');
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(EXAMPLE, 'field-notes.docx'))]), 'field-notes.docx');
    form.append('options', JSON.stringify({ formats: ['markdown', 'links'] }));
    const auth = { authorization: `Bearer ${KEY}` };
    const parsed = await fetch(`${s.url}/v2/parse`, { method: 'POST', body: form, headers: auth });
    expect(parsed.status).toBe(200);
    await conforms(parsed, 'POST');
    const denied = await fetch(`${s.url}/v2/parse`, {
      method: 'POST',
      body: form,
      headers: { authorization: 'Bearer nope' },
    });
    expect(denied.status).toBe(401);
    await conforms(denied, 'POST');
    const json = { ...auth, 'content-type': 'application/json' };
    const bad = await fetch(`${s.url}/v2/scrape`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: 'ftp://x' }),
    });
    expect(bad.status).toBe(400);
    await conforms(bad, 'POST');
    const search = await fetch(`${s.url}/v2/search`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: 'tides' }),
    });
    expect(search.status).toBe(501);
    await conforms(search, 'POST');
    const usage = await fetch(`${s.url}/v2/team/credit-usage`, { headers: auth });
    expect(usage.status).toBe(200);
    await conforms(usage, 'GET');
    const nowhere = await fetch(`${s.url}/v2/nowhere`, { headers: auth });
    expect(nowhere.status).toBe(404);
    await conforms(nowhere, 'GET');
    const doc = await fetch(`${s.url}/v2/openapi.json`);
    await conforms(doc, 'GET');
  });

  it('describes the crawl, batch scrape and map routes as they answer', async () => {
    const json = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const active = await fetch(`${s.url}/v2/crawl/active`, { headers: json });
    expect(active.status).toBe(200);
    await conforms(active, 'GET');
    const bad = await fetch(`${s.url}/v2/crawl`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: 'ftp://x' }),
    });
    expect(bad.status).toBe(400);
    await conforms(bad, 'POST');
    const missing = await fetch(`${s.url}/v2/batch/scrape/00000000-0000-0000-0000-000000000000`, {
      headers: json,
    });
    expect(missing.status).toBe(404);
    await conforms(missing, 'GET');
    const preview = await fetch(`${s.url}/v2/crawl/params-preview`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: 'https://example.com', prompt: 'docs only' }),
    });
    expect(preview.status).toBe(501);
    await conforms(preview, 'POST');
  });

  it('takes its request schemas from the API’s own zod schemas', () => {
    const schemas = (doc.components as { schemas: Record<string, { properties?: Record<string, unknown> }> })
      .schemas;
    expect(Object.keys(schemas.ParseOptions?.properties ?? {})).toEqual(
      expect.arrayContaining(['formats', 'parsers', 'timeout']),
    );
    expect(Object.keys(schemas.SearchRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'sources', 'toolDetail']),
    );
    expect(Object.keys(schemas.ScrapeRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(['url', 'formats', 'actions']),
    );
  });
});

describe('GET /metrics of the spawned server', { timeout: 60_000 }, () => {
  it('is off by default, and with --metrics-key counts requests, pages, errors and credits', async () => {
    const off = await fetch(`${s.url}/metrics`);
    expect(off.status).toBe(404);
    const m = await serveProcess(['--metrics-key', 'scraper-key'], {
      DISTILL_API_KEYS: KEY,
      DISTILL_INDEX: '',
    });
    try {
      const form = new FormData();
      form.append('file', new Blob([readFileSync(join(EXAMPLE, 'field-notes.pdf'))]), 'field-notes.pdf');
      form.append('options', JSON.stringify({ parsers: [{ type: 'pdf', mode: 'fast' }] }));
      expect(
        (
          await fetch(`${m.url}/v2/parse`, {
            method: 'POST',
            body: form,
            headers: { authorization: `Bearer ${KEY}` },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await fetch(`${m.url}/v2/parse`, {
            method: 'POST',
            body: form,
            headers: { authorization: 'Bearer nope' },
          })
        ).status,
      ).toBe(401);
      expect((await fetch(`${m.url}/metrics`, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(
        401,
      );
      const res = await fetch(`${m.url}/metrics`, { headers: { authorization: 'Bearer scraper-key' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/distill_http_requests_total\{route="\/v2\/parse",method="POST",status="200"\} 1/);
      expect(text).toMatch(/distill_pages_parsed_total\{format="pdf",mode="fast"\} 1/);
      expect(text).toMatch(/distill_errors_total\{code="UNAUTHORIZED"\} 2/);
      expect(text).toMatch(/distill_credits_charged_total 1/);
      expect(text).toMatch(/distill_jobs_running 0/);
      expect(text).toMatch(
        /distill_http_request_duration_seconds_bucket\{le="\+Inf",route="\/v2\/parse",method="POST"\} 2/,
      );
    } finally {
      await m.stop();
    }
  });
});
