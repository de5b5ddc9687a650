import { DistillError } from 'distill';
import type { SearchProvider } from '../provider.js';
import { type SimilarResult, similarPapers as similarInGraph } from './paper-graph.js';
import { type Passage, readPassages } from './paper-read.js';
import { type Entry, type PaperIndex, queryWords } from './paper-search.js';
import type { PaperQueryInput } from './search-papers.js';

/** The client's `PaperMetadata`: what the index knows of one paper. */
export interface PaperMetadata {
  paperId: string;
  ids: Record<string, string[]>;
  title: string;
  abstract: string;
  /** Comma-joined author names; left out when the paper names none. */
  authors?: string;
  /** The publication date the paper states; left out when it states none. */
  createdDate?: string;
}

export type GetPaperResponse =
  | { success: true; paper: PaperMetadata }
  | { success: true; paper: PaperMetadata; paperId: string; query: string; passages: Passage[] };

export type SimilarPapersResponse = { success: true } & SimilarResult;

const QUERY_MAX = 500;
const invalid = (field: string, message: string) =>
  new DistillError('BAD_REQUEST', `Bad Request: ${field} ${message}`, {
    details: [{ field, message, code: 'invalid' }],
  });
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function intIn(raw: string | undefined, field: string, min: number, max: number, dflt: number): number {
  const k = raw === undefined ? dflt : Number(raw);
  if (!Number.isInteger(k) || k < min || k > max) throw invalid(field, `must be an integer ${min}..${max}`);
  return k;
}

function text(raw: string | undefined, field: string): string | undefined {
  const v = raw?.trim();
  if (v && v.length > QUERY_MAX) throw invalid(field, `is longer than ${QUERY_MAX} characters`);
  return v || undefined;
}

async function indexOf(provider: SearchProvider): Promise<PaperIndex> {
  if (!provider.papers) {
    throw new DistillError(
      'NOT_CONFIGURED',
      `Not Implemented: the ${provider.name} search provider has no research paper index; build a local index that holds papers with \`distill index\` and serve it with --index`,
    );
  }
  return provider.papers();
}

function find(papers: PaperIndex, ref: string, field = 'id'): Entry {
  const r = ref.trim();
  if (!r) throw invalid(field, 'is required');
  const e = papers.find(r);
  if (!e) throw new DistillError('NOT_FOUND', `Not Found: no paper ${r} in this index`);
  return e;
}

/** "Okafor, Ngozi" (as citation tags write names) → "Ngozi Okafor", so commas only join names. */
const nameOrder = (name: string) => {
  const m = /^([^,]+),\s*([^,]+)$/.exec(name.trim());
  return m ? `${m[2]} ${m[1]}` : name.trim();
};

function metadataOf(e: Entry): PaperMetadata {
  const p = e.doc.paper!;
  return {
    paperId: p.paperId,
    ids: p.ids,
    title: p.title,
    abstract: p.abstract,
    ...(p.authors.length ? { authors: p.authors.map(nameOrder).join(', ') } : {}),
    ...(p.date ? { createdDate: p.date } : {}),
  };
}

/**
 * `GET /v2/search/research/papers/{id}` as the official client's `research.getPaper` sends it:
 * the paper's metadata, or with `query` (and `k`, 1..50, default 4) its in-body passages that
 * best answer the query. `id` is a paperId, `pmid:`/`pmcid:`/`doi:`/`arxiv:` key, a bare arXiv
 * id, or an arXiv or doi.org URL; 404 when the index holds no such paper.
 */
export async function getPaper(
  id: string,
  input: PaperQueryInput,
  provider: SearchProvider,
): Promise<GetPaperResponse> {
  const query = text(one(input.query), 'query');
  const kRaw = one(input.k);
  if (kRaw !== undefined && query === undefined) throw invalid('k', 'is only valid together with query');
  const k = intIn(kRaw, 'k', 1, 50, 4);
  const papers = await indexOf(provider);
  const e = find(papers, id);
  const paper = metadataOf(e);
  if (query === undefined) return { success: true, paper };
  return {
    success: true,
    paper,
    paperId: paper.paperId,
    query,
    passages: readPassages(e, queryWords(query), k),
  };
}

const MODES = ['similar', 'citers', 'references'] as const;

/**
 * `GET /v2/search/research/papers/{id}/similar` as `research.similarPapers` sends it: `intent`
 * (required), `mode` (similar, citers, references; default similar), `k` (1..500, default 40),
 * repeated `anchor` (further seeds). Answered from the index's own citation graph. `rerank`
 * asks for a reranking model this server does not have, so `rerank=true` is refused.
 */
export async function similarPapers(
  id: string,
  input: PaperQueryInput,
  provider: SearchProvider,
): Promise<SimilarPapersResponse> {
  const intent = text(one(input.intent), 'intent');
  if (!intent) throw invalid('intent', 'is required');
  const mode = (one(input.mode) ?? 'similar') as (typeof MODES)[number];
  if (!MODES.includes(mode)) throw invalid('mode', `must be one of ${MODES.join(', ')}`);
  const k = intIn(one(input.k), 'k', 1, 500, 40);
  const rerank = one(input.rerank);
  if (rerank !== undefined && rerank !== 'true' && rerank !== 'false')
    throw invalid('rerank', 'must be true or false');
  if (rerank === 'true') {
    throw new DistillError(
      'UNSUPPORTED_OPTION',
      'rerank needs a reranking model, which this server does not have; leave it out for the citation-graph ranking',
      { details: [{ field: 'rerank', message: 'not supported by this server', code: 'unsupported' }] },
    );
  }
  const words = queryWords(intent, 'intent');
  const papers = await indexOf(provider);
  const seeds = [find(papers, id)];
  for (const a of list(input.anchor)) {
    const e = find(papers, a, 'anchor');
    if (!seeds.includes(e)) seeds.push(e);
  }
  return { success: true, ...similarInGraph(papers, seeds, { intent, mode, k }, words) };
}
