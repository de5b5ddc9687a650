import { attr, type PElement, type PNode } from './dom.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * A box set into a story's run of paragraphs: a call to act (subscribe, download the app, buy the
 * book, donate), a teaser for another story, an advertisement's frame. Told by where it stands
 * and its shape, not its words or class names (the pages are in a dozen languages, and their
 * CMSs name boxes every way): a wrapper element, not a paragraph, standing among the story's
 * paragraphs (its siblings), short, and ending in a link to one or two other pages (the box's
 * button, the other story's headline). On trafilatura's evaluation pages such boxes are marked
 * as not content in every language ("Wie Apple welche Daten … schützt, erklären wir in unserem
 * Beitrag <a>…</a>", "Get the latest news … with the app" and its store buttons, "2023 nichts
 * mehr versäumen! … <a>Jetzt keine Termine mehr verpassen!</a>").
 */

/**
 * Characters such a box runs to at most: longer, it is a section of the story. A teaser that
 * reprints the other story's heading, standfirst and first paragraphs before its link runs to
 * some 900 (trafilatura-dev t0958: 600 left it; no other page of either dev set changes
 * between the two).
 */
const INSET_MAX = 900;
/** Prose a paragraph beside the box needs to be one of the story's. */
const STORY_PARAGRAPH = 80;
/** Times the box's text the story's paragraphs around it hold at least. */
const OUTWEIGH = 3;

/**
 * Pages a box links to at most: a call to act has its button (an app's two stores), a teaser its
 * story; more is a list of links (a resources box, a product line-up).
 */
const TARGETS = 2;
/** Like siblings (tag and class) from which the box is one item of a series (product cards). */
const SERIES = 3;

const BOX_TAGS = new Set(['div', 'aside', 'section']);

/** A table, a list, code or a quotation: a box holding one is the story's (a fact box, a tweet). */
const OWN_CONTENT = new Set(['table', 'ul', 'ol', 'dl', 'pre', 'blockquote']);

const away = (a: PElement) => {
  const href = (attr(a, 'href') ?? '').trim();
  return href !== '' && !href.startsWith('#') && !/^javascript:/i.test(href);
};

/**
 * The box ends in a link to another page: the last thing it shows (text or picture) sits inside
 * one. A call to act ends in its button, a teaser in its headline or "more"; a note that cites a
 * page in a sentence ("Refer to <a>the guide</a> for more.") goes on after the link. Undefined
 * when the box holds content of its own (OWN_CONTENT).
 */
function endsInLink(el: PElement): boolean | undefined {
  let last: boolean | undefined;
  const targets = new Set<string>();
  let budget = 400;
  const walk = (e: PElement, inLink: boolean): boolean => {
    if (budget-- <= 0) return false;
    if (OWN_CONTENT.has(e.tagName)) return false;
    const link = inLink || (e.tagName === 'a' && away(e));
    if (link && !inLink) targets.add((attr(e, 'href') ?? '').trim());
    if (e.tagName === 'img' || e.tagName === 'picture') last = link;
    for (const c of e.childNodes) {
      if (c.nodeName === '#text') {
        if ((c as unknown as { value: string }).value.trim() !== '') last = link;
      } else if ((c as PElement).tagName !== undefined && !walk(c as PElement, link)) return false;
    }
    return true;
  };
  return walk(el, false) && targets.size <= TARGETS ? last : undefined;
}

/** What a parent's children hold, read once per parent: pages with thousands of siblings exist. */
interface Siblings {
  /** Each child's index. */
  at: Map<PNode, number>;
  /** Story paragraphs among the children before index i, at i (one more entry than children). */
  before: number[];
  /** Prose of all the story paragraphs among the children. */
  prose: number;
  /** Children by tag and class, for SERIES. */
  like: Map<string, number>;
}

/** Keyed by the children array itself: the pruning replaces it when it drops a child. */
const summaries = new WeakMap<PNode[], Siblings>();

function siblings(kids: PNode[], stats: StatsMap): Siblings {
  const known = summaries.get(kids);
  if (known) return known;
  const sum: Siblings = { at: new Map(), before: [0], prose: 0, like: new Map() };
  let n = 0;
  kids.forEach((k, i) => {
    sum.at.set(k, i);
    const e = k as PElement;
    if (e.tagName !== undefined) {
      const key = `${e.tagName} ${attr(e, 'class') ?? ''}`;
      sum.like.set(key, (sum.like.get(key) ?? 0) + 1);
      const p = e.tagName === 'p' ? (stats.get(e)?.prose ?? 0) : 0;
      if (p >= STORY_PARAGRAPH) {
        n++;
        sum.prose += p;
      }
    }
    sum.before.push(n);
  });
  summaries.set(kids, sum);
  return sum;
}

/**
 * True for such a box (a div, aside, section or custom element): at most INSET_MAX characters;
 * two of the story's paragraphs before it, or one before and two after (a box after the lead);
 * those paragraphs outweigh it OUTWEIGH times; not one of a series of like siblings; no table,
 * list, code or quotation in it; it ends in a link to at most TARGETS pages. A picture's box
 * ending in its caption or credit, a note whose sentence cites a page, a product card among its
 * like stay.
 */
export function insetBox(el: PElement, s: Stats, stats: StatsMap): boolean {
  const tag = el.tagName;
  if (!BOX_TAGS.has(tag) && !tag.includes('-')) return false;
  if (s.text === 0 || s.text > INSET_MAX) return false;
  const kids = (el.parentNode as PElement | null)?.childNodes;
  if (!kids) return false;
  const sum = siblings(kids, stats);
  const i = sum.at.get(el);
  if (i === undefined) return false;
  // The box is no paragraph, so every story paragraph stands before it or after it.
  const before = sum.before[i];
  const after = sum.before[kids.length] - before;
  if (!(before >= 2 || (before >= 1 && before + after >= 3)) || sum.prose < s.text * OUTWEIGH) return false;
  if ((sum.like.get(`${tag} ${attr(el, 'class') ?? ''}`) ?? 0) >= SERIES) return false;
  return endsInLink(el) === true;
}
