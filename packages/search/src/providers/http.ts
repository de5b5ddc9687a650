import { DistillError } from 'distill';

export type FetchLike = typeof fetch;

/** Strips tags and decodes the few entities search APIs put in titles and snippets. */
export function plainText(s: string | undefined | null): string {
  if (!s) return '';
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) =>
      e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'nbsp' ? ' ' : "'",
    )
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date a search API gives, in any form Date.parse reads, as ISO 8601; undefined when none or unreadable. */
export function isoDate(d: string | null | undefined): string | undefined {
  if (!d) return undefined;
  const t = Date.parse(d);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/**
 * GETs JSON from a search backend, mapping its failures onto the catalogue: an abort is a timeout
 * (408), a 429 is relayed with its Retry-After, anything else unusable is a bad gateway (502).
 */
export async function getJson(
  name: string,
  url: string,
  init: { headers?: Record<string, string>; signal: AbortSignal; fetch?: FetchLike },
): Promise<unknown> {
  const f = init.fetch ?? fetch;
  let res: Response;
  try {
    res = await f(url, { headers: { Accept: 'application/json', ...init.headers }, signal: init.signal });
  } catch (e) {
    if (init.signal.aborted)
      throw new DistillError('REQUEST_TIMEOUT', `Request Timeout: ${name} did not answer in time`);
    throw new DistillError('BAD_GATEWAY', `Bad Gateway: ${name} is unreachable (${(e as Error).message})`, {
      cause: e,
    });
  }
  if (res.status === 429) {
    const after = Number(res.headers.get('retry-after'));
    throw new DistillError('RATE_LIMIT_EXCEEDED', `Rate limit exceeded at ${name}`, {
      retryAfter: Number.isFinite(after) && after > 0 ? after : undefined,
    });
  }
  if (!res.ok) {
    const body = (await res.text().catch(() => '')).slice(0, 200);
    throw new DistillError(
      'BAD_GATEWAY',
      `Bad Gateway: ${name} answered ${res.status}${body ? `: ${body}` : ''}`,
    );
  }
  try {
    return await res.json();
  } catch {
    throw new DistillError('BAD_GATEWAY', `Bad Gateway: ${name} answered with invalid JSON`);
  }
}

/** Language of a country, for backends that localise by language. */
const LANGUAGE: Record<string, string> = {
  US: 'en',
  UK: 'en',
  GB: 'en',
  CA: 'en',
  AU: 'en',
  NZ: 'en',
  IE: 'en',
  IN: 'en',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  BE: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  IT: 'it',
  PT: 'pt',
  BR: 'pt',
  NL: 'nl',
  JP: 'ja',
  KR: 'ko',
  CN: 'zh',
  TW: 'zh',
  RU: 'ru',
  PL: 'pl',
  SE: 'sv',
  NO: 'nb',
  DK: 'da',
  FI: 'fi',
  TR: 'tr',
};

export const languageOf = (country: string): string | undefined => LANGUAGE[country.toUpperCase()];

/** ISO 3166 writes the United Kingdom GB; the spec's examples write UK. */
export const isoCountry = (country: string): string =>
  country.toUpperCase() === 'UK' ? 'GB' : country.toUpperCase();
