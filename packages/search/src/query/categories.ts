import type { ParsedQuery } from './operators.js';

export type CategoryName = 'developer' | 'research' | 'pdf';

/** The 14 academic and research sites the `research` category restricts web results to. */
export const RESEARCH_SITES = [
  'arxiv.org',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov',
  'biorxiv.org',
  'medrxiv.org',
  'semanticscholar.org',
  'scholar.google.com',
  'researchgate.net',
  'ssrn.com',
  'jstor.org',
  'nature.com',
  'sciencedirect.com',
  'link.springer.com',
  'openreview.net',
] as const;

/** Code hosting, Q&A and curated documentation sites for the `developer` category. */
export const DEVELOPER_SITES = [
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'codeberg.org',
  'stackoverflow.com',
  'developer.mozilla.org',
  'docs.python.org',
  'readthedocs.io',
  'docs.rs',
  'pkg.go.dev',
  'npmjs.com',
  'learn.microsoft.com',
  'nodejs.org',
  'typescriptlang.org',
] as const;

/**
 * The spec's note for the research category (Versioning, item 2): on this server the category
 * still filters web results to academic sites, and responses that use it say so.
 */
export const RESEARCH_CATEGORY_WARNING =
  'The research category filters web results to 14 academic websites on this server. The service ' +
  'moves it to a research index (results in data.research as paper records) from 2026-11-16; ' +
  'this server has no research index, so results stay in data.web. Use includeDomains for web pages ' +
  'from academic sites.';

/** The query a category searches: the user's query narrowed by site: or filetype: terms. */
export function applyCategory(q: ParsedQuery, category: CategoryName): ParsedQuery {
  const c: ParsedQuery = { ...q, sites: [...q.sites], filetypes: [...q.filetypes] };
  if (category === 'pdf') {
    if (!c.filetypes.includes('pdf')) c.filetypes = ['pdf'];
  } else {
    const sites: readonly string[] = category === 'research' ? RESEARCH_SITES : DEVELOPER_SITES;
    // A site: the user gave that lies inside the category narrows further; others cannot match.
    c.sites = q.sites.length
      ? q.sites.filter((s) => sites.some((d) => s === d || s.endsWith(`.${d}`) || s.startsWith(`${d}/`)))
      : [...sites];
    if (q.sites.length && !c.sites.length) c.sites = ['invalid.invalid'];
  }
  return c;
}
