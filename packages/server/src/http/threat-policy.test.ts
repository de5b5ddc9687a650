import type { ScrapeRequest, SearchRequest } from '@distill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, ScrapeOutcome, ScrapeService, SearchOutcome, SearchService } from '../services.js';
import { postJson, type Running, startServer } from '../testing/harness.js';

/** Services that record the policy each job runs under, so the route's merge can be read. */
const seen: (JobContext['threatProtection'] | undefined)[] = [];
const search: SearchService = {
  async search(_req: SearchRequest, ctx: JobContext): Promise<SearchOutcome> {
    seen.push(ctx.threatProtection);
    return { data: { web: [] }, usage: {} };
  },
};
const scrape: ScrapeService = {
  async scrape(_req: ScrapeRequest, ctx: JobContext): Promise<ScrapeOutcome> {
    seen.push(ctx.threatProtection);
    return { data: { markdown: '' }, usage: {} };
  },
};

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

describe('organisation threat-protection policy per key', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startServer({
      services: { search, scrape },
      apiKeys: [
        {
          key: 'open-key',
          features: ['threatProtection'],
          threatProtection: { policy: { blacklist: ['bad.example'], mode: 'off' } },
        },
        { key: 'locked-key', features: ['threatProtection'], threatProtection: { allowOverrides: false } },
        {
          key: 'enforced-key',
          features: ['threatProtection'],
          threatProtection: { enforced: true, policy: { failurePolicy: 'open' } },
        },
      ],
    });
  });
  afterAll(() => s.close());

  it("search-level overrides replace the fields they name over the key's policy, for every scraped URL", async () => {
    seen.length = 0;
    const r = await postJson(
      s.url,
      '/v2/search',
      { query: 'x', threatProtection: { blockedTlds: ['zip'] } },
      auth('open-key'),
    );
    expect(r.status).toBe(200);
    expect(seen.at(-1)).toEqual({ blacklist: ['bad.example'], mode: 'off', blockedTlds: ['zip'] });
    // Without an override the organisation's policy still applies.
    await postJson(s.url, '/v2/scrape', { url: 'https://a.example/' }, auth('open-key'));
    expect(seen.at(-1)).toEqual({ blacklist: ['bad.example'], mode: 'off' });
  });

  it('overrides disabled: 403 for any request carrying the object, wherever it is', async () => {
    for (const [path, body] of [
      ['/v2/search', { query: 'x', threatProtection: {} }],
      ['/v2/search', { query: 'x', scrapeOptions: { threatProtection: { mode: 'normal' } } }],
      ['/v2/scrape', { url: 'https://a.example/', threatProtection: { whitelist: ['a.example'] } }],
    ] as const) {
      const r = await postJson(s.url, path, body, auth('locked-key'));
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(r.json.error).toMatch(/disabled per-request threat protection overrides/);
    }
    expect((await postJson(s.url, '/v2/search', { query: 'x' }, auth('locked-key'))).status).toBe(200);
  });

  it('enforced: mode off is 403, other overrides apply, and the policy runs in normal mode', async () => {
    const off = await postJson(
      s.url,
      '/v2/scrape',
      { url: 'https://a.example/', threatProtection: { mode: 'off' } },
      auth('enforced-key'),
    );
    expect(off.status).toBe(403);
    expect(off.json.error).toMatch(/enforced/);
    seen.length = 0;
    const ok = await postJson(
      s.url,
      '/v2/search',
      { query: 'x', threatProtection: { riskScoreThreshold: 20 } },
      auth('enforced-key'),
    );
    expect(ok.status).toBe(200);
    expect(seen.at(-1)).toEqual({ mode: 'normal', failurePolicy: 'open', riskScoreThreshold: 20 });
  });
});
