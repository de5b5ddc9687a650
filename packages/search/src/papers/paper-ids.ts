/**
 * Identifiers of research papers found in text and metadata: DOI, arXiv, PubMed (pmid) and
 * PubMed Central (pmcid). Each namespace holds every distinct id found, in the order found,
 * as the official client's `IdMap` (`Record<namespace, string[]>`) expects.
 */
export type IdMap = Record<string, string[]>;

/** Namespaces in the order `primaryId` prefers them (the client's doc lists arxiv, pmid, doi). */
export const ID_PREFERENCE = ['arxiv', 'pmid', 'doi', 'pmcid'] as const;

// A DOI is "10.<registrant>/<suffix>"; the suffix ends before whitespace, quotes or angle
// brackets, and trailing sentence punctuation is not part of it.
const DOI = /\b(10\.\d{4,9}\/[^\s"'<>]+)/g;
// New-style arXiv ids (2007 on: YYMM.NNNN or YYMM.NNNNN, optional version) named as arXiv,
// and old-style ids (archive/YYMMNNN) only when named, since bare digits are too common.
const ARXIV_NAMED =
  /\barxiv(?:\.org\/(?:abs|pdf)\/|:\s*|\s+)((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?)/gi;
const PMID = /\b(?:PMID|PubMed\s+ID)\s*:?\s*(\d{1,8})\b/gi;
const PUBMED_URL = /pubmed\.ncbi\.nlm\.nih\.gov\/(\d{1,8})\b/gi;
const PMCID = /\b(PMC\d{4,9})\b/g;

function add(ids: IdMap, ns: string, value: string): void {
  const list = ids[ns] ?? [];
  if (!ids[ns]) ids[ns] = list;
  if (!list.includes(value)) list.push(value);
}

/** A DOI as written, without a `doi:` or resolver prefix and trailing punctuation; DOIs compare case-insensitively, so lowercase. */
export function cleanDoi(raw: string): string | undefined {
  const s = raw
    .trim()
    .replace(/^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)/i, '')
    .replace(/[.,;:)\]}]+$/, '');
  return /^10\.\d{4,9}\/\S+$/.test(s) ? s.toLowerCase() : undefined;
}

/** An arXiv id without the `arXiv:` prefix and without its version (versions are one paper). */
export function cleanArxiv(raw: string): string | undefined {
  const s = raw
    .trim()
    .replace(/^(?:arxiv:\s*|https?:\/\/arxiv\.org\/(?:abs|pdf)\/)/i, '')
    .replace(/\.pdf$/i, '')
    .replace(/v\d+$/, '');
  return /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/i.test(s) ? s : undefined;
}

/** Ids named in running text (the first pages of a PDF, a page's body). */
export function idsInText(text: string, ids: IdMap = {}): IdMap {
  for (const m of text.matchAll(ARXIV_NAMED)) {
    const id = cleanArxiv(m[1]);
    if (id) add(ids, 'arxiv', id);
  }
  for (const m of text.matchAll(DOI)) {
    // arXiv's own DOIs (10.48550/arXiv.<id>) name the arXiv record: keep both.
    const doi = cleanDoi(m[1]);
    if (doi) add(ids, 'doi', doi);
  }
  for (const re of [PMID, PUBMED_URL]) for (const m of text.matchAll(re)) add(ids, 'pmid', m[1]);
  for (const m of text.matchAll(PMCID)) add(ids, 'pmcid', m[1].toUpperCase());
  return ids;
}

/** Ids from metadata keys (Highwire `citation_*`, Dublin Core, PRISM), which say what they are. */
export function idsInMetadata(meta: Map<string, string[]>, ids: IdMap = {}): IdMap {
  const each = (keys: string[], f: (v: string) => void) => {
    for (const k of keys) for (const v of meta.get(k) ?? []) f(v);
  };
  each(['citation_arxiv_id'], (v) => {
    const id = cleanArxiv(v);
    if (id) add(ids, 'arxiv', id);
  });
  each(['citation_doi', 'prism.doi', 'dc.identifier', 'dcterms.identifier', 'bepress_citation_doi'], (v) => {
    const doi = cleanDoi(v);
    if (doi) add(ids, 'doi', doi);
    else idsInText(v, ids);
  });
  each(['citation_pmid'], (v) => {
    if (/^\d{1,8}$/.test(v.trim())) add(ids, 'pmid', v.trim());
  });
  each(['citation_pmcid'], (v) => {
    const m = /^(?:PMC)?(\d{4,9})$/i.exec(v.trim());
    if (m) add(ids, 'pmcid', `PMC${m[1]}`);
  });
  // Links to the paper's records name it too.
  each(['citation_abstract_html_url', 'citation_pdf_url', 'citation_fulltext_html_url', 'og:url'], (v) =>
    idsInText(v, ids),
  );
  return ids;
}

/** The preferred citable id, `namespace:id`, or undefined when there is none. */
export function primaryIdOf(ids: IdMap): string | undefined {
  for (const ns of ID_PREFERENCE) {
    const first = ids[ns]?.[0];
    if (first) return `${ns}:${first}`;
  }
  return undefined;
}

/** Every id of a map as `namespace:id` keys, the form `primaryId` and paper references take. */
export function idKeys(ids: IdMap): string[] {
  return Object.entries(ids).flatMap(([ns, list]) => list.map((v) => `${ns}:${v}`));
}

/**
 * The lookup key of a paper reference as the official client documents them: `pmid:<id>`,
 * `pmcid:<id>`, `doi:<doi>`, `arxiv:<id>`, a bare arXiv id, an arXiv or doi.org URL, a bare DOI.
 * Lowercased so DOIs and arXiv ids compare as their registries do; undefined when it names none.
 */
export function refKey(ref: string): string | undefined {
  const r = ref.trim();
  const ns = /^(pmid|pmcid|doi|arxiv):\s*(.+)$/i.exec(r);
  if (ns) {
    const [space, value] = [ns[1].toLowerCase(), ns[2].trim()];
    const v =
      space === 'doi'
        ? cleanDoi(value)
        : space === 'arxiv'
          ? cleanArxiv(value)
          : space === 'pmid'
            ? /^\d{1,8}$/.exec(value)?.[0]
            : /^(?:PMC)?\d{4,9}$/i.test(value)
              ? `PMC${value.replace(/^PMC/i, '')}`
              : undefined;
    return v ? `${space}:${v}`.toLowerCase() : undefined;
  }
  const arxiv = cleanArxiv(r);
  if (arxiv) return `arxiv:${arxiv}`.toLowerCase();
  const doi = cleanDoi(r);
  return doi ? `doi:${doi}` : undefined;
}
