import { createHash } from 'node:crypto';
import { markdownToText } from '../local/markdown-text.js';
import { type IdMap, idKeys, idsInMetadata, idsInText, primaryIdOf } from './paper-ids.js';

/** What the index keeps of a document that is a research paper. */
export interface PaperInfo {
  /** Stable decimal id: a hash of the primary id (or of the document's path when it has none). */
  paperId: string;
  /** `namespace:id`, the preferred of `ids`; `path:<file>` for a paper without any id. */
  primaryId: string;
  ids: IdMap;
  title: string;
  authors: string[];
  abstract: string;
  /** Publication date, `YYYY-MM-DD` (or `YYYY-MM`, `YYYY`) when stated. */
  date?: string;
  /**
   * What the paper cites: the ids (`namespace:id`) named after its front matter, in its body and
   * references, less its own. The local citation graph of `similarPapers` is built from them;
   * indexes built before they were recorded have none.
   */
  cites?: string[];
}

export interface PaperSource {
  markdown: string;
  /** The engine's metadata of the document (PDF info, HTML head). */
  metadata: Record<string, unknown>;
  /** Every meta tag of an HTML page (repeated names kept). */
  metaTags?: Map<string, string[]>;
  /** The document's path, for the id of a paper that names no identifier. */
  path: string;
}

const ABSTRACT_CAP = 4000;
const first = (m: Map<string, string[]> | undefined, ...keys: string[]) => {
  for (const k of keys) {
    const v = m?.get(k)?.[0];
    if (v) return v;
  }
  return undefined;
};
const all = (m: Map<string, string[]> | undefined, ...keys: string[]) => {
  for (const k of keys) {
    const v = m?.get(k);
    if (v?.length) return v;
  }
  return [];
};
const plain = (md: string) => markdownToText(md).replace(/\s+/g, ' ').trim();
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

interface Line {
  text: string;
  heading?: number;
}

function linesOf(markdown: string): Line[] {
  return markdown.split('\n').map((l) => {
    const h = /^(#{1,6})\s+(.*)$/.exec(l);
    return h ? { text: h[2].trim(), heading: h[1].length } : { text: l.trim() };
  });
}

const ABSTRACT_WORD = /^(?:\*\*|__)?\s*abstract\s*(?:\*\*|__)?\s*[:.—–-]?\s*(?:\*\*|__)?\s*/i;
const END_OF_FRONT = /^(?:\d+\.?\s*)?(?:introduction|background|keywords?|index terms|references)\b/i;

/**
 * The abstract as the layout gives it: the paragraphs under an "Abstract" heading, or the
 * paragraph that opens with the word, up to the next heading or "Introduction"/"Keywords".
 * Also returns the line index where the abstract starts, which bounds the front matter.
 */
function abstractOf(lines: Line[]): { text: string; at: number; end: number } | undefined {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const isHeading = l.heading !== undefined && /^abstract\s*[:.]?$/i.test(plain(l.text));
    const opens = l.heading === undefined && ABSTRACT_WORD.test(l.text) && plain(l.text).length > 40;
    if (!isHeading && !opens) continue;
    const parts: string[] = [];
    if (opens) parts.push(l.text.replace(ABSTRACT_WORD, ''));
    let j = i + 1;
    for (; j < lines.length; j++) {
      const n = lines[j];
      if (n.heading !== undefined || END_OF_FRONT.test(plain(n.text))) break;
      if (n.text) parts.push(n.text);
      if (parts.join(' ').length > ABSTRACT_CAP) break;
    }
    const text = plain(parts.join('\n\n'));
    if (text.length >= 40) return { text: text.slice(0, ABSTRACT_CAP), at: i, end: j };
  }
  return undefined;
}

const AFFILIATION =
  /\b(universit|institut|department|dept\.|school|college|laborator|centre|center|hospital|faculty|inc\.|ltd|gmbh|corporation)\b|@|\d{5}/i;

