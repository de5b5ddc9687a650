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
  /** Children that are story paragraphs, bare or wrapped (storyProse). */
  story: Set<PNode>;
  /** Story paragraphs among the children before index i, at i (one more entry than children). */
  before: number[];
  /** The same, of bare paragraphs only (`<p>` children). */
  bare: number[];
  /** Prose of all the story paragraphs among the children. */
  prose: number;
  /** Index of the last child that shows text. */
  last: number;
  /** Shapes of the story paragraphs that are wrapped (shape()), each with how many have it. */
  chains: Map<string, number>;
  /** Children other than story paragraphs by shape (shape()), for SERIES. */
  like: Map<string, number>;
}

/** Levels of single-child wrappers seen through down to a paragraph. */
const WRAP_DEPTH = 3;
const WRAPPERS = new Set(['div', 'section', 'article']);
/** Elements that show nothing: a wrapper beside its paragraph still holds one paragraph. */
const SILENT = new Set(['script', 'style', 'noscript', 'template', 'link', 'meta', 'br']);

const key = (e: PElement) => `${e.tagName}.${attr(e, 'class') ?? ''}`;

/**
 * Down through single-child wrappers (at most WRAP_DEPTH): the element reached, the first that
 * is no such wrapper, and the wrappers passed on the way, by tag and class ("div.a>div.b").
 */
function unwrap(e: PElement): { inner: PElement; chain: string } {
  const passed: string[] = [];
  let cur = e;
  for (let depth = 0; depth < WRAP_DEPTH && WRAPPERS.has(cur.tagName); depth++) {
    let only: PElement | undefined;
    for (const c of cur.childNodes) {
      if (c.nodeName === '#text') {
        if ((c as unknown as { value: string }).value.trim() !== '')
          return { inner: cur, chain: passed.join('>') };
        continue;
      }
      const t = (c as PElement).tagName;
      if (t === undefined || SILENT.has(t)) continue;
      if (only) return { inner: cur, chain: passed.join('>') };
      only = c as PElement;
    }
    if (!only) break;
    passed.push(key(cur));
    cur = only;
  }
  return { inner: cur, chain: passed.join('>') };
}

/** What a block of the story's text holds beside its paragraphs: headings. */
const BLOCK_KIN = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The element's shape: its single-child wrappers and the element they lead to, by tag and
 * class ("div>div.paragraph paraTypeText>div.text"), to tell like blocks from unlike.
 */
function shape(e: PElement): string {
  const { inner, chain } = unwrap(e);
  return chain === '' ? key(inner) : `${chain}>${key(inner)}`;
}

/**
 * Prose of the story's paragraphs the element holds, bare (`<p>`) or wrapped: many CMSs set each
 * of the story's paragraphs, or each few of them with their subheading, in a block of its own
 * (`<div><div class="paragraph"><p>…</p></div></div>`, a page builder's text module), so the
 * story's run is a run of such blocks. A block holds paragraphs and headings only (and empty
 * elements: an advertisement's slot); zero for anything else (a picture, a list, text of its
 * own).
 */
function storyProse(e: PElement, stats: StatsMap): number {
  const { inner } = unwrap(e);
  if (inner.tagName === 'p') return stats.get(inner)?.prose ?? 0;
  if (!WRAPPERS.has(inner.tagName)) return 0;
  let prose = 0;
  for (const c of inner.childNodes) {
    if (c.nodeName === '#text') {
      if ((c as unknown as { value: string }).value.trim() !== '') return 0;
      continue;
    }
    const t = (c as PElement).tagName;
    if (t === undefined || SILENT.has(t)) continue;
    if (!BLOCK_KIN.has(t)) {
      if ((stats.get(c as PElement)?.text ?? 0) > 0) return 0;
      continue;
    }
    if (t === 'p') prose += stats.get(c as PElement)?.prose ?? 0;
  }
  return prose;
}

/** Keyed by the children array itself: the pruning replaces it when it drops a child. */
const summaries = new WeakMap<PNode[], Siblings>();

function siblings(kids: PNode[], stats: StatsMap): Siblings {
  const known = summaries.get(kids);
  if (known) return known;
  const sum: Siblings = {
    at: new Map(),
    story: new Set(),
    chains: new Map(),
    last: -1,
    before: [0],
    bare: [0],
    prose: 0,
    like: new Map(),
  };
  let n = 0;
  let b = 0;
  kids.forEach((k, i) => {
    sum.at.set(k, i);
    const e = k as PElement;
    if (
      e.tagName !== undefined
        ? (stats.get(e)?.text ?? 0) > 0
        : (e as unknown as { value?: string }).value?.trim()
    )
      sum.last = i;
    if (e.tagName !== undefined) {
      const p = storyProse(e, stats);
      if (p >= STORY_PARAGRAPH) {
        if (e.tagName !== 'p') {
          const like = shape(e);
          sum.chains.set(like, (sum.chains.get(like) ?? 0) + 1);
        }
        n++;
        if (e.tagName === 'p') b++;
        sum.prose += p;
        sum.story.add(k);
      } else {
        // The story's own wrappers are alike (`div.paragraph` each): no series of boxes.
        const like = shape(e);
        sum.like.set(like, (sum.like.get(like) ?? 0) + 1);
      }
    }
    sum.before.push(n);
    sum.bare.push(b);
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
  // Story paragraphs stand before the box or after it (a box holding one paragraph is counted
  // as one of the run: not as its own neighbour).
  const placed = (before: number, after: number) => before >= 2 || (before >= 1 && before + after >= 3);
  const self = sum.story.has(el) ? 1 : 0;
  const before = sum.before[i];
  const after = sum.before[kids.length] - before - self;
  // Among wrapped paragraphs the box stands between two of them or closes its parent: a page
  // builder sets its closing button ("Weiter »") in a wrapper after the story's last one and
  // more text after it, and with the button gone the story's end ran on into the site's footer
  // (trafilatura-dev t0160).
  const bareBefore = sum.bare[i];
  if (
    !placed(bareBefore, sum.bare[kids.length] - bareBefore) &&
    !(placed(before, after) && (after >= 1 || i === sum.last))
  )
    return false;
  if (sum.prose - (self ? (stats.get(el)?.prose ?? 0) : 0) < s.text * OUTWEIGH) return false;
  const mine = shape(el);
  if ((sum.like.get(mine) ?? 0) >= SERIES) return false;
  // A box built like the story's wrapped paragraphs is one of them holding more (an answer of
  // two paragraphs among a FAQ's one-paragraph answers, WCXB dev 0713).
  for (const [c, n] of sum.chains) if ((c === mine && n > self) || c.startsWith(`${mine}>`)) return false;
  return endsInLink(el) === true;
}
