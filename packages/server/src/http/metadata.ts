/** Metadata keys the spec types itself; any other key is "further page metadata" with a string value. */
const TYPED = new Set([
  'title',
  'description',
  'keywords',
  'language',
  'contentType',
  'sourceURL',
  'url',
  'statusCode',
  'numPages',
  'totalPages',
  'error',
  'ogLocaleAlternate',
  'concurrencyLimited',
  'concurrencyQueueDurationMs',
]);

/**
 * A document's metadata as the spec's parse response has it: its own keys as they are, every
 * further key as a string (parsers add counts such as a CSV's `rows` as numbers, and lists as
 * arrays; the library keeps those types, the HTTP API says them in the spec's form). Keys
 * without a value are dropped.
 */
export function specMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(metadata)) {
    if (v === undefined) continue;
    if (TYPED.has(k) || typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map(String).join(', ');
    else if (v !== null && typeof v === 'object') out[k] = JSON.stringify(v);
    else if (v !== null) out[k] = String(v);
  }
  return out;
}
