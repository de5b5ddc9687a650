import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PaperIndex, type PaperQuery, type PaperResult } from '../papers/paper-search.js';
import type {
  ProviderCapabilities,
  ProviderRequest,
  ProviderResponse,
  ProviderResult,
  SearchProvider,
} from '../provider.js';
import {
  compileMatcher,
  domainAllowed,
  foldedText,
  hostInDomain,
  type Matchable,
  type OperatorGroup,
  siteMatches,
} from '../query/match.js';
import { type OperatorName, type ParsedQuery, positiveWords } from '../query/operators.js';
import { inRange } from '../query/tbs.js';
import { INDEX_FILE, type IndexData, type IndexedDoc, readIndex } from './index-format.js';
import { tokenize } from './tokenize.js';

const K1 = 1.2;
const B = 0.75;
/** A query word in the title counts as much as a few in the body. */
const TITLE_WEIGHT = 2;
const ALL_GROUPS: ReadonlySet<OperatorGroup> = new Set([
  'site',
  'filetype',
  'inurl',
  'intitle',
  'phrase',
  'exclude',
]);
const IMAGE_GROUPS: ReadonlySet<OperatorGroup> = new Set(['site', 'inurl', 'intitle', 'phrase', 'exclude']);

export interface ScoredDoc {
  doc: IndexedDoc;
  score: number;
}

/** An index read into memory: BM25 over titles and bodies, every operator and filter applied exactly. */
export class LocalIndex {
  readonly data: IndexData;
  private readonly titleSets: Set<string>[];
  private readonly dates: number[];
  /** Documents by host, and those without one, so site: narrows before anything is scored. */
  private readonly byHost = new Map<string, number[]>();
  private readonly hostless: number[] = [];
  /** Folded texts, computed on the first phrase or exclusion that needs each one. */
  private readonly folded: (string | undefined)[] = [];
  private paperIndex?: PaperIndex;

  constructor(data: IndexData) {
    this.data = data;
    this.titleSets = data.docs.map((d) => new Set(d.titleTokens));
    this.dates = data.docs.map((d) => Date.parse(d.date));
    for (const d of data.docs) {
      if (!d.host) this.hostless.push(d.id);
      else {
        const list = this.byHost.get(d.host) ?? [];
        if (!list.length) this.byHost.set(d.host, list);
        list.push(d.id);
      }
    }
  }

  private foldedOf(d: IndexedDoc): string {
    let f = this.folded[d.id];
    if (f === undefined) {
      f = foldedText(d);
      this.folded[d.id] = f;
    }
    return f;
  }

  /** Documents that may satisfy one of the site: values (hosts in the domain, and every hostless file). */
  private siteCandidates(sites: readonly string[]): Set<number> {
    const out = new Set<number>(this.hostless);
    const domains = sites.map((s) => s.split('/')[0]);
    for (const [host, ids] of this.byHost) {
      if (domains.some((d) => hostInDomain(host, d))) for (const id of ids) out.add(id);
    }
    return out;
  }

  /** The research papers among the documents, ranked by title and abstract. */
  searchPapers(q: PaperQuery): PaperResult[] {
    return this.papers().search(q);
  }

  /** The papers of the index, for lookups, passages and the citation graph. */
  papers(): PaperIndex {
    this.paperIndex ??= new PaperIndex(this.data.docs, resultUrl);
    return this.paperIndex;
  }

  static async open(indexDir: string): Promise<LocalIndex> {
    return new LocalIndex(await readIndex(indexDir));
  }

  get size(): number {
    return this.data.docs.length;
  }

  private idf(term: string): number {
    const list = this.data.postings[term];
    const df = list ? list.length / 2 : 0;
    const n = this.data.docs.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** BM25 scores of every document holding at least one of the words. */
  score(words: readonly string[]): Map<number, number> {
    const scores = new Map<number, number>();
    const avg = this.data.avgLength || 1;
    for (const w of new Set(words)) {
      const list = this.data.postings[w];
      if (!list) continue;
      const idf = this.idf(w);
      for (let i = 0; i < list.length; i += 2) {
        const id = list[i];
        const tf = list[i + 1];
        const doc = this.data.docs[id];
        let s = tf > 0 ? (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avg)) : 0;
        if (this.titleSets[id].has(w)) s += TITLE_WEIGHT * idf;
        scores.set(id, (scores.get(id) ?? 0) + s);
      }
    }
    return scores;
  }