/** Author names from the lines between the title and the abstract (a PDF's front matter). */
function authorsFromLines(lines: Line[], titleAt: number, abstractAt: number): string[] {
  const out: string[] = [];
  for (let i = titleAt + 1; i < abstractAt && i < titleAt + 12; i++) {
    // The layout may set the author line large enough to read as a heading; it counts too.
    const l = lines[i];
    if (!l.text || AFFILIATION.test(l.text)) continue;
    const names = plain(l.text)
      // Affiliation marks: superscript digits, daggers, asterisks.
      .replace(/[\d\p{No}*†‡§¶∗]+/gu, '')
      .split(/\s*(?:,|;|\band\b|&)\s*/)
      .map((s) => s.trim())
      .filter(Boolean);
    // A line of names: each two to four capitalised words.
    const isNames = names.every((n) => /^(\p{Lu}[\p{L}'.-]*\s+){1,3}\p{Lu}[\p{L}'.-]*$/u.test(n));
    if (names.length && isNames) out.push(...names);
  }
  return out;
}

function authorsFromField(v: string | undefined): string[] {
  if (!v) return [];
  return v
    .split(/\s*(?:;|,|\band\b)\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

/** `2023/05/01`, `2023-5-1`, `2023` → `2023-05-01`, `2023`; anything else (or an ISO time) by Date. */
export function paperDate(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const m = /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?/.exec(v.trim());
  if (m) {
    const parts = [m[1], m[2]?.padStart(2, '0'), m[3]?.padStart(2, '0')].filter(Boolean);
    return parts.join('-');
  }
  const t = Date.parse(`${v} UTC`) || Date.parse(v);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
}

/** A decimal id from a stable key, as the client's canonical `paperId` (a decimal string). */
function decimalId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 13);
  return BigInt(`0x${hex}`).toString(10);
}

/**
 * The paper record of a document, or undefined when it is not a paper. A page is a paper when
 * it carries Highwire `citation_title` tags (what scholarly publishers and repositories emit),
 * or when its layout has an abstract under a title; ids come from the metadata and from the
 * front matter only (up to the abstract's end), so the DOIs a paper cites are not taken for its own.
 */
export function paperOf(src: PaperSource): PaperInfo | undefined {
  const meta = src.metaTags;
  const lines = linesOf(src.markdown);
  const abs = abstractOf(lines);
  const citationTitle = first(meta, 'citation_title', 'dc.title', 'dcterms.title');
  if (!citationTitle && !abs) return undefined;

  const titleAt = lines.findIndex((l, i) => l.heading !== undefined && (!abs || i < abs.at) && plain(l.text));
  const layoutTitle = titleAt >= 0 ? plain(lines[titleAt].text) : undefined;
  const title = citationTitle ?? layoutTitle ?? str(src.metadata.title);
  if (!title) return undefined;

  const abstract =
    first(meta, 'citation_abstract', 'dc.description', 'dcterms.abstract') ??
    abs?.text ??
    (citationTitle ? str(src.metadata.description) : undefined) ??
    '';

  let authors = all(meta, 'citation_author', 'dc.creator', 'dcterms.creator');
  if (!authors.length && abs && titleAt >= 0) authors = authorsFromLines(lines, titleAt, abs.at);
  if (!authors.length) authors = authorsFromField(str(src.metadata.author));

  // Front matter: everything up to the end of the abstract (or the first 60 lines), never the
  // references, whose DOIs name other papers.
  const frontEnd = abs ? abs.end : Math.min(lines.length, 60);
  const front = lines
    .slice(0, frontEnd)
    .map((l) => l.text)
    .join('\n');
  const ids: IdMap = {};
  if (meta) idsInMetadata(meta, ids);
  idsInText(front, ids);
  for (const k of ['doi', 'arxiv', 'pmid']) {
    const v = str(src.metadata[k]);
    if (v) idsInText(`${k === 'arxiv' ? 'arXiv:' : k === 'pmid' ? 'PMID ' : ''}${v}`, ids);
  }
  const primaryId = primaryIdOf(ids) ?? `path:${src.path}`;
  const own = new Set(idKeys(ids));
  const named = idsInText(
    lines
      .slice(frontEnd)
      .map((l) => l.text)
      .join('\n'),
  );
  const cites = [...new Set(idKeys(named))].filter((k) => !own.has(k));
  const date = paperDate(
    first(
      meta,
      'citation_publication_date',
      'citation_date',
      'citation_online_date',
      'dc.date',
      'dcterms.issued',
      'prism.publicationdate',
    ) ??
      // arXiv stamps its PDFs "arXiv:<id> [<category>] <day> <Mon> <year>" down the margin.
      /arXiv:\S+\s+\[[^\]]+\]\s+(\d{1,2} [A-Z][a-z]{2} \d{4})/.exec(front)?.[1] ??
      str(src.metadata.creationDate),
  );
  return {
    paperId: decimalId(primaryId),
    primaryId,
    ids,
    title,
    authors,
    abstract,
    ...(date ? { date } : {}),
    ...(cites.length ? { cites } : {}),
  };
}
