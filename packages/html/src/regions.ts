import { attr, hints, type PElement, type PNode, textOf } from './dom.js';
import { ruleOn } from './rule-switch.js';
import {
  COMMENT_AUTHOR,
  COMMENT_DATE,
  COMMENT_WORD,
  FORUM_NAME,
  HEADING_TAGS,
  RELATED,
  REPLY_TEXT,
  TEASER_ARTICLE,
  TEASER_ITEMS,
  TEASER_PARENTS,
  THREAD_ARTICLE,
  THREAD_PARENTS,
} from './rules.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * Regions told by their structure rather than their names: teaser grids for other pages and
 * reader-comment threads. Both are judged beside the page's total prose (`total`): a listing
 * is all teasers and a forum all thread, and there they are the content.
 */
/**
 * Teasers for other pages ("you may also like", "more stories"), told by their structure: three
 * or more like siblings, each a short card led by a link (a headline, an image and a line of
 * excerpt), beside an article that has prose of its own. Plain link lists inside the article
 * (shops, sources, further reading) are not cards and stay.
 */
export function teaserList(
  el: PElement,
  s: Stats,
  stats: StatsMap,
  total: Stats,
  article = TEASER_ARTICLE,
): boolean {
  if (!TEASER_PARENTS.has(el.tagName) || total.prose - s.prose < article || s.longest >= 200) return false;
  const kids = el.childNodes;
  let items = 0;
  let teasers = 0;
  let tag = '';
  for (const k of kids) {
    const c = k as PElement;
    if (c.tagName === undefined) continue;
    const cs = stats.get(c);
    if (!cs || cs.text === 0) continue;
    if (items === 0) tag = c.tagName;
    items++;
    if (c.tagName !== tag || !TEASER_ITEMS.has(c.tagName) || cs.text > 400) continue;
    if (cardLink(c, stats)) teasers++;
  }
  return items >= 3 && teasers >= 3 && teasers >= items * 0.75;
}
/**
 * Reader comments told by their structure, whatever they are named: three or more like
 * siblings, each signed (an author or avatar element, a `cite`) and dated (`time`, a date
 * class) or with a reply link, and without a headline (a listing's teasers have one), under an
 * article with prose of its own (`article`). A forum thread, whose posts are all the page holds,
 * has no such article beside them; its posts are named as posts, answers or messages, and are
 * left alone.
 *
 * When the items also name themselves comments (`comment-123`, `li.comment`, a schema.org
 * Comment) a short article beside them is enough (`short`): signed, dated and named, they are
 * the readers' and not the story's, however much longer they run than it (a WordPress list's
 * `thread-odd` classes then say nothing of a forum). The caller leaves `short` out on a page
 * that declares a forum thread or a Q&A page.
 */
export function commentThread(
  el: PElement,
  s: Stats,
  stats: StatsMap,
  total: Stats,
  article = THREAD_ARTICLE,
  short?: number,
): boolean {
  const outside = total.prose - s.prose;
  if (!THREAD_PARENTS.has(el.tagName) || outside < Math.min(article, short ?? article)) return false;
  const eh = hints(el);
  const parentForum = !!eh && FORUM_NAME.test(eh);
  let items = 0;
  let signed = 0;
  let named = 0;
  /** Items named as forum posts; `unnamed`: those of them not named comments too. */
  let forum = 0;
  let unnamed = 0;
  /** Items signed only by their shape (looksSigned). */
  let shaped = 0;
  for (const k of el.childNodes) {
    const c = k as PElement;
    if (c.tagName === undefined) continue;
    const cs = stats.get(c);
    if (!cs || cs.text === 0) continue;
    items++;
    const ch = hints(c);
    const isNamed = (!!ch && COMMENT_WORD.test(ch)) || COMMENT_TYPE.test(attr(c, 'itemtype') ?? '');
    if (isNamed) named++;
    if (ch && FORUM_NAME.test(ch)) {
      forum++;
      if (!isNamed) unnamed++;
    }
    const how = TEASER_ITEMS.has(c.tagName) ? looksSigned(c, isNamed) : 0;
    if (how) signed++;
    if (how === SHAPE) shaped++;
  }
  const thread = signed >= 3 && signed >= items * 0.6;
  // Items drawn as comments (a signature line, a reply control) under a short article are its
  // readers' answers however much longer they run, as named comments are below. Two such items
  // are a thread too: the reply control says what they are, as a third item would.
  const pair = items === 2 && shaped === 2;
  const drop =
    (thread && !parentForum && forum === 0 && outside >= article) ||
    (short !== undefined &&
      (thread || pair) &&
      shaped === signed &&
      !parentForum &&
      forum === 0 &&
      outside >= short &&
      (thread || ruleOn('reply-pair')) &&
      ruleOn('reply-thread'));
  if (drop) {
    // Drawn by shape alone, the items answer a post drawn as they are, standing above them: a
    // forum's opening post, not a story. The thread is then the content.
    if (shaped > 0 && shaped === signed && openingPost(el, stats, outside) && ruleOn('opening-post'))
      return false;
    return true;
  }
  if (short === undefined || !thread || unnamed > 0 || named < items * 0.6) return false;
  if (parentForum && !COMMENT_WORD.test(eh)) return false;
  return ruleOn('named-thread');
}