  private hasAll(id: number, words: readonly string[]): boolean {
    for (const w of words) {
      const list = this.data.postings[w];
      if (!list) return false;
      // Postings are sorted by doc id: binary search over the pairs.
      let lo = 0;
      let hi = list.length / 2 - 1;
      let found = false;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = list[mid * 2];
        if (v === id) {
          found = true;
          break;
        }
        if (v < id) lo = mid + 1;
        else hi = mid - 1;
      }
      if (!found) return false;
    }
    return true;
  }

  /** Words that characterise the documents of a domain, for `related:`. */
  private relatedWords(domain: string): { words: string[]; docs: Set<number> } {
    const docs = new Set<number>();
    const tf = new Map<string, number>();
    for (const d of this.data.docs) {
      if (!siteMatches(domain, d)) continue;
      docs.add(d.id);
      for (const t of tokenize(`${d.title} ${d.text.slice(0, 5000)}`)) tf.set(t, (tf.get(t) ?? 0) + 1);
    }
    const words = [...tf]
      .filter(([t]) => t.length > 2 && !/^\d+$/.test(t))
      .map(([t, n]) => [t, n * this.idf(t)] as const)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 20)
      .map(([t]) => t);
    return { words, docs };
  }

  /** Documents that satisfy the whole request, best first. */
  rank(req: ProviderRequest, warnings: string[] = []): ScoredDoc[] {
    // For images, filetype: names the image's format, checked per image, not the page's.
    const groups = req.kind === 'images' ? IMAGE_GROUPS : ALL_GROUPS;
    const q: ParsedQuery = req.query;
    let words = positiveWords(q).flatMap((w) => tokenize(w));
    let excludedDocs: Set<number> | undefined;
    if (q.related) {
      const rel = this.relatedWords(q.related);
      if (!rel.docs.size) warnings.push(`related: no indexed documents come from ${q.related}`);
      words = [...words, ...rel.words];
      excludedDocs = rel.docs;
      if (!rel.docs.size) return [];
    }
    const phraseWords = q.phrases.map((p) => tokenize(p));
    // Excluded single words are checked on the postings; only the rest need the text.
    const excludedTokens: string[] = [];
    const textExcluded: string[] = [];
    for (const t of q.excludedTerms) {
      const toks = tokenize(t);
      if (toks.length === 1) excludedTokens.push(toks[0]);
      else if (toks.length > 1) textExcluded.push(t);
    }
    const matches = compileMatcher({ ...q, excludedTerms: textExcluded }, groups);
    const needText = q.phrases.length > 0 || textExcluded.length > 0 || q.excludedPhrases.length > 0;
    const inSites = q.sites.length ? this.siteCandidates(q.sites) : undefined;
    let candidates: ScoredDoc[];
    if (words.length) {
      candidates = [];
      for (const [id, score] of this.score(words)) {
        if (!inSites || inSites.has(id)) candidates.push({ doc: this.data.docs[id], score });
      }
    } else if (inSites) {
      candidates = [...inSites].sort((a, b) => a - b).map((id) => ({ doc: this.data.docs[id], score: 0 }));
    } else {
      candidates = this.data.docs.map((doc) => ({ doc, score: 0 }));
    }
    const out: ScoredDoc[] = [];
    for (const c of candidates) {
      const d = c.doc;
      if (excludedDocs?.has(d.id)) continue;
      if (req.time && !inRange(req.time, this.dates[d.id])) continue;
      if (!domainAllowed(d, req.includeDomains, req.excludeDomains)) continue;
      if (phraseWords.some((pw) => !this.hasAll(d.id, pw))) continue;
      if (excludedTokens.some((t) => this.hasAll(d.id, [t]))) continue;
      if (!matches(needText ? { ...d, folded: this.foldedOf(d) } : (d as Matchable))) continue;
      out.push(c);
    }
    const byDate = req.time?.sortByDate === true;
    out.sort((a, b) => {
      if (byDate) {
        const dd = this.dates[b.doc.id] - this.dates[a.doc.id];
        if (dd) return dd;
      }
      return b.score - a.score || a.doc.id - b.doc.id;
    });
    return out;
  }

  search(req: ProviderRequest): ProviderResponse {
    const warnings: string[] = [];
    if (req.kind === 'news') return { results: [], warnings: ['the local index has no news source'] };
    const ranked = this.rank(req, warnings);
    const results: ProviderResult[] = [];
    if (req.kind === 'web') {
      for (const { doc } of ranked.slice(0, req.limit)) results.push(docResult(doc));
      return { results, warnings };
    }
    // Images: every image of the matching documents, those whose alt text holds a query word first.
    const q = req.query;
    const words = new Set(positiveWords(q).flatMap((w) => tokenize(w)));
    const images: { r: ProviderResult; score: number; order: number }[] = [];
    for (const { doc, score } of ranked) {
      for (const img of doc.images) {
        if (q.imagesize && (img.width !== q.imagesize.width || img.height !== q.imagesize.height)) continue;
        if (q.larger && !(img.width !== undefined && img.height !== undefined)) continue;
        if (q.larger && (img.width! <= q.larger.width || img.height! <= q.larger.height)) continue;
        if (q.filetypes.length || q.excludedFiletypes.length) {
          // For images, filetype: names the image's own format.
          const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(img.url)?.[1]?.toLowerCase() ?? '';
          if (q.filetypes.length && !q.filetypes.includes(ext)) continue;
          if (q.excludedFiletypes.includes(ext)) continue;
        }
        const altHits = tokenize(img.alt ?? '').filter((t) => words.has(t)).length;
        images.push({
          r: {
            url: resultUrl(doc),
            title: img.alt || doc.title,
            description: doc.title,
            date: doc.date,
            host: doc.host,
            path: doc.path,
            imageUrl: img.url,
            imageWidth: img.width,
            imageHeight: img.height,
            pageUrl: resultUrl(doc),
          },
          score: score + altHits * 10,
          order: images.length,
        });
      }
    }
    images.sort((a, b) => b.score - a.score || a.order - b.order);
    return { results: images.slice(0, req.limit).map((i) => i.r), warnings };
  }
}

