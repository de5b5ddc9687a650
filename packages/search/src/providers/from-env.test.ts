import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../local/build-index.js';
import { LocalIndexProvider } from '../local/local-provider.js';
import { search } from '../search.js';
import { registryWithHtml } from '../testing/registry.js';
import { BraveProvider } from './brave.js';
import { providerFromEnv } from './from-env.js';
import { SearxngProvider } from './searxng.js';

describe('providerFromEnv', () => {
  it('prefers a configured remote provider, else the local index named by DISTILL_INDEX', () => {
    expect(
      providerFromEnv({ DISTILL_SEARXNG_URL: 'http://127.0.0.1:8888', DISTILL_INDEX: '/x' }),
    ).toBeInstanceOf(SearxngProvider);
    expect(providerFromEnv({ DISTILL_BRAVE_API_KEY: 'k', DISTILL_INDEX: '/x' })).toBeInstanceOf(
      BraveProvider,
    );
    expect(providerFromEnv({ DISTILL_INDEX: '/x' })).toBeInstanceOf(LocalIndexProvider);
    expect(providerFromEnv({})).toBeUndefined();
  });
});

describe('the local index behind providerFromEnv', () => {
  it('is built once per setting and read again only when distill index rewrote the file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'distill-from-env-'));
    const docs = join(root, 'docs');
    const indexDir = join(root, 'index');
    mkdirSync(docs);
    const page = (word: string) =>
      `<html><head><title>${word} notes</title></head><body><p>All about ${word} and its care.</p></body></html>`;
    writeFileSync(join(docs, 'a.html'), page('aardvark'));
    await buildIndex(docs, indexDir, { registry: registryWithHtml() });

    const env = { DISTILL_INDEX: indexDir };
    const provider = providerFromEnv(env) as LocalIndexProvider;
    expect(providerFromEnv({ ...env })).toBe(provider);
    const titles = async (q: string) =>
      ((await search({ query: q }, { provider: providerFromEnv(env) })).data.web ?? []).map((r) => r.title);
    expect(await titles('aardvark')).toEqual(['aardvark notes']);
    const first = await provider.load();
    // Unchanged file: the same index in memory, not a second read.
    expect(await provider.load()).toBe(first);

    writeFileSync(join(docs, 'a.html'), page('zebu'));
    await buildIndex(docs, indexDir, { registry: registryWithHtml() });
    expect(await titles('zebu')).toEqual(['zebu notes']);
    expect(await titles('aardvark')).toEqual([]);
    expect(await provider.load()).not.toBe(first);
  });
});
