import { describe, expect, it } from 'vitest';
import { createServer } from '../server.js';

const post = (server: ReturnType<typeof createServer>, url: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

describe('POST /v2/crawl/params-preview', () => {
  it('is NOT_CONFIGURED (501) without an LLM provider, and so is a crawl prompt', async () => {
    const server = createServer({ noAuth: true, logger: false, isolateParsing: false });
    try {
      const res = await post(server, '/v2/crawl/params-preview', {
        url: 'https://example.com',
        prompt: 'only docs',
      });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_CONFIGURED' });
      const crawl = await post(server, '/v2/crawl', { url: 'https://example.com', prompt: 'only docs' });
      expect(crawl.statusCode).toBe(501);
    } finally {
      await server.close();
    }
  });

  it('asks a configured LLM and keeps only valid crawl options from its answer', async () => {
    const server = createServer({
      noAuth: true,
      logger: false,
      isolateParsing: false,
      crawl: {
        llm: {
          name: 'fake',
          complete: async () =>
            '```json\n{"includePaths": ["^/docs/"], "limit": 50, "webhook": "http://x"}\n```',
        },
      },
    });
    try {
      const res = await post(server, '/v2/crawl/params-preview', {
        url: 'https://example.com',
        prompt: 'only docs',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { url: 'https://example.com', includePaths: ['^/docs/'], limit: 50 },
      });
    } finally {
      await server.close();
    }
  });
});