/** A schema.org Comment in microdata. */
const COMMENT_TYPE = /schema\.org\/(?:Comment|UserComments)\b/i;

/**
 * A date or a time written in digits ("17.07.2011", "17.07, 2011 @ 13:04", "2019-06-19",
 * "5/3/21"), in any language: a comment's signature line says when it was posted.
 */
const DIGIT_DATE =
  /(?:^|[^\d])(?:\d{1,2}[./-]\d{1,2}(?:[./-]|,\s*)(?:\d{4}|\d{2})|(?:19|20)\d{2}-\d{2}-\d{2}|\d{1,2}:\d{2})(?!\d)/;

/** Characters of a text holding a comment's date: its signature line, not its prose. */
const SIGNATURE_TEXT = 80;

/** How an item is signed: by its names (an author element, a date), or only by its shape. */
const NAMED = 1;
const SHAPE = 2;

/** `named`: the item names itself a comment, and a date in digits may date it. */
function looksSigned(el: PElement, named: boolean): 0 | typeof NAMED | typeof SHAPE {
  let author = false;
  let dated = false;
  /** Dated only by a date in digits in a short line, or by a link to the item itself. */
  let textDated = false;
  /** A reply control (a link or button saying "Reply"): readers answer comments, not stories. */
  let replied = false;
  const own = attr(el, 'id');
  const stack: PElement[] = [el];
  let budget = 300;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (named && e.tagName === 'a' && own && attr(e, 'href') === `#${own}`) textDated = true;
    // A headline makes it a teaser of an article in a listing, not a comment.
    if (HEADING_TAGS.has(e.tagName)) return 0;
    const h = hints(e);
    const ip = attr(e, 'itemprop');
    if (e.tagName === 'cite' || (h && COMMENT_AUTHOR.test(h)) || ip === 'author' || ip === 'creator')
      author = true;
    if (e.tagName === 'time' || (h && COMMENT_DATE.test(h)) || ip === 'datePublished' || ip === 'dateCreated')
      dated = true;
    if (
      (e.tagName === 'a' || e.tagName === 'button') &&
      ((h && /reply/i.test(h)) || REPLY_TEXT.test(textOf(e)))
    ) {
      dated = true;
      replied = true;
    }
    for (const c of e.childNodes) {
      if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
      else if (named && !textDated && c.nodeName === '#text') {
        const v = (c as { value: string }).value;
        if (v.length <= SIGNATURE_TEXT && DIGIT_DATE.test(v)) textDated = true;
      }
    }
  }
  // Signed, and dated by its words' shape rather than a class or a `time` element: a blog
  // engine's "Comment by Daniel — 17.07, 2011 @ 13:10" (a headline still makes it a teaser).
  // Only on an item named a comment: a testimonial is signed and dated too ("– Gregory,
  // Trustpilot, 2.23.2025") and is a service page's content.
  if (author && (dated || (named && textDated && ruleOn('dated-comment')))) return NAMED;
  // Signed by its shape when nothing names the author: a reply control, and a short signature
  // line (a name, a date) above the item's text, as every comment template draws one, whatever
  // its class names (hashed, in another language, none). A testimonial has no reply control, a
  // teaser its headline (above).
  return replied && signatureLine(el) && ruleOn('reply-units') ? SHAPE : 0;
}

