/**
 * The query operators of the spec, parsed into a structure that every provider reads. A provider
 * translates what its backend understands and the engine filters the rest afterwards, so the
 * parse must keep each operator's value and polarity apart from the plain words.
 */

export type OperatorName =
  | 'phrase'
  | 'exclude'
  | 'site'
  | 'filetype'
  | 'inurl'
  | 'allinurl'
  | 'intitle'
  | 'allintitle'
  | 'related'
  | 'imagesize'
  | 'larger';

export interface Dimensions {
  width: number;
  height: number;
}

export interface ParsedQuery {
  /** The query as given. */
  raw: string;
  /** Plain words, in order, as typed. */
  terms: string[];
  /** Quoted phrases that must appear as written. */
  phrases: string[];
  /** Words and phrases after `-`, which must not appear. */
  excludedTerms: string[];
  excludedPhrases: string[];
  /** `site:` values: any one of them must hold (several sites widen, as category filters do). */
  sites: string[];
  excludedSites: string[];
  /** Extensions, lowercase, without the dot. */
  filetypes: string[];
  excludedFiletypes: string[];
  /** Words that must each appear in the URL (`inurl:` and every word of `allinurl:`). */
  inurl: string[];
  excludedInurl: string[];
  /** Words that must each appear in the title. */
  intitle: string[];
  excludedIntitle: string[];
  related?: string;
  imagesize?: Dimensions;
  larger?: Dimensions;
  /** Operators whose value could not be read, kept as plain text and reported. */
  invalid: string[];
}

const OPERATORS = new Set([
  'site',
  'filetype',
  'ext',
  'inurl',
  'allinurl',
  'intitle',
  'allintitle',
  'related',
  'imagesize',
  'larger',
]);

interface Token {
  negated: boolean;
  op?: string;
  value: string;
  quoted: boolean;
}

/** Splits on whitespace, keeping double-quoted runs (also after `op:` or `-`) together. */
function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = query.length;
  while (i < n) {
    while (i < n && /\s/.test(query[i])) i++;
    if (i >= n) break;
    let negated = false;
    if (query[i] === '-' && i + 1 < n && !/\s/.test(query[i + 1])) {
      negated = true;
      i++;
    }
    let op: string | undefined;
    const m = /^([A-Za-z]+):/.exec(query.slice(i, i + 16));
    if (m && OPERATORS.has(m[1].toLowerCase())) {
      op = m[1].toLowerCase();
      if (op === 'ext') op = 'filetype';
      i += m[0].length;
    }
    let value = '';
    let quoted = false;
    if (query[i] === '"') {
      const end = query.indexOf('"', i + 1);
      quoted = true;
      value = end === -1 ? query.slice(i + 1) : query.slice(i + 1, end);
      i = end === -1 ? n : end + 1;
    } else {
      const start = i;
      while (i < n && !/\s/.test(query[i])) i++;
      value = query.slice(start, i);
    }
    tokens.push({ negated, op, value: value.trim(), quoted });
  }
  return tokens;
}

const DIMS = /^(\d{1,6})\s*[x×X]\s*(\d{1,6})$/;

function parseDims(v: string): Dimensions | undefined {
  const m = DIMS.exec(v.trim());
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
}