/** The address a result shows: where the document came from on the web, else its file. */
export const resultUrl = (doc: IndexedDoc): string => doc.sourceUrl ?? doc.url;

/** A web result of the local index: the document's title, URL, description, date and text. */
export function docResult(doc: IndexedDoc): ProviderResult {
  return {
    url: resultUrl(doc),
    ...(doc.sourceUrl ? { file: doc.url } : {}),
    title: doc.title,
    description: doc.description,
    date: doc.date,
    host: doc.host,
    path: doc.path,
    text: doc.text,
  };
}

const LOCAL_OPERATORS: ReadonlySet<OperatorName> = new Set([
  'phrase',
  'exclude',
  'site',
  'filetype',
  'inurl',
  'allinurl',
  'intitle',
  'allintitle',
  'related',
  'imagesize',
  'larger',
]);

/** The embedded provider: searches an index built by `distill index`, offline. */
/** What tells one index file from its replacement: inode, size and modification time (undefined when absent). */
async function fileVersion(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return undefined;
  }
}

export class LocalIndexProvider implements SearchProvider {
  readonly name = 'local';
  readonly capabilities: ProviderCapabilities = {
    sources: new Set(['web', 'images']),
    operators: LOCAL_OPERATORS,
    domainFilter: true,
  };
  private index?: Promise<LocalIndex>;
  /** The index file as it was when `index` was read from it: a different one is read again. */
  private loadedFrom?: string;

  constructor(private readonly source: string | LocalIndex) {
    if (typeof source !== 'string') this.index = Promise.resolve(source);
  }

  /**
   * The loaded index: read on first use, and again when the file changed since (`distill
   * index` rewrites it by a rename, so a server picks up a rebuilt index on its next search
   * without re-reading an unchanged one on every request).
   */
  async load(): Promise<LocalIndex> {
    if (typeof this.source !== 'string') return this.index as Promise<LocalIndex>;
    const version = await fileVersion(join(this.source, INDEX_FILE));
    if (!this.index || version !== this.loadedFrom) {
      this.loadedFrom = version;
      const loading = LocalIndex.open(this.source);
      this.index = loading;
      // A failed load is retried next time rather than cached.
      loading.catch(() => {
        if (this.index === loading) this.index = undefined;
      });
    }
    return this.index;
  }

  async search(req: ProviderRequest): Promise<ProviderResponse> {
    const index = await this.load();
    return { ...index.search(req), timeFilterApplied: true, sortedByDate: true };
  }

  async searchPapers(q: PaperQuery): Promise<PaperResult[]> {
    return (await this.load()).searchPapers(q);
  }

  async papers(): Promise<PaperIndex> {
    return (await this.load()).papers();
  }
}