/**
 * A post before the thread (in a preceding sibling of it or of one of its ancestors) drawn as
 * its items are, a signature line over its text and a reply control, holding most of the prose
 * outside the thread (`outside`): a forum's opening post, which the replies answer.
 */
function openingPost(thread: PElement, stats: StatsMap, outside: number): boolean {
  for (const c of precedingElements(thread, stats, outside * OPENING_SHARE, 2000))
    if (TEASER_ITEMS.has(c.tagName) && replyControl(c) && signatureLine(c)) return true;
  return false;
}

/**
 * The elements before `el` in document order (in a preceding sibling of it or of one of its
 * ancestors), each sibling's subtree walked depth first, holding `minProse` prose or more: one
 * under less cannot hold a post or a body that needs that much, so its subtree is passed over.
 * `budget` caps the elements visited, so a long page before `el` costs a bounded walk.
 */
function* precedingElements(
  el: PElement,
  stats: StatsMap,
  minProse: number,
  budget: number,
): Generator<PElement> {
  for (let e = el; e.parentNode; e = e.parentNode as PElement) {
    const parent = e.parentNode as PElement;
    if (!parent.childNodes) break;
    for (const sib of parent.childNodes) {
      if (sib === e) break;
      const stack: PElement[] = (sib as PElement).tagName !== undefined ? [sib as PElement] : [];
      while (stack.length && budget-- > 0) {
        const c = stack.pop()!;
        const cs = stats.get(c);
        if (!cs || cs.prose < minProse) continue;
        yield c;
        for (const k of c.childNodes) if ((k as PElement).tagName !== undefined) stack.push(k as PElement);
      }
    }
  }
}

/** Share of the prose outside a thread that a post drawn as its items must hold to open it. */
const OPENING_SHARE = 0.5;

/** A reply control (a link or button saying "Reply") in an item without a headline. */
function replyControl(el: PElement): boolean {
  const stack: PElement[] = [el];
  let budget = 300;
  let replied = false;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (HEADING_TAGS.has(e.tagName)) return false;
    if ((e.tagName === 'a' || e.tagName === 'button') && REPLY_TEXT.test(textOf(e))) replied = true;
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return replied;
}

/** The item opens with a short line (its first child with text) and has more text below it. */
function signatureLine(el: PElement): boolean {
  let first = '';
  let rest = 0;
  for (const k of el.childNodes) {
    const t =
      (k as PElement).tagName === undefined ? ((k as { value?: string }).value ?? '') : textOf(k as PElement);
    if (t.trim() === '') continue;
    if (first === '') first = t.trim();
    else rest += t.trim().length;
  }
  return first !== '' && first.length <= SIGNATURE_TEXT && rest > first.length;
}
function linkedText(el: PElement, stats: StatsMap): number {
  let n = 0;
  const stack: PElement[] = [el];
  let budget = 400;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (e.tagName === 'a') {
      n += stats.get(e)?.text ?? 0;
      continue;
    }
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return n;
}
/** A card: a heading that is (or holds) a link, or a linked image, above a short text. */
function cardLink(el: PElement, stats: StatsMap): boolean {
  const stack: PElement[] = [el];
  let budget = 400;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (HEADING_TAGS.has(e.tagName)) {
      if (linkedText(e, stats) > 0 || (e.parentNode as PElement | null)?.tagName === 'a') return true;
    } else if (e.tagName === 'a') {
      for (const c of e.childNodes) {
        const t = (c as PElement).tagName;
        if (t === 'img' || t === 'picture' || (t !== undefined && HEADING_TAGS.has(t))) return true;
      }
    }
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return false;
}

/** A teaser's excerpt cut short: "…", "...", "[…]", "[...]" at its end. */
const TRUNCATED = /(?:…|\.\.\.|\[…\]|\[\.\.\.\])\s*\]?$/;

/** Words of a text; in scripts written without spaces (Chinese, Japanese, Thai), two characters. */
function words(t: string): number {
  const w = t.trim().split(/\s+/u).filter(Boolean);
  if (w.length === 1 && /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(w[0]))
    return Math.floor(w[0].length / 2);
  return w.length;
}

