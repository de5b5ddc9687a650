import { eachFollowingUpTo, type PElement, textOf } from './dom.js';
import { ruleOn } from './rule-switch.js';
import { HEAD_MAX, LEAD_MAX, LEAD_MIN } from './rules.js';
import type { Stats } from './stats.js';

/** The statistics of the pruned tree (see statsAfter). */
type After = { get(el: PElement): Stats | undefined };

/**
 * The standfirst between the article's title and its body, wherever the template nests the
 * two. A CMS writes the title `h1`, the lead and the byline in a header block, and the body
 * in a container some levels away: the header a sibling of a wrapper around the body
 * (`header.entry-header` beside `div.main-content > article > div.entry-content`), the lead a
 * sibling of the body inside a wrapper the title stands outside (`div.art-content >
 * div.art-lead + div.art-text`). The head found at one level (head.ts) leaves the lead at the
 * others. Here every element standing in document order between the title and the body's
 * first root — the title's following siblings up to their common ancestor, the body's preceding
 * siblings down from it — is read, and the ones that are prose (a long run of unlinked text,
 * not a date, byline, kicker or link list) join. A block of text too long for a lead (another
 * section, a teaser) means the title heads something else: nothing joins.
 */
export function titleLead(
  title: PElement,
  first: PElement,
  after: After,
  taken: ReadonlySet<PElement>,
): PElement[] {
  const line = new Set<PElement>();
  for (let e: PElement | null = first; e; e = e.parentNode as PElement | null) line.add(e);
  // The title's branch up to the common ancestor; a title outside the live tree has none.
  let n = title;
  while (!line.has(n.parentNode as PElement)) {
    const p = n.parentNode as PElement | null;
    if (!p?.childNodes?.includes(n)) return [];
    n = p;
  }
  const top = n.parentNode as PElement;
  if (!top.childNodes.includes(n) || top === first || line.has(title)) return [];
  const out: PElement[] = [];
  let chars = 0;
  let open: string | undefined;
  const opening = () => {
    open ??= paragraphs(first);
    return open;
  };
  let stop = false;
  const visit = (e: PElement) => {
    if (stop || e.tagName === undefined || taken.has(e)) return;
    const st = after.get(e);
    if (!st || st.text === 0) return;
    if (st.text > LEAD_MAX) {
      stop = true;
      return;
    }
    const own = st.text - st.link;
    // One run of prose makes most of a standfirst; a block of features, prices and a
    // description is a product's summary, not the story's lead.
    if (
      own < LEAD_MIN ||
      st.text > LEAD_LONG ||
      st.link > st.text * 0.3 ||
      st.longest < Math.max(60, own * 0.5)
    )
      return;
    // A teaser of the body set above it (the excerpt the listing shows) repeats its opening.
    if (opening().includes(words(textOf(e, 200)).slice(0, 60))) return;
    chars += own;
    out.push(e);
  };
  // After the title, inner levels first (document order).
  eachFollowingUpTo(title, n, visit);
  // Between the two branches under the common ancestor, then down the body's branch.
  const path: PElement[] = [];
  for (let e = first; e !== top; e = e.parentNode as PElement) path.unshift(e);
  const kids = top.childNodes;
  for (let k = kids.indexOf(n) + 1; k < kids.indexOf(path[0]); k++) visit(kids[k] as PElement);
  for (let i = 1; i < path.length; i++) {
    const ks = path[i - 1].childNodes;
    for (let k = 0; k < ks.indexOf(path[i]); k++) visit(ks[k] as PElement);
  }
  if (stop || chars > HEAD_MAX || !out.length || !ruleOn('title-lead')) return [];
  return out;
}

/**
 * Characters a standfirst set apart from its title runs to: a sentence or three. Between this
 * and LEAD_MAX a block is passed over (a product's description, a summary box), not taken.
 */
const LEAD_LONG = 600;

/** Characters of the body's opening a standfirst is looked for in (as a repeated excerpt). */
const OPENING = 2000;

/**
 * The text of the body's first paragraphs (`p`), up to OPENING characters: where a teaser of
 * the body repeats it. Captions are left out: a picture's caption often repeats the lead.
 */
function paragraphs(first: PElement): string {
  let out = '';
  const stack: PElement[] = [first];
  while (stack.length && out.length < OPENING) {
    const e = stack.pop()!;
    if (e.tagName === 'p') {
      out += ` ${words(textOf(e, OPENING))}`;
      continue;
    }
    const kids = e.childNodes ?? [];
    for (let i = kids.length - 1; i >= 0; i--)
      if ((kids[i] as PElement).tagName) stack.push(kids[i] as PElement);
  }
  return out;
}

/** Whitespace runs as one space: the same text set in two templates compares equal. */
function words(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
