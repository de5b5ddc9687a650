import { idKeys } from './paper-ids.js';
import type { Entry, PaperIndex, PaperResult } from './paper-search.js';

/** The official client's `similarPapers` options, read and checked. */
export interface SimilarQuery {
  intent: string;
  mode: 'similar' | 'citers' | 'references';
  k: number;
}

/** The client's `PaperSignals`: why a paper was found. */
export interface PaperSignals {
  /** Citation links to the seeds: direct citations, shared references, shared citers. */
  structural: number;
  /** BM25 of the intent over the paper's title and abstract (0 when no word occurs). */
  semantic: number;
  /** How many papers of this index cite it. */
  articleRank: number;
  /** How many of the seeds it is linked to. */
  seedOverlap: number;
}

// A type, not an interface: the server passes it on as a plain JSON record.
export type SimilarResult = {
  results: (PaperResult & { signals: PaperSignals })[];
  poolSize: number;
  truncated: boolean;
  note: string | null;
};

/**
 * The citation graph of an index's papers: an edge A → B when A names one of B's ids after its
 * front matter (its references, recorded as `cites` when the index was built). Only papers in
 * the index take part: a reference to a paper the index does not hold leads nowhere.
 */
class CitationGraph {
  readonly cites = new Map<Entry, Set<Entry>>();
  readonly citedBy = new Map<Entry, Set<Entry>>();

  constructor(papers: PaperIndex) {
    const byKey = new Map<string, Entry>();
    for (const e of papers.entries)
      for (const k of idKeys(e.doc.paper!.ids))
        if (!byKey.has(k.toLowerCase())) byKey.set(k.toLowerCase(), e);
    for (const e of papers.entries) {
      this.cites.set(e, new Set());
      this.citedBy.set(e, new Set());
    }
    for (const a of papers.entries) {
      for (const key of a.doc.paper!.cites ?? []) {
        const b = byKey.get(key.toLowerCase());
        if (!b || b === a) continue;
        this.cites.get(a)!.add(b);
        this.citedBy.get(b)!.add(a);
      }
    }
  }

  private count(a: Set<Entry>, b: Set<Entry>, except: Entry): number {
    let n = 0;
    for (const x of a) if (x !== except && b.has(x)) n++;
    return n;
  }

  /** How strongly `c` is linked to `seed` under `mode`. */
  strength(seed: Entry, c: Entry, mode: SimilarQuery['mode']): number {
    const cites = (x: Entry) => this.cites.get(x)!;
    const citedBy = (x: Entry) => this.citedBy.get(x)!;
    if (mode === 'references') return cites(seed).has(c) ? 1 : 0;
    if (mode === 'citers') return citedBy(seed).has(c) ? 1 : 0;
    // Similar: cited by or citing the seed, plus bibliographic coupling (references both cite)
    // and co-citation (papers citing both).
    const direct = (cites(seed).has(c) ? 1 : 0) + (citedBy(seed).has(c) ? 1 : 0);
    return direct + this.count(cites(seed), cites(c), c) + this.count(citedBy(seed), citedBy(c), c);
  }
}

const graphs = new WeakMap<PaperIndex, CitationGraph>();

/**
 * Papers related to the seeds through the index's citation graph (`references`: what the seeds
 * cite; `citers`: what cites them; `similar`: either, or sharing references or citers with
 * them), ranked by structural strength plus the intent's relevance to each title and abstract.
 */
export function similarPapers(
  papers: PaperIndex,
  seeds: Entry[],
  q: SimilarQuery,
  intentWords: readonly string[],
): SimilarResult {
  let graph = graphs.get(papers);
  if (!graph) {
    graph = new CitationGraph(papers);
    graphs.set(papers, graph);
  }
  const pool: { e: Entry; signals: PaperSignals; score: number; i: number }[] = [];
  papers.entries.forEach((e, i) => {
    if (seeds.includes(e)) return;
    let structural = 0;
    let seedOverlap = 0;
    for (const s of seeds) {
      const n = graph.strength(s, e, q.mode);
      structural += n;
      if (n > 0) seedOverlap++;
    }
    if (structural === 0) return;
    const semantic = Math.round(papers.relevance(e, intentWords) * 10_000) / 10_000;
    const signals = { structural, semantic, articleRank: graph.citedBy.get(e)!.size, seedOverlap };
    pool.push({ e, signals, score: structural + semantic, i });
  });
  pool.sort((a, b) => b.score - a.score || a.i - b.i);
  const cited = seeds.some((s) => (graph.cites.get(s)?.size ?? 0) + (graph.citedBy.get(s)?.size ?? 0) > 0);
  return {
    results: pool.slice(0, q.k).map(({ e, score, signals }) => ({ ...papers.result(e, score), signals })),
    poolSize: pool.length,
    truncated: pool.length > q.k,
    note: pool.length
      ? null
      : cited
        ? `no paper of this index is linked to the seed as ${q.mode} asks`
        : 'no paper of this index cites the seed or is cited by it (citations are read from the references of indexed papers)',
  };
}