/**
 * How a teaser card reads, walking its text in document order: `led` when its first text is a
 * link of TITLE_LINK_WORDS words or more (another page's headline, perhaps inside a heading, an
 * image link before it); `cut` when a text node ends in an ellipsis (an excerpt cut short).
 */
function cardShape(el: PElement): { led: boolean; cut: boolean } {
  let led: boolean | undefined;
  let cut = false;
  const stack: { n: PNode; link: boolean }[] = [{ n: el, link: false }];
  let budget = 400;
  while (stack.length && budget-- > 0) {
    const { n, link } = stack.pop()!;
    if (n.nodeName === '#text') {
      const v = (n as { value: string }).value;
      if (v.trim() === '') continue;
      if (led === undefined) led = link;
      if (TRUNCATED.test(v.trim())) cut = true;
      continue;
    }
    const e = n as PElement;
    if (e.tagName === undefined) continue;
    const inLink = link || e.tagName === 'a';
    if (e.tagName === 'a' && led === undefined && words(textOf(e)) < TITLE_LINK_WORDS) {
      // A short first link ("News", a category, a date) is no headline; the card may still be
      // one when its headline link follows, so the lead is judged on the next long link.
      const t = textOf(e).trim();
      if (t !== '') continue;
    }
    const kids = e.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ n: kids[i], link: inLink });
  }
  return { led: led === true, cut };
}

/** Words a card's leading link needs to read as another page's title. */
const TITLE_LINK_WORDS = 3;

/**
 * Teaser cards for other pages whose excerpts run long (the short ones are `teaserList`'s):
 * three or more like siblings, each led by a link that reads as a title, each under
 * CARD_MAX characters, and either named as related content or with excerpts cut short ("…",
 * "[…]"), beside an article with prose of its own (`article`). A listing page is all such
 * cards; its few lines outside them do not reach `article`.
 */
export function excerptTeasers(
  el: PElement,
  s: Stats,
  stats: StatsMap,
  total: Stats,
  article: number,
): boolean {
  if (!TEASER_PARENTS.has(el.tagName) || total.prose - s.prose < article) return false;
  const eh = hints(el);
  const named = !!eh && RELATED.test(eh);
  const { items, candidates } = cardCandidates(el, stats);
  let cards = 0;
  let cut = 0;
  for (const c of candidates) {
    const shape = cardShape(c);
    if (!shape.led) continue;
    cards++;
    if (shape.cut) cut++;
  }
  if (items < 3 || cards < items * 0.75) return false;
  if (named) return ruleOn('named-teasers');
  return cut >= cards * 0.6 && ruleOn('cut-teasers');
}

/** Characters a long teaser card holds at most (a headline, a date, a few lines of excerpt). */
const CARD_MAX = 700;

/**
 * The children of `el` that hold text (`items`), and those of them that could be cards: of the
 * first one's tag, a teaser item, at most CARD_MAX characters.
 */
function cardCandidates(el: PElement, stats: StatsMap): { items: number; candidates: PElement[] } {
  let items = 0;
  let tag = '';
  const candidates: PElement[] = [];
  for (const k of el.childNodes) {
    const c = k as PElement;
    if (c.tagName === undefined) continue;
    const cs = stats.get(c);
    if (!cs || cs.text === 0) continue;
    if (items === 0) tag = c.tagName;
    items++;
    if (c.tagName === tag && TEASER_ITEMS.has(c.tagName) && cs.text <= CARD_MAX) candidates.push(c);
  }
  return { items, candidates };
}

/**
 * A grid of teaser cards for other pages whose excerpts run long and are neither named nor cut
 * short (those are `excerptTeasers`'): three or more like siblings, each under CARD_MAX
 * characters, each led by a link that reads as a title and goes to another page, with a linked
 * heading or a linked image, placed after the article's body: a run of paragraphs under one
 * parent before the grid holding `article` prose and GRID_OUTWEIGH times the grid's. The grid
 * may outweigh the post (a major part of the page): its shape and place still tell it. A listing
 * is grids and cards without such a run; a roundup's linked items are its body, not after it.
 */
