import { readFile } from 'node:fs/promises';
import { DistillError } from 'distill';
import { tokenize } from '../local/tokenize.js';
import { hostInDomain, hostOf } from '../query/match.js';

/** The spec's DiscoveredTool contract (additional properties allowed). */
export interface DiscoveredTool {
  id: string;
  provider: string;
  capability: string;
  name: string;
  description: string;
  creditsCost: number;
  perRecord: boolean;
  options?: { name: string; type: string }[];
  response?: { about: string; key: string; fields: Record<string, unknown>[] };
  matchedBy?: ('semantic' | 'domain')[];
  matchedUrls?: string[];
  [key: string]: unknown;
}

/** A catalogue entry: a tool contract plus the domains it serves (for domain matching). */
export interface CatalogueTool extends DiscoveredTool {
  domains?: string[];
}

const K1 = 1.2;
const B = 0.75;

function validTool(t: unknown): t is CatalogueTool {
  if (!t || typeof t !== 'object') return false;
  const o = t as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    typeof o.provider === 'string' &&
    typeof o.capability === 'string' &&
    typeof o.name === 'string' &&
    typeof o.description === 'string' &&
    typeof o.creditsCost === 'number' &&
    Number.isInteger(o.creditsCost) &&
    o.creditsCost >= 0 &&
    typeof o.perRecord === 'boolean' &&
    (o.domains === undefined || (Array.isArray(o.domains) && o.domains.every((d) => typeof d === 'string')))
  );
}

/** The contract as returned: internal fields (domains) dropped, match fields set by the caller. */
function contract(t: CatalogueTool): DiscoveredTool {
  const { domains: _domains, matchedBy: _m, matchedUrls: _u, ...rest } = t;
  return rest;
}

/**
 * Tool contracts from a local catalogue file, found semantically (BM25 over name, description
 * and capability) or by the domains of search results.
 */
export class ToolCatalogue {
  readonly tools: CatalogueTool[];
  /** Entries of the file that were not valid contracts. */
  readonly rejected: number;
  private readonly docs: { tf: Map<string, number>; len: number }[];
  private readonly df = new Map<string, number>();
  private readonly avg: number;

  constructor(entries: unknown[]) {
    this.tools = entries.filter(validTool);
    this.rejected = entries.length - this.tools.length;
    this.docs = this.tools.map((t) => {
      const toks = tokenize(`${t.name} ${t.name} ${t.capability.replace(/[_-]/g, ' ')} ${t.description}`);
      const tf = new Map<string, number>();
      for (const w of toks) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const w of tf.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      return { tf, len: toks.length };
    });
    this.avg = this.docs.reduce((s, d) => s + d.len, 0) / (this.docs.length || 1);
  }

  /** Reads `{ "tools": [...] }` or a bare array. */
  static async load(path: string): Promise<ToolCatalogue> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path, 'utf8'));
    } catch (e) {
      throw new DistillError(
        'SERVICE_UNAVAILABLE',
        `Tool catalogue unavailable: cannot read ${path} (${(e as Error).message})`,
      );
    }
    const list = Array.isArray(raw) ? raw : (raw as { tools?: unknown })?.tools;
    if (!Array.isArray(list)) {
      throw new DistillError(
        'SERVICE_UNAVAILABLE',
        `Tool catalogue unavailable: ${path} holds no "tools" array`,
      );
    }
    return new ToolCatalogue(list);
  }

  /** The tools that best match the query words, at most `limit`, each marked matchedBy semantic. */
  semantic(words: readonly string[], limit: number): DiscoveredTool[] {
    const q = [...new Set(words.flatMap((w) => tokenize(w)))];
    const n = this.tools.length;
    const scored: { i: number; score: number }[] = [];
    this.docs.forEach((d, i) => {
      let s = 0;
      for (const w of q) {
        const tf = d.tf.get(w);
        if (!tf) continue;
        const df = this.df.get(w) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        s += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.len) / this.avg));
      }
      if (s > 0) scored.push({ i, score: s });
    });
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    return scored.slice(0, limit).map(({ i }) => ({ ...contract(this.tools[i]), matchedBy: ['semantic'] }));
  }

  /** Tools serving the domains of these results (URLs, or URLs with a host), with the URLs that matched, at most `limit`. */
  byDomain(results: readonly (string | { url: string; host?: string })[], limit: number): DiscoveredTool[] {
    const out: DiscoveredTool[] = [];
    const items = results.map((r) => (typeof r === 'string' ? { url: r } : r));
    for (const t of this.tools) {
      if (!t.domains?.length) continue;
      const matched = items
        .filter((r) => {
          // Local files indexed under a host match on that host.
          const host = hostOf(r);
          return host !== '' && t.domains!.some((d) => hostInDomain(host, d));
        })
        .map((r) => r.url);
      if (matched.length)
        out.push({ ...contract(t), matchedBy: ['domain'], matchedUrls: [...new Set(matched)] });
      if (out.length >= limit) break;
    }
    return out;
  }
}

/** Semantic and domain matches in one list: a tool found both ways appears once, with both reasons. */
export function mergeTools(semantic: DiscoveredTool[], domain: DiscoveredTool[]): DiscoveredTool[] {
  const byId = new Map<string, DiscoveredTool>();
  for (const t of [...semantic, ...domain]) {
    const seen = byId.get(t.id);
    if (!seen) {
      byId.set(t.id, { ...t });
      continue;
    }
    seen.matchedBy = [...new Set([...(seen.matchedBy ?? []), ...(t.matchedBy ?? [])])];
    if (t.matchedUrls) seen.matchedUrls = [...new Set([...(seen.matchedUrls ?? []), ...t.matchedUrls])];
  }
  return [...byId.values()];
}