/** `site:` values: a hostname, optionally with a path, never a protocol. */
function cleanSite(v: string): string {
  return v
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

export function emptyQuery(raw = ''): ParsedQuery {
  return {
    raw,
    terms: [],
    phrases: [],
    excludedTerms: [],
    excludedPhrases: [],
    sites: [],
    excludedSites: [],
    filetypes: [],
    excludedFiletypes: [],
    inurl: [],
    excludedInurl: [],
    intitle: [],
    excludedIntitle: [],
    invalid: [],
  };
}

export function parseQuery(raw: string): ParsedQuery {
  const q = emptyQuery(raw);
  const tokens = tokenize(raw);
  // allinurl:/allintitle: take every following plain word, as the operators do on the web.
  let allMode: 'allinurl' | 'allintitle' | undefined;
  for (const t of tokens) {
    if (!t.op) {
      if (!t.value) continue;
      if (allMode && !t.negated) {
        const words = t.value.split(/\s+/).filter(Boolean);
        (allMode === 'allinurl' ? q.inurl : q.intitle).push(...words.map((w) => w.toLowerCase()));
        continue;
      }
      if (t.quoted) (t.negated ? q.excludedPhrases : q.phrases).push(t.value);
      else if (t.negated) q.excludedTerms.push(t.value);
      else if (t.value.toUpperCase() !== 'OR' && t.value !== '|') q.terms.push(t.value);
      continue;
    }
    const v = t.value;
    switch (t.op) {
      case 'site':
        if (v) (t.negated ? q.excludedSites : q.sites).push(cleanSite(v));
        else q.invalid.push('site:');
        break;
      case 'filetype': {
        const ext = v.replace(/^\./, '').toLowerCase();
        if (/^[a-z0-9]{1,10}$/.test(ext)) (t.negated ? q.excludedFiletypes : q.filetypes).push(ext);
        else q.invalid.push(`filetype:${v}`);
        break;
      }
      case 'inurl':
      case 'allinurl': {
        const words = v
          .split(/\s+/)
          .filter(Boolean)
          .map((w) => w.toLowerCase());
        (t.negated ? q.excludedInurl : q.inurl).push(...words);
        if (t.op === 'allinurl' && !t.negated) allMode = 'allinurl';
        break;
      }
      case 'intitle':
      case 'allintitle': {
        // A quoted title value is one phrase that must appear as written.
        const words = (t.quoted ? [v] : v.split(/\s+/)).filter(Boolean).map((w) => w.toLowerCase());
        (t.negated ? q.excludedIntitle : q.intitle).push(...words);
        if (t.op === 'allintitle' && !t.negated) allMode = 'allintitle';
        break;
      }
      case 'related':
        if (v) q.related = cleanSite(v);
        else q.invalid.push('related:');
        break;
      case 'imagesize':
      case 'larger': {
        const d = parseDims(v);
        if (d) q[t.op] = d;
        else q.invalid.push(`${t.op}:${v}`);
        break;
      }
    }
  }
  return q;
}

/** Which operators a parsed query uses; providers compare this with what they support. */
export function usedOperators(q: ParsedQuery): Set<OperatorName> {
  const used = new Set<OperatorName>();
  if (q.phrases.length || q.excludedPhrases.length) used.add('phrase');
  if (q.excludedTerms.length || q.excludedPhrases.length) used.add('exclude');
  if (q.sites.length || q.excludedSites.length) used.add('site');
  if (q.filetypes.length || q.excludedFiletypes.length) used.add('filetype');
  if (q.inurl.length || q.excludedInurl.length) used.add('inurl');
  if (q.intitle.length || q.excludedIntitle.length) used.add('intitle');
  if (q.related) used.add('related');
  if (q.imagesize) used.add('imagesize');
  if (q.larger) used.add('larger');
  return used;
}

const quote = (s: string) => (/\s/.test(s) ? `"${s}"` : s);

/**
 * Writes the query back as text for a backend, keeping only the operators it understands
 * (the rest are filtered after the results come back). Several `site:` values are joined with
 * OR, which web engines read as "any of".
 */
export function formatQuery(q: ParsedQuery, supported: ReadonlySet<OperatorName>): string {
  const parts: string[] = [...q.terms];
  if (supported.has('phrase')) parts.push(...q.phrases.map((p) => `"${p}"`));
  else parts.push(...q.phrases);
  if (supported.has('exclude')) {
    parts.push(...q.excludedTerms.map((t) => `-${t}`));
    if (supported.has('phrase')) parts.push(...q.excludedPhrases.map((p) => `-"${p}"`));
  }
  if (supported.has('site')) {
    if (q.sites.length === 1) parts.push(`site:${q.sites[0]}`);
    else if (q.sites.length > 1) parts.push(`(${q.sites.map((s) => `site:${s}`).join(' OR ')})`);
    if (supported.has('exclude')) parts.push(...q.excludedSites.map((s) => `-site:${s}`));
  }
  if (supported.has('filetype')) {
    if (q.filetypes.length === 1) parts.push(`filetype:${q.filetypes[0]}`);
    else if (q.filetypes.length > 1) parts.push(`(${q.filetypes.map((s) => `filetype:${s}`).join(' OR ')})`);
    if (supported.has('exclude')) parts.push(...q.excludedFiletypes.map((s) => `-filetype:${s}`));
  }
  if (supported.has('inurl')) {
    parts.push(...q.inurl.map((w) => `inurl:${w}`));
    if (supported.has('exclude')) parts.push(...q.excludedInurl.map((w) => `-inurl:${w}`));
  }
  if (supported.has('intitle')) {
    parts.push(...q.intitle.map((w) => `intitle:${quote(w)}`));
    if (supported.has('exclude')) parts.push(...q.excludedIntitle.map((w) => `-intitle:${quote(w)}`));
  }
  if (q.related && supported.has('related')) parts.push(`related:${q.related}`);
  if (!parts.length) {
    // An operator-only query still needs words for most engines: use the operator values.
    parts.push(...q.intitle, ...q.inurl, ...q.phrases);
  }
  return parts.join(' ').trim();
}

/** The words a ranking or highlight should look for: plain words, phrase words, title and URL words. */
export function positiveWords(q: ParsedQuery): string[] {
  return [...q.terms, ...q.phrases.flatMap((p) => p.split(/\s+/)), ...q.intitle, ...q.inurl].filter(Boolean);
}
