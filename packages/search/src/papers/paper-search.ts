import { DistillError } from 'distill';
import type { IndexedDoc } from '../local/index-format.js';
import { tokenize } from '../local/tokenize.js';
import { parseQuery, positiveWords } from '../query/operators.js';
import { type IdMap, idKeys, refKey } from './paper-ids.js';

/** The query of `GET /v2/search/research/papers` and of the `research` category. */
export interface PaperQuery {
  query: string;
  /** Results to return (the client's default is 40). */
  k: number;
  /** Author substrings; all must match an author, case-insensitively. */
  authors?: string[];
  /** Inclusive date bounds, `YYYY-MM-DD`, compared as strings (as the client documents). */
  from?: string;
  to?: string;
}

/** A ranked paper, as the official client's `PaperResult` reads it. */
export interface PaperResult {
  paperId: string;
  primaryId: string;
  ids: IdMap;
  title: string;
  abstract: string;
  score: number;
  /** Where the paper was indexed from (its web URL, or `file://` for a local file). */
  url: string;
}

const K1 = 1.2;
const B = 0.75;
/** A query word in the title counts as much as a couple in the abstract. */
const TITLE_WEIGHT = 2;

export interface Entry {
  doc: IndexedDoc;
  tf: Map<string, number>;
  title: Set<string>;
  length: number;
}

/** The web address a document came from, else its file:// URL. */
const defaultUrl = (doc: IndexedDoc) => doc.sourceUrl ?? doc.url;

/** The words of a query as index tokens; 400 when none is left to search for. */
export function queryWords(query: string, field = 'query'): string[] {
  const words = [...new Set(positiveWords(parseQuery(query)).flatMap((w) => tokenize(w)))];
  if (!words.length) {
    throw new DistillError('BAD_REQUEST', `Bad Request: the ${field} has no words to search for`, {
      details: [{ field, message: 'give at least one word', code: 'too_small' }],
    });
  }
  return words;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * BM25 over the titles and abstracts of the indexed documents that are papers (the service's
 * paper search ranks by abstract relevance too). Built once per loaded index; papers are few
 * next to pages, so a second small inverted structure costs little.
 */
export class PaperIndex {
  readonly entries: Entry[];
  private readonly df = new Map<string, number>();
  private readonly avg: number;
  /** Every id key (`namespace:id`, lowercased) and paperId of a paper, to its entry. */
  private readonly byKey = new Map<string, Entry>();

  constructor(
    docs: readonly IndexedDoc[],
    /** The URL a result shows: where the paper was indexed from. */
    readonly urlOf: (doc: IndexedDoc) => string = defaultUrl,
  ) {
    this.entries = [];
    for (const doc of docs) {
      if (!doc.paper) continue;
      const tokens = tokenize(`${doc.paper.title} ${doc.paper.abstract}`);
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      const entry: Entry = { doc, tf, title: new Set(tokenize(doc.paper.title)), length: tokens.length };
      this.entries.push(entry);
      // The first paper to claim an id keeps it (the index's order is the folder's).
      for (const k of [doc.paper.paperId, ...idKeys(doc.paper.ids).map((x) => x.toLowerCase())])
        if (!this.byKey.has(k)) this.byKey.set(k, entry);
    }
    this.avg = this.entries.reduce((n, e) => n + e.length, 0) / (this.entries.length || 1);
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * The paper a reference names: its canonical `paperId` (a decimal string), or an id key as
   * the client documents them (see `refKey`); undefined when this index holds no such paper.
   */
  find(ref: string): Entry | undefined {
    const r = ref.trim();
    if (/^\d+$/.test(r) && this.byKey.has(r)) return this.byKey.get(r);
    const key = refKey(r);
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /** BM25 of one paper's title and abstract for the words (0 when none occurs). */
  relevance(e: Entry, words: readonly string[]): number {
    const n = this.entries.length;
    let score = 0;
    for (const w of words) {
      const df = this.df.get(w);
      if (!df) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const tf = e.tf.get(w) ?? 0;
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * e.length) / (this.avg || 1)));
      if (e.title.has(w)) score += TITLE_WEIGHT * idf;
    }
    return score;
  }

  /** The client's `PaperResult` of an entry. */
  result(e: Entry, score: number): PaperResult {
    const p = e.doc.paper!;
    return {
      paperId: p.paperId,
      primaryId: p.primaryId,
      ids: p.ids,
      title: p.title,
      abstract: p.abstract,
      // Rounded so a response is the same run to run whatever the float summation order.
      score: Math.round(score * 10_000) / 10_000,
      url: this.urlOf(e.doc),
    };
  }

  search(q: PaperQuery): PaperResult[] {
    const words = queryWords(q.query);
    const authors = (q.authors ?? []).map(fold).filter(Boolean);
    const scored: { e: Entry; score: number; i: number }[] = [];
    this.entries.forEach((e, i) => {
      const p = e.doc.paper!;
      if (authors.length && !authors.every((a) => p.authors.some((name) => fold(name).includes(a)))) return;
      // Papers without a date cannot be shown to fall inside a range, so a range leaves them out.
      if ((q.from || q.to) && !p.date) return;
      if (q.from && p.date! < q.from) return;
      if (q.to && p.date!.slice(0, q.to.length) > q.to) return;
      const score = this.relevance(e, words);
      if (score > 0) scored.push({ e, score, i });
    });
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    return scored.slice(0, q.k).map(({ e, score }) => this.result(e, score));
  }
}
