/** The spec's retryable statuses; nothing else is retried. */
export const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);
export const MAX_ATTEMPTS = 5;
export const MAX_BACKOFF_S = 30;

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The wait before retry number `retry` (0 for the first retry): the server's Retry-After when it
 * gave one, else min(2^retry, 30) seconds; plus up to 1 second of jitter either way.
 */
export function retryDelayMs(retry: number, retryAfterS: number | undefined, random: () => number): number {
  const base = retryAfterS ?? Math.min(2 ** retry, MAX_BACKOFF_S);
  return Math.round(base * 1000 + random() * 1000);
}
