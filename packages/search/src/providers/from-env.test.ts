import { describe, expect, it } from 'vitest';
import { LocalIndexProvider } from '../local/local-provider.js';
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
