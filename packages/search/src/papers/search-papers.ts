import { DistillError } from 'distill';
import type { SearchProvider } from '../provider.js';
import type { PaperQuery, PaperResult } from './paper-search.js';

/** `GET /v2/search/research/papers` as the official client sends it: repeated keys for lists. */
export type PaperQueryInput = Record<string, string | string[] | undefined>;

/** The spec's query length limit (Limits table), shared with `POST /v2/search`. */
const QUERY_MAX = 500;
const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const invalid = (field: string, message: string) =>
  new DistillError('BAD_REQUEST', `Bad Request: ${field} ${message}`, {
    details: [{ field, message, code: 'invalid' }],
  });
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * Reads the query string of the paper search: `query` (required, up to the search limit of 500
 * characters), `k` (1..500, default 40, the client's documented range), `authors` (all must
 * match), `from` / `to` (`YYYY-MM-DD`, inclusive). The client's `categories` filters arXiv
 * subject categories, which a local index does not record, so it is refused rather than ignored.
 */
export function readPaperQuery(q: PaperQueryInput): PaperQuery {
  const query = one(q.query)?.trim();
  if (!query) throw invalid('query', 'is required');
  if (query.length > QUERY_MAX) throw invalid('query', `is longer than ${QUERY_MAX} characters`);
  const kRaw = one(q.k);
  const k = kRaw === undefined ? 40 : Number(kRaw);
  if (!Number.isInteger(k) || k < 1 || k > 500) throw invalid('k', 'must be an integer 1..500');
  const out: PaperQuery = { query, k };
  const authors = list(q.authors)
    .map((a) => a.trim())
    .filter(Boolean);
  if (authors.length) out.authors = authors;
  for (const f of ['from', 'to'] as const) {
    const v = one(q[f]);
    if (v === undefined || v === '') continue;
    if (!DATE.test(v)) throw invalid(f, 'must be a date YYYY-MM-DD');
    out[f] = v;
  }
  if (list(q.categories).some((c) => c.trim())) {
    throw new DistillError(
      'UNSUPPORTED_OPTION',
      'categories (arXiv subject categories) cannot be applied: the papers of this index carry no subject categories',
      { details: [{ field: 'categories', message: 'not supported by this server', code: 'unsupported' }] },
    );
  }
  return out;
}

/** Runs a paper search through a provider that has a paper index (501 when it has none). */
export async function searchPapers(
  input: PaperQueryInput,
  provider: SearchProvider,
  signal?: AbortSignal,
): Promise<{ success: true; results: PaperResult[] }> {
  const q = readPaperQuery(input);
  if (!provider.searchPapers) {
    throw new DistillError(
      'NOT_CONFIGURED',
      `Not Implemented: the ${provider.name} search provider has no research paper index; build a local index that holds papers with \`distill index\` and serve it with --index`,
    );
  }
  return { success: true, results: await provider.searchPapers(q, signal) };
}
