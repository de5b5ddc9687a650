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
 * The spec's versioning rule (item 2) is in force: the `research` category searches the
 * provider's paper index and answers paper records in `data.research`. A provider without one
 * (a web search backend) answers an empty list and this note.
 */
export const researchIndexMissing = (provider: string): string =>
  `The research category searches a research paper index and answers data.research; the ${provider} ` +
  'search provider has none, so data.research is empty. Build a local index that holds papers ' +
  '(`distill index`), or use includeDomains for web pages from academic sites.';

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
