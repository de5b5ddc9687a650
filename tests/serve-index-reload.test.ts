import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, type Served, serveProcess } from './helpers/spawn.js';

// `distill serve --index` keeps the local index in memory between searches (it is not read from
// disk on every request: packages/search/src/providers/from-env.test.ts checks the instance) and
// reads it again once `distill index` has rewritten the file: a search after the rebuild sees
// the new documents, through the official client.

const KEY = 'index-reload-key';
let dir: string;
let docs: string;
let index: string;
let served: Served;

const page = (word: string) =>
  `<!doctype html><html><head><title>${word} notes</title></head><body><main><h1>${word} notes</h1><p>All about the ${word} and its keeping.</p></main></body></html>`;

async function build(): Promise<void> {
  const r = await distill(['index', docs, '--index', index]);
  expect(r.status, r.stderr).toBe(0);
}

const titles = async (q: string) =>
  ((await new Firecrawl({ apiKey: KEY, apiUrl: served.url }).search(q, { limit: 5 })).web ?? []).map(
    (r) => (r as { title?: string }).title,
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'distill-index-reload-'));
  docs = join(dir, 'docs');
  index = join(dir, 'index');
  mkdirSync(docs);
  writeFileSync(join(docs, 'animal.html'), page('aardvark'));
  await build();
  served = await serveProcess(['--index', index, '--data-dir', join(dir, 'data')], {
    DISTILL_API_KEYS: KEY,
    DISTILL_REDIS_URL: '',
    DISTILL_QUEUE: '',
    DISTILL_SEARXNG_URL: '',
    DISTILL_BRAVE_API_KEY: '',
  });
}, 120_000);

afterAll(async () => {
  await served?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the local index of distill serve', { timeout: 180_000 }, () => {
  it('a search after distill index rewrote the file sees the new documents, not the cached ones', async () => {
    expect(await titles('aardvark')).toEqual(['aardvark notes']);
    expect(await titles('aardvark')).toEqual(['aardvark notes']);
    writeFileSync(join(docs, 'animal.html'), page('zebu'));
    await build();
    expect(await titles('zebu')).toEqual(['zebu notes']);
    expect(await titles('aardvark')).toEqual([]);
  });
});