export function cardGrid(
  el: PElement,
  s: Stats,
  stats: StatsMap,
  total: Stats,
  article: number,
  place: () => 'declared' | 'titled' | undefined = () => undefined,
): boolean {
  const need = Math.max(article, s.prose * GRID_OUTWEIGH);
  // After the body the page declares (JSON-LD articleBody, itemprop), or after a body under the
  // story's title h1, a grid goes however short the post is beside it: the page says where its
  // article is.
  if (!TEASER_PARENTS.has(el.tagName) || total.prose - s.prose < article) return false;
  // Where the page's article stands is read only for a grid outweighing the post (the usual
  // exit before the cards are looked at stays for the rest).
  const outweighs = total.prose - s.prose < need;
  let after = outweighs ? place() : undefined;
  if (outweighs && !after) return false;
  const { items, candidates } = cardCandidates(el, stats);
  let cards = 0;
  for (const c of candidates) if (cardLink(c, stats) && cardShape(c).led && linksAway(c)) cards++;
  if (items < 3 || cards < items * 0.75) return false;
  if (!outweighs && bodyBefore(el, stats, need)) return ruleOn('card-grid');
  after ??= place();
  if (after === 'declared') return ruleOn('grid-after-declared');
  return after === 'titled' && bodyBefore(el, stats, TITLED_BODY) && ruleOn('grid-after-title');
}

/**
 * Times the grid's prose the article body before it holds at least: a short post's related grid
 * may hold more words than the post (ten cards with two-sentence teasers under four paragraphs:
 * html-synth's related-big class went from .616 to .900 F1 on seed 1 when this fell from 1 to
 * .25), while a listing's intro of three paragraphs rarely holds a quarter of its cards' words.
 */
const GRID_OUTWEIGH = 0.25;

/**
 * Prose a body under the story's title h1 needs before a grid for the grid to go: a short post
 * of three paragraphs, one of them long (html-synth related-big posts hold 400-500).
 */
const TITLED_BODY = 300;

/** Paragraphs under one parent that make an article's body. */
const BODY_PARAGRAPHS = 3;

/** The card's first link goes to another page (an accordion's or a tab's toggle stays on this). */
function linksAway(el: PElement): boolean {
  const stack: PElement[] = [el];
  let budget = 200;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (e.tagName === 'a') {
      const href = (attr(e, 'href') ?? '').trim();
      return href !== '' && !href.startsWith('#') && !/^javascript:/i.test(href);
    }
    const kids = e.childNodes;
    for (let i = kids.length - 1; i >= 0; i--)
      if ((kids[i] as PElement).tagName !== undefined) stack.push(kids[i] as PElement);
  }
  return false;
}

/**
 * An article's body before `el` in document order (in a preceding sibling of it or of one of its
 * ancestors): an element whose own paragraphs (BODY_PARAGRAPHS or more) hold `need` prose.
 */
export function bodyBefore(el: PElement, stats: StatsMap, need: number): boolean {
  for (const c of precedingElements(el, stats, need, 3000)) {
    let paras = 0;
    let prose = 0;
    for (const k of c.childNodes) {
      if ((k as PElement).tagName !== 'p') continue;
      paras++;
      prose += stats.get(k as PElement)?.prose ?? 0;
    }
    if (paras >= BODY_PARAGRAPHS && prose >= need) return true;
  }
  return false;
}

/** Paragraphs before `el` under its own parent (the body's run ends where the box begins). */
export function paragraphsBefore(el: PElement, stats: StatsMap, need: number): boolean {
  const parent = el.parentNode as PElement | null;
  if (!parent?.childNodes) return false;
  let paras = 0;
  let prose = 0;
  for (const k of parent.childNodes) {
    if (k === el) break;
    if ((k as PElement).tagName !== 'p') continue;
    paras++;
    prose += stats.get(k as PElement)?.prose ?? 0;
  }
  return paras >= BODY_PARAGRAPHS && prose >= need;
}

/** Characters a boxed list of other stories runs to at most, its label with it. */
const STORY_BOX_MAX = 800;
/** Characters of such a box's label ("More on this story", "Background") at most. */
const STORY_LABEL = 60;
/** Characters a link in such a list has on average at least: a headline, not a menu's word. */
const STORY_LINK = 25;

