import { LocalIndexProvider } from '../local/local-provider.js';
import type { SearchProvider } from '../provider.js';
import { BraveProvider } from './brave.js';
import { SearxngProvider } from './searxng.js';

/**
 * Providers built so far, by the settings they were built from: a server asks on every
 * request, and a local index must not be read from disk each time (the provider itself reads
 * the file again when it changes). A few entries at most: one per configuration in use.
 */
const built = new Map<string, SearchProvider | undefined>();
const MAX_BUILT = 16;

/**
 * The provider a server or CLI configures from its environment: a remote one when configured
 * (DISTILL_SEARXNG_URL, then DISTILL_BRAVE_API_KEY), else the local index named by DISTILL_INDEX.
 * The same settings give the same provider instance.
 */
export function providerFromEnv(
  env: Record<string, string | undefined> = process.env,
): SearchProvider | undefined {
  const settings = JSON.stringify([
    env.DISTILL_SEARXNG_URL,
    env.DISTILL_BRAVE_API_KEY,
    env.DISTILL_BRAVE_BASE_URL,
    env.DISTILL_INDEX,
  ]);
  if (built.has(settings)) return built.get(settings);
  const provider = buildProvider(env);
  if (built.size >= MAX_BUILT) built.delete(built.keys().next().value as string);
  built.set(settings, provider);
  return provider;
}

function buildProvider(env: Record<string, string | undefined>): SearchProvider | undefined {
  if (env.DISTILL_SEARXNG_URL) return new SearxngProvider({ baseUrl: env.DISTILL_SEARXNG_URL });
  const brave = env.DISTILL_BRAVE_API_KEY;
  if (brave) return new BraveProvider({ apiKey: brave, baseUrl: env.DISTILL_BRAVE_BASE_URL });
  if (env.DISTILL_INDEX) return new LocalIndexProvider(env.DISTILL_INDEX);
  return undefined;
}
