import { LocalIndexProvider } from '../local/local-provider.js';
import type { SearchProvider } from '../provider.js';
import { BraveProvider } from './brave.js';
import { SearxngProvider } from './searxng.js';

/**
 * The provider a server or CLI configures from its environment: a remote one when configured
 * (DISTILL_SEARXNG_URL, then DISTILL_BRAVE_API_KEY), else the local index named by DISTILL_INDEX.
 */
export function providerFromEnv(
  env: Record<string, string | undefined> = process.env,
): SearchProvider | undefined {
  if (env.DISTILL_SEARXNG_URL) return new SearxngProvider({ baseUrl: env.DISTILL_SEARXNG_URL });
  const brave = env.DISTILL_BRAVE_API_KEY;
  if (brave) return new BraveProvider({ apiKey: brave, baseUrl: env.DISTILL_BRAVE_BASE_URL });
  if (env.DISTILL_INDEX) return new LocalIndexProvider(env.DISTILL_INDEX);
  return undefined;
}