/**
 * A box of links to other stories set inside the story's text ("More on this story" and two to
 * four headlines), told by its shape: a wrapper holding a list of two or more items, each item
 * wholly one link to another page whose text reads as a headline, and at most a short unlinked
 * label above it, standing between the text's paragraphs; a list the text's own sentences lead
 * into is a list, not a box, and has no wrapper of its own.
 */
export function storyLinkBox(el: PElement, s: Stats, stats: StatsMap): boolean {
  // Text outside links (the longest run) is the label's at most; a headline's link counts only
  // partly as link in the stats, so each item's link is read below.
  if (s.text > STORY_BOX_MAX || s.longest > STORY_LABEL) return false;
  if (el.tagName !== 'div' && el.tagName !== 'aside' && el.tagName !== 'section') return false;
  const kids = el.childNodes.filter((c) => (c as PElement).tagName !== undefined) as PElement[];
  if (kids.length < 1 || kids.length > 2) return false;
  const list = kids[kids.length - 1];
  if (list.tagName !== 'ul' && list.tagName !== 'ol') return false;
  if (kids.length === 2) {
    const label = stats.get(kids[0]);
    if (!label || label.link > 0 || label.text > STORY_LABEL || label.text === 0) return false;
  }
  let items = 0;
  let chars = 0;
  for (const c of list.childNodes) {
    const li = c as PElement;
    if (li.tagName === undefined) continue;
    const st = stats.get(li);
    if (li.tagName !== 'li' || !st || st.text === 0) return false;
    const as = li.childNodes.filter((x) => (x as PElement).tagName !== undefined) as PElement[];
    if (as.length !== 1 || as[0].tagName !== 'a' || (stats.get(as[0])?.text ?? 0) < st.text * 0.9)
      return false;
    const href = attr(as[0], 'href') ?? '';
    if (href === '' || href.startsWith('#')) return false;
    items++;
    chars += st.text;
  }
  return items >= 2 && chars / items >= STORY_LINK && amidText(el, stats) && ruleOn('story-links');
}

/** Elements that carry a story's text on either side of a box set inside it. */
const TEXT_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'blockquote']);
/**
 * Characters of its own (outside links) a paragraph beside such a box needs to be the story's
 * text: a card's "Read more" line beside a list of its pages is not (WCXB dev 0076, a course
 * card's list of course links, went without this).
 */
const TEXT_BESIDE = 30;

/**
 * A paragraph or quote with text of its own, or a subheading: the story's text beside a box.
 *
 * inset-box.ts reads "a paragraph of the story" otherwise (storyProse there): a `<p>` or a
 * paragraph seen through up to three single-child wrappers, with 80 characters of prose, counted
 * over the parent's whole run (two before the box, or one before and two after). The two are
 * not merged: this reading asks only the box's nearest siblings, and takes a subheading or a
 * quote for the story's text and a paragraph from 30 characters outside links, so that a list of
 * headlines or a sign-up form set just before a subheading stands amid the text. Given
 * inset-box's reading instead (its storyProse at 80 or more for each neighbour), amidText changes
 * the output (trafilatura-dev t0644: a poll's empty box between wrapped paragraphs goes from the
 * cleaned HTML), so the refactor would not be byte-identical (session 26).
 */
function storyText(el: PElement | undefined, stats: StatsMap): boolean {
  if (!el || !TEXT_TAGS.has(el.tagName)) return false;
  if (el.tagName !== 'p' && el.tagName !== 'blockquote') return true;
  const st = stats.get(el);
  return st !== undefined && st.text - st.link >= TEXT_BESIDE;
}

/** The element stands between two elements of the story's text (its nearest element siblings). */
export function amidText(el: PElement, stats: StatsMap): boolean {
  const kids = (el.parentNode as PElement | null)?.childNodes;
  if (!kids) return false;
  const i = kids.indexOf(el);
  let before: PElement | undefined;
  let after: PElement | undefined;
  for (let j = i - 1; j >= 0 && !before; j--)
    if ((kids[j] as PElement).tagName !== undefined) before = kids[j] as PElement;
  for (let j = i + 1; j < kids.length && !after; j++)
    if ((kids[j] as PElement).tagName !== undefined) after = kids[j] as PElement;
  return storyText(before, stats) && storyText(after, stats);
}
