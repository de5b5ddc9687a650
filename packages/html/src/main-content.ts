import { attr, type PElement, type PNode } from './dom.js';

/**
 * The main-content filter. Two passes over the cleaned tree:
 *  1. bottom-up statistics per element: text length and the part of it inside links;
 *  2. top-down pruning of boilerplate (navigation, page header and footer, sidebars, share and
 *     comment widgets, reader comments under an article, link lists), judged from tag, role,
 *     class/id hints, link density and the share of the page's text an element holds (redone
 *     with landmarks only when it would leave almost nothing), then the choice of the smallest
 *     container that still holds most of the remaining prose (or, on pages with next to no
 *     prose, of the remaining text).
 */
export interface Stats {
  /** Characters of text (whitespace runs counted once). */
  text: number;
  /** Characters of text inside links. */
  link: number;
  /** Length of the longest single text node below: prose has long runs, menus do not. */
  longest: number;
  /** Text weighted towards long runs (each run minus a small allowance), outside short links. */
  prose: number;
}

export type StatsMap = Map<PElement, Stats>;

const RUN_ALLOWANCE = 25;

/** The whitespace String.prototype.trim removes. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c > 127 &&
      (c === 160 ||
        c === 5760 ||
        (c >= 8192 && c <= 8202) ||
        c === 8232 ||
        c === 8233 ||
        c === 8239 ||
        c === 8287 ||
        c === 12288 ||
        c === 65279))
  );
}

/**
 * Text length without edge whitespace (as `trim().length`, without making the string: this runs
 * for every text node of the page); internal runs are rare enough in prose not to matter.
 */
function textLength(s: string): number {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  return b - a;
}

/**
 * A long run with no space inside (a URL, a hash, a token, a data dump) is not prose, however
 * long; scripts without spaces between words (Chinese, Japanese, Thai) are, so only runs of
 * ASCII count.
 */
function unbroken(s: string): boolean {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || c === 32 || (c >= 9 && c <= 13)) return false;
  }
  return true;
}

/** Post-order statistics, with an explicit stack. */
export function computeStats(root: PElement): StatsMap {
  const map: StatsMap = new Map();
  const stack: { el: PElement; i: number; s: Stats; inLink: boolean }[] = [
    { el: root, i: 0, s: { text: 0, link: 0, longest: 0, prose: 0 }, inLink: false },
  ];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const kids = top.el.childNodes;
    if (top.i < kids.length) {
      const c = kids[top.i++];
      if (c.nodeName === '#text') {
        const v = (c as { value: string }).value;
        const n = textLength(v);
        top.s.text += n;
        if (!top.inLink && !(n > RUN_ALLOWANCE && unbroken(v))) {
          if (n > top.s.longest) top.s.longest = n;
          if (n > RUN_ALLOWANCE) top.s.prose += n - RUN_ALLOWANCE;
        }
      } else if ((c as PElement).tagName !== undefined) {
        const ce = c as PElement;
        stack.push({
          el: ce,
          i: 0,
          s: { text: 0, link: 0, longest: 0, prose: 0 },
          inLink: top.inLink || ce.tagName === 'a',
        });
      }
      continue;
    }
    stack.pop();
    // Short links are navigation; a long link is a card or headline wrapped in an anchor and
    // counts mostly as text, so listings of linked teasers still read as content.
    if (top.el.tagName === 'a') {
      top.s.link = top.s.text < 50 ? top.s.text : top.s.text * 0.3;
      if (top.s.text >= 50) top.s.prose += (top.s.text - RUN_ALLOWANCE) * 0.4;
    }
    map.set(top.el, top.s);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.s.text += top.s.text;
      parent.s.link += top.s.link;
      parent.s.prose += top.s.prose;
      if (top.s.longest > parent.s.longest) parent.s.longest = top.s.longest;
    }
  }
  return map;
}

/**
 * The pattern with each compound word's hyphen also matching an underscore (`comment_list` as
 * `comment-list`, `side_bar` as `side-bar`): class and id names use both.
 */
function either(re: RegExp): RegExp {
  return new RegExp(re.source.replace(/(\w)-(\w)/g, '$1[-_]$2'), re.flags);
}

/** Class/id words that mark boilerplate whatever it holds. */
const STRONG_NEGATIVE = either(
  /(?:^|[-_\s])(cookies?|consent|gdpr|newsletter|news-letter|subscribe|subscription|donate|donation|donations|spenden|support-us|cta|call-to-action|signup|sign-up|share|sharing|sharedaddy|social|socials|social-links|breadcrumbs?|skiplink|skip-link|skip-to-content|sr-only|screen-reader-text|visually-hidden|visuallyhidden|advert|advertisement|ad-slot|adsbygoogle|outbrain|taboola|popup|modal|overlay|navbar|navigation|nav|menu|footer|sidebar|side-bar|reviews|customer-reviews|user-reviews|product-reviews|reviews-list|review-list|testimonials)(?:$|[-_\s])/i,
);

/** The page's own regions named in PascalCase (`SiteFooter`, `GlobalNavigation`), not a card's. */
const CAMEL_REGION =
  /(?:^|[\s_-])(?:Site|Page|Global|Main|App|Layout)(Footer|Sidebar|Navigation|Navbar)(?:$|[-_\s])/;

/**
 * Customer reviews of a product (`customer-reviews`, `reviews-list`): boilerplate however long they
 * run, the page being about the product. A bare `reviews` or `testimonials` section of a service
 * page or an article is its content.
 */
const REVIEW_REGION = either(/(?:^|[-_\s])(?:(?:customer|user|product)-reviews|reviews?-list)(?:$|[-_\s])/i);

/** Words that mark boilerplate when the element holds no prose (a long text run). */
const NEGATIVE = either(
  /(?:^|[-_\s])(menus|foot|widget|widgets|related|recommended|recommendations|login|banner|ads?|sponsor|sponsored|promo|promotion|masthead|topbar|top-bar|toolbar|pagination|pager|tags|tag-list|tagcloud|author-bio|author-box|byline|post-meta|entry-meta|disclaimer|copyright|print|comment-form|respond|reply-form|jump|more-stories|read-more|trending|popular)(?:$|[-_\s])/i,
);

/**
 * Related and recommended content by its usual names (`jp-relatedposts`, `crp_related`,
 * `relatedArticles`, `recirculation-box`, `read-also`, `post-ratings`): boilerplate when it
 * holds no prose, even inside a container named as the post (`post-related`).
 */
const RELATED = either(
  /(?:^|[-_\s])(related[^\s_-]*|recirculation|read-also|also-read|read-next|up-next|more-from|more-news|see-also|post-ratings|ratings?|you-may-like|recommend[^\s_-]*)(?:$|[-_\s])/i,
);

/** An image's caption or credit line. */
const CAPTION = either(
  /(?:^|[-_\s])(caption|captions|wp-caption-text|figcaption|legend|credit|credits|photo-credit|image-credit|bildunterschrift|bildnachweis)(?:$|[-_\s])/i,
);

const POSITIVE = either(
  /(?:^|[-_\s])(article|articles|content|main|main-content|post|post-body|post-content|entry|entry-content|body|text|story|blog|blog-post|prose|markdown|rich-text|richtext|page-content|article-body|articlebody|documentation|docs)(?:$|[-_\s])/i,
);

/** Classes for screen-reader-only text: never shown on screen (exact class names only). */
const SR_ONLY_CLASS =
  /(?:^|\s)(visually-hidden|visuallyhidden|sr-only|screen-reader-text|screenreader|offscreen|element-invisible)(?:$|\s)/;

/**
 * Utility classes that hide an element with CSS (exact class names only). Scripts toggle them
 * (collapsed answers, tab panels, lazily revealed sections), so they mark boilerplate only
 * when the element holds no prose.
 */
const HIDDEN_CLASS = /(?:^|\s)(hidden|hide|d-none|is-hidden|invisible|u-hidden|display-none)(?:$|\s)/;

/** A page header by its own name (`header`, `site-header`, `header-wrapper`), not `post-header`. */
const HEADER_NAME = either(
  /(?:^|\s)(?:(?:site|global|main|top|nav)[-_])?header(?:[-_](?:wrap|wrapper|container|main|top|inner|bar|nav|area|outer))?(?:$|\s)/i,
);

/** Elements whose class names say nothing about the page region they sit in. */
const NO_HINT_TAGS = new Set(['table', 'thead', 'tbody', 'tr', 'td', 'th', 'pre', 'code', 'h1', 'h2']);

/** Elements the descent never enters: a paragraph or a list is content, not a container of it. */
const LEAF = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'dl',
  'li',
  'figure',
  'a',
  'b',
  'strong',
  'em',
  'i',
  'code',
  'span',
  'font',
  'small',
  'label',
  'table',
  'tr',
  'thead',
  'tbody',
]);

const SIBLING = 0.35;

const HINT_SHARE = 0.5;

const CONTENT_CLASS = either(
  /(?:^|[\s_-])(entry-content|post-content|post-body|postbody|article-body|articlebody|article-content|article__body|article__content|story-body|story-content|content-body|post__content|post__body|blog-post-content|blog-content|markdown-body|rich-text|richtext|single-content|td-post-content|itemprop-articlebody|page-content|main-content|article-text|articletext)(?:$|[\s_-])/i,
);

/** A tab or accordion pane. */
const PANE = /(?:^|\s)(?:tab-pane|tabpanel|tab-panel|accordion-item|accordion-panel)(?:$|\s)/i;

/** One of several like siblings (forum posts, listing cards): not the single article body. */
function repeated(el: PElement): boolean {
  const parent = el.parentNode as PElement | null;
  if (!parent?.childNodes) return false;
  const cls = attr(el, 'class') ?? '';
  let same = 0;
  for (const c of parent.childNodes) {
    const ce = c as PElement;
    if (ce.tagName === el.tagName && (attr(ce, 'class') ?? '') === cls) same++;
  }
  return same > 1;
}

function isContentHint(el: PElement): boolean {
  if (el.tagName === 'article' || el.tagName === 'main') return true;
  if (attr(el, 'itemprop') === 'articleBody' || attr(el, 'role') === 'main') return true;
  const h = hints(el);
  return h !== '' && CONTENT_CLASS.test(h);
}

const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer', 'header']);

const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
  'dialog',
  'alertdialog',
]);

function hints(el: PElement): string {
  const id = attr(el, 'id');
  const cls = attr(el, 'class');
  return id ? (cls ? `${id} ${cls}` : id) : (cls ?? '');
}

const DESCEND = 0.85;

/** Characters of non-link text the pruning must leave, or it is redone relaxed. */
const MIN_LEFT = 150;

/** Prose (characters) an article must have outside its comments for them to be dropped. */
const COMMENTS_AFTER = 2000;

/** Any part of a comments region (a comment, its form, its count). */
const COMMENT_WORD = /(?:^|[-_\s])comments?(?:$|[-_\s])/i;

/** A reader-comments region by its usual names (WordPress, Disqus, CMS themes). */
const COMMENTS = either(
  /(?:^|[\s_-])(comments|comment[-_]?list|comments-area|comments-section|entry-comments|disqus_thread|dsq-comments)(?:$|[\s_-])/i,
);

/** Prose (weighted characters) the page must have outside a teaser list for it to be dropped. */
const TEASER_ARTICLE = 1500;

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Prose (weighted characters) the page must have outside a signed, dated thread to drop it. */
const THREAD_ARTICLE = 1000;
const THREAD_PARENTS = new Set(['div', 'section', 'ul', 'ol']);
const COMMENT_AUTHOR = either(
  /(?:^|[-_\s])(author|avatar|user|username|user-name|commenter|comment-author|vcard|fn|nick|nickname)(?:$|[-_\s])/i,
);
const COMMENT_DATE = either(
  /(?:^|[-_\s])(date|time|timestamp|ago|comment-date|comment-time|published)(?:$|[-_\s])/i,
);
/** Forum posts and answers: the thread is the page's content, named as such. */
const FORUM_NAME = either(
  /(?:^|[-_\s])(post|posts|postbody|answer|answers|message|messages|msg|topic|thread|question|forum)(?:$|[-_\s])/i,
);
const REPLY_TEXT =
  /^\s*(reply|antworten|beantworten|répondre|responder|rispondi|odpowiedz|svara|reageer|responder)\s*$/i;

/** An element's text, up to a few hundred characters (for short labels such as link texts). */
function textOf(el: PElement): string {
  let out = '';
  const stack: PNode[] = [el];
  while (stack.length && out.length < 200) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') out += (n as { value: string }).value;
    else {
      const kids = (n as PElement).childNodes;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return out;
}

const TEASER_PARENTS = new Set(['div', 'section', 'ul', 'ol', 'aside', 'nav']);
const TEASER_ITEMS = new Set(['li', 'div', 'article', 'section', 'figure']);

/** Below this much prose (characters, after pruning) a page is judged by its text instead. */
const LOW_PROSE = 300;
const DEBUG = process.env.DISTILL_HTML_DEBUG === '1';
/** Dev hook (scripts/rule-audit.ts): told of every element a pruning rule removes, and why. */
type PruneHook = (el: PElement, why: string) => void;
const pruneHook = () => (globalThis as { __distillPruneHook?: PruneHook }).__distillPruneHook;

export interface FilterResult {
  roots: PElement[];
  /** True when the filter found nothing and the whole input was kept. */
  fellBack: boolean;
}

/** Elements that make a `<header>` or `<footer>` inside them that section's, not the page's. */
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

/**
 * Removes children for which `drop` says so, top-down, without recursion; returns an undo list.
 * `drop` is told whether the element sits inside a sectioning element (as the ARIA mapping of
 * header and footer asks).
 */
function prune(root: PElement, drop: (el: PElement, inSection: boolean) => boolean): [PElement, PNode[]][] {
  const undo: [PElement, PNode[]][] = [];
  const stack: { el: PElement; sect: boolean }[] = [{ el: root, sect: false }];
  while (stack.length) {
    const { el, sect } = stack.pop()!;
    const kids = el.childNodes;
    const inner = sect || SECTIONING.has(el.tagName);
    let kept: PNode[] | undefined;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i];
      const ce = c as PElement;
      const gone = ce.tagName !== undefined && drop(ce, inner);
      if (gone) {
        if (!kept) kept = kids.slice(0, i);
      } else {
        if (kept) kept.push(c);
        if (ce.tagName !== undefined) stack.push({ el: ce, sect: inner });
      }
    }
    if (kept) {
      undo.push([el, kids]);
      el.childNodes = kept;
    }
  }
  return undo;
}

function restore(undo: [PElement, PNode[]][]): void {
  for (let i = undo.length - 1; i >= 0; i--) undo[i][0].childNodes = undo[i][1];
}

/**
 * The statistics of the pruned tree, from those of the whole one: the pruned subtrees' counts
 * are taken off their ancestors (text, link and prose add up; `longest` is left as it was, and
 * nothing below reads it), which spares a second walk over the page.
 */
function statsAfter(stats: StatsMap, undo: [PElement, PNode[]][]): { get(el: PElement): Stats | undefined } {
  const delta = new Map<PElement, Stats>();
  for (const [el, before] of undo) {
    const now = new Set(el.childNodes);
    for (const k of before) {
      if (now.has(k) || (k as PElement).tagName === undefined) continue;
      const s = stats.get(k as PElement);
      if (!s || s.text + s.prose === 0) continue;
      for (let a: PElement | null = el; a && stats.has(a); a = a.parentNode as PElement | null) {
        let d = delta.get(a);
        if (!d) {
          d = { text: 0, link: 0, longest: 0, prose: 0 };
          delta.set(a, d);
        }
        d.text += s.text;
        d.link += s.link;
        d.prose += s.prose;
      }
    }
  }
  const made = new Map<PElement, Stats>();
  return {
    get(el: PElement): Stats | undefined {
      const s = stats.get(el);
      const d = delta.get(el);
      if (!s || !d) return s;
      let r = made.get(el);
      if (!r) {
        r = { text: s.text - d.text, link: s.link - d.link, longest: s.longest, prose: s.prose - d.prose };
        made.set(el, r);
      }
      return r;
    },
  };
}

export function mainContent(body: PElement): FilterResult {
  const stats = computeStats(body);
  const total = stats.get(body)!;
  if (total.text === 0) return { roots: [body], fellBack: true };
  const pageText = total.text;

  // Pass 2a: boilerplate regions. An element holding most of the page's prose is never
  // boilerplate, whatever its class says (a wrapper named "has-sidebar", a forum "comments" list).
  const HOOK = pruneHook();
  let outside: number | undefined;
  // Relaxed: only landmarks (tags, roles) that do not hold most of the page's text are pruned;
  // used when the full rules would leave next to nothing (a product grid in a "related" section,
  // a page whose footer outweighs its few lines of content).
  let relaxed = false;
  const pruneAll = () =>
    prune(body, (el, inSection) => {
      const s = stats.get(el)!;
      const gone = boilerplate(el, s, inSection);
      if (gone && DEBUG) console.error('prune', el.tagName, hints(el).slice(0, 60), s);
      return gone;
    });
  let undo = pruneAll();
  let after = statsAfter(stats, undo);
  const left = after.get(body)!;
  if (left.text - left.link < MIN_LEFT && total.text - total.link >= 2 * MIN_LEFT) {
    restore(undo);
    relaxed = true;
    undo = pruneAll();
    after = statsAfter(stats, undo);
  }
  /** Prose of the page outside every comments region (0 on a forum thread). */
  function proseOutsideComments(): number {
    if (outside !== undefined) return outside;
    let inComments = 0;
    const stack: PElement[] = [body];
    let budget = 200000;
    while (stack.length && budget-- > 0) {
      const el = stack.pop()!;
      if (el !== body && COMMENTS.test(hints(el))) {
        inComments += stats.get(el)?.prose ?? 0;
        continue;
      }
      for (const c of el.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
    }
    outside = total.prose - inComments;
    return outside;
  }
  function boilerplate(el: PElement, s: Stats, inSection: boolean): boolean {
    const r = why(el, s, inSection);
    if (r && HOOK) HOOK(el, r);
    return r !== undefined;
  }
  function why(el: PElement, s: Stats, inSection: boolean): string | undefined {
    const tag = el.tagName;
    const prose = s.text - s.link;
    const major = prose > pageText * 0.4;
    if (relaxed) {
      if (major) return undefined;
      const role = attr(el, 'role');
      if (role && BOILERPLATE_ROLES.has(role)) return `role:${role}`;
      if (BOILERPLATE_TAGS.has(tag) && !(inSection && (tag === 'header' || tag === 'footer')))
        return `tag:${tag}`;
      return undefined;
    }
    const h = hints(el);
    // Reader comments under an article are not the article, however long they run; on a forum
    // thread, with no article above, they are the content.
    if (h && COMMENTS.test(h) && proseOutsideComments() >= COMMENTS_AFTER) return 'comments';
    // Customer reviews under a product likewise, unless they are all the page holds.
    if (h && REVIEW_REGION.test(h) && s.prose < total.prose * 0.8) return 'reviews';
    const role = attr(el, 'role');
    if (role && BOILERPLATE_ROLES.has(role) && !major) return `role:${role}`;
    // The page's footer and navigation stay boilerplate even when they outweigh the content.
    const landmarkMajor = major && !((tag === 'footer' || tag === 'nav') && !inSection);
    if (BOILERPLATE_TAGS.has(tag) && !landmarkMajor) {
      // A header or footer inside an article or section is that part's (a title, a byline).
      if (!(inSection && (tag === 'header' || tag === 'footer'))) return `tag:${tag}`;
    }
    const cls = attr(el, 'class');
    if (cls && SR_ONLY_CLASS.test(cls)) return 'sronly';
    const prosy = s.longest >= 150 && s.link < s.text * 0.3 && s.prose >= s.text * 0.2;
    if (cls && !prosy && HIDDEN_CLASS.test(cls)) return 'hiddenclass';
    // Reader comments outweighing a short article above them are still comments.
    if (commentThread(el, s)) return 'thread';
    if (major) return undefined;
    // A form is a search box, a login or a newsletter sign-up; one that holds much of the page's
    // prose (a product grid with compare boxes, a page-wide ASP.NET form) is content.
    if ((tag === 'form' || tag === 'fieldset') && s.prose < total.prose * 0.3) return `tag:${tag}`;
    if (NO_HINT_TAGS.has(tag)) return undefined;
    // The page's footer or sidebar named in PascalCase (`SiteFooter`, `PageSidebar`) is one
    // whatever else its classes say (a shared `main-content` layout class).
    if (h && s.longest < 400) {
      const c = CAMEL_REGION.exec(h);
      if (c) return `camel:${c[1].toLowerCase()}`;
    }
    // Related-content and share widgets stay boilerplate inside a container named as the post
    // (`jp-post-flair sharedaddy`, `post-related`) as long as they hold no prose.
    if (h && s.longest < 160) {
      const r = RELATED.exec(h) ?? STRONG_NEGATIVE.exec(h);
      if (r) return `named:${r[1].toLowerCase()}`;
    }
    if (teaserList(el, s)) return 'teasers';
    if (s.longest < 150 && s.text < 400 && (tag === 'figcaption' || (h && CAPTION.test(h)))) return 'caption';
    if (!h || POSITIVE.test(h)) return undefined;
    if (HEADER_NAME.test(h) && (s.longest < 160 || s.link > s.text * 0.5)) return 'neg:header';
    let m = STRONG_NEGATIVE.exec(h);
    if (m && s.longest < 400) return `strong:${m[1].toLowerCase()}`;
    if (COMMENT_WORD.test(h) && (s.longest < 160 || s.link > s.text * 0.5) && proseOutsideComments() >= 300)
      return 'neg:comment';
    m = NEGATIVE.exec(h);
    if (m && (s.longest < 160 || s.link > s.text * 0.5)) return `neg:${m[1].toLowerCase()}`;
    return undefined;
  }

  /**
   * Teasers for other pages ("you may also like", "more stories"), told by their structure: three
   * or more like siblings, each a short card led by a link (a headline, an image and a line of
   * excerpt), beside an article that has prose of its own. Plain link lists inside the article
   * (shops, sources, further reading) are not cards and stay.
   */
  function teaserList(el: PElement, s: Stats): boolean {
    if (!TEASER_PARENTS.has(el.tagName) || total.prose - s.prose < TEASER_ARTICLE || s.longest >= 200)
      return false;
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
      if (cardLink(c)) teasers++;
    }
    return items >= 3 && teasers >= 3 && teasers >= items * 0.75;
  }
  /**
   * Reader comments told by their structure, whatever they are named: three or more like
   * siblings, each signed (an author or avatar element, a `cite`) and dated (`time`, a date
   * class) or with a reply link, and without a headline (a listing's teasers have one), under an article with prose of its own. A forum thread, whose
   * posts are all the page holds, has no such article beside them; its posts are named as posts,
   * answers or messages, and are left alone.
   */
  function commentThread(el: PElement, s: Stats): boolean {
    if (!THREAD_PARENTS.has(el.tagName) || total.prose - s.prose < THREAD_ARTICLE) return false;
    const eh = hints(el);
    if (eh && FORUM_NAME.test(eh)) return false;
    let items = 0;
    let signed = 0;
    for (const k of el.childNodes) {
      const c = k as PElement;
      if (c.tagName === undefined) continue;
      const cs = stats.get(c);
      if (!cs || cs.text === 0) continue;
      items++;
      const ch = hints(c);
      if (ch && FORUM_NAME.test(ch)) return false;
      if (TEASER_ITEMS.has(c.tagName) && looksSigned(c)) signed++;
    }
    return signed >= 3 && signed >= items * 0.6;
  }
  function looksSigned(el: PElement): boolean {
    let author = false;
    let dated = false;
    const stack: PElement[] = [el];
    let budget = 300;
    while (stack.length && budget-- > 0) {
      const e = stack.pop()!;
      // A headline makes it a teaser of an article in a listing, not a comment.
      if (HEADING_TAGS.has(e.tagName)) return false;
      const h = hints(e);
      const ip = attr(e, 'itemprop');
      if (e.tagName === 'cite' || (h && COMMENT_AUTHOR.test(h)) || ip === 'author' || ip === 'creator')
        author = true;
      if (
        e.tagName === 'time' ||
        (h && COMMENT_DATE.test(h)) ||
        ip === 'datePublished' ||
        ip === 'dateCreated'
      )
        dated = true;
      if (e.tagName === 'a' && ((h && /reply/i.test(h)) || REPLY_TEXT.test(textOf(e)))) dated = true;
      for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
    }
    return author && dated;
  }
  function linkedText(el: PElement): number {
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
  function cardLink(el: PElement): boolean {
    const stack: PElement[] = [el];
    let budget = 400;
    while (stack.length && budget-- > 0) {
      const e = stack.pop()!;
      if (HEADING_TAGS.has(e.tagName)) {
        if (linkedText(e) > 0 || (e.parentNode as PElement | null)?.tagName === 'a') return true;
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

  // On pages with almost no prose (product grids, link hubs, storefronts) the prose measure is
  // noise: the descent then follows the visible text, links half counted.
  const rest = after.get(body)!;
  const good =
    rest.prose < LOW_PROSE
      ? (el: PElement) => {
          const s = after.get(el);
          return s ? s.text - s.link * 0.5 : 0;
        }
      : (el: PElement) => {
          const s = after.get(el);
          return s ? s.prose : 0;
        };

  // Pass 2b: descend to the smallest container holding most of the prose.
  let node = body;
  for (;;) {
    const g = good(node);
    let best: PElement | undefined;
    let bestG = -1;
    for (const c of node.childNodes) {
      const ce = c as PElement;
      if (ce.tagName === undefined || LEAF.has(ce.tagName)) continue;
      const cg = good(ce);
      if (cg > bestG) {
        bestG = cg;
        best = ce;
      }
    }
    if (DEBUG)
      console.error(
        'descend',
        node.tagName,
        hints(node).slice(0, 60),
        g,
        '->',
        best?.tagName,
        best && hints(best).slice(0, 60),
        bestG,
      );
    if (!best || bestG < g * DESCEND) break;
    node = best;
  }
  // Pass 2c: a descendant that names itself the article body (itemprop, CMS class names,
  // a lone <article>) and holds most of the container's prose is the tighter choice.
  const g = good(node);
  let hinted: PElement | undefined;
  let hintedG = 0;
  const stack: PElement[] = [node];
  let budget = 20000;
  while (stack.length && budget-- > 0) {
    const el = stack.pop()!;
    for (const c of el.childNodes) {
      const ce = c as PElement;
      if (ce.tagName === undefined) continue;
      const cg = good(ce);
      if (cg < g * HINT_SHARE) continue;
      // One tab or accordion pane is never the whole of the content beside its sister panes.
      if (attr(ce, 'role') === 'tabpanel' || PANE.test(hints(ce))) continue;
      stack.push(ce);
      if (isContentHint(ce) && !repeated(ce) && (hinted === undefined || cg >= hintedG * 0.9)) {
        hinted = ce;
        hintedG = cg;
      }
    }
  }
  if (DEBUG && hinted) console.error('hinted', hinted.tagName, hints(hinted).slice(0, 60), hintedG, 'of', g);
  if (hinted) node = hinted;
  if (good(node) === 0) {
    restore(undo);
    return { roots: [body], fellBack: true };
  }
  // Pass 2d: siblings that carry prose of their own (a question above its answers, an intro
  // beside the article body) join the chosen node, in document order.
  const parent = node.parentNode as PElement | null;
  let roots: PElement[] = [node];
  if (SIBLING > 0 && node !== body && parent?.childNodes) {
    const ng = good(node);
    roots = [];
    for (const c of parent.childNodes) {
      const ce = c as PElement;
      if (ce.tagName === undefined) continue;
      if (ce === node) roots.push(ce);
      else {
        const st = after.get(ce);
        if (st && good(ce) >= ng * SIBLING && st.link < st.text * 0.3) roots.push(ce);
      }
    }
  }
  const head = articleHead(roots, body, after);
  if (head.length) roots = [...head, ...roots];
  else roots = [...standfirst(roots[0], body, after), ...roots];
  return { roots, fellBack: false };
}

/**
 * The standfirst of an article whose title is no `h1`: prose standing right before the chosen
 * body container (at its level or its parent's), as CMS templates write the lead (`teaser-text`,
 * `perex`, `chapo`) apart from the body. Short lines and link lists end the search.
 */
function standfirst(
  first: PElement,
  body: PElement,
  after: { get(el: PElement): Stats | undefined },
): PElement[] {
  const out: PElement[] = [];
  let cur = first;
  for (let level = 0; level < 2 && cur !== body; level++) {
    const parent = cur.parentNode as PElement | null;
    if (!parent?.childNodes) break;
    const kids = parent.childNodes;
    let taken = 0;
    for (let j = kids.indexOf(cur) - 1; j >= 0 && taken < 2; j--) {
      const e = kids[j] as PElement;
      if (e.tagName === undefined) continue;
      const st = after.get(e);
      if (!st || st.text === 0) continue;
      if (st.text - st.link < LEAD_MIN || st.link > st.text * 0.3 || st.longest < 60 || st.text > 1200) {
        if (out.length || taken) return out;
        break;
      }
      out.unshift(e);
      taken++;
    }
    if (taken) return out;
    cur = parent;
  }
  return out;
}

/** Characters of non-link text a standfirst holds at least. */
const LEAD_MIN = 80;

/** Levels above the chosen content searched for its title. */
const HEAD_LEVELS = 3;
/** Non-link characters the title and standfirst above the content may hold. */
const HEAD_MAX = 1500;
/** Shorter lines between the title and the content are dates, bylines and kickers. */
const HEAD_LINE = 50;

/** True when `el` is or holds an `h1` (bounded search); the h1 found is returned. */
function findH1(el: PElement, last: boolean): PElement | undefined {
  if (el.tagName === 'h1') return el;
  const stack: PElement[] = [el];
  let found: PElement | undefined;
  let budget = 3000;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    const kids = e.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i] as PElement;
      if (c.tagName === undefined) continue;
      if (c.tagName === 'h1') {
        if (!last) return c;
        found = c;
      } else stack.push(c);
    }
  }
  return found;
}

/**
 * Pass 2e: the article's own title and standfirst. CMS templates put the `h1`, the lead
 * paragraph and the byline in a header block beside (above) the body container the descent
 * chose, which holds the prose only. When the content holds no `h1`, the nearest one before it
 * (a few levels up) heads it: that `h1` and what stands between it and the content join, but
 * for link lists (breadcrumbs, tags) and short lines (dates, bylines: dropped as the refine
 * stage drops them around the prose); nothing joins when that runs long (another section).
 */
function articleHead(
  roots: PElement[],
  body: PElement,
  after: { get(el: PElement): Stats | undefined },
): PElement[] {
  for (const r of roots) if (findH1(r, false)) return [];
  let cur = roots[0];
  for (let level = 0; level < HEAD_LEVELS && cur !== body; level++) {
    const parent = cur.parentNode as PElement | null;
    if (!parent?.childNodes) return [];
    const kids = parent.childNodes;
    const at = kids.indexOf(cur);
    for (let j = at - 1; j >= 0; j--) {
      const sib = kids[j] as PElement;
      if (sib.tagName === undefined) continue;
      const h1 = findH1(sib, true);
      if (!h1) continue;
      const out: PElement[] = [h1];
      let chars = after.get(h1)?.text ?? 0;
      // After the title, in document order: subtitles and standfirsts, not dates, bylines,
      // kickers or link lists (breadcrumbs, tags, share bars).
      const take = (e: PElement) => {
        if (e.tagName === undefined) return;
        const st = after.get(e);
        if (!st || st.text === 0) return;
        const own = st.text - st.link;
        if (!HEADING_TAGS.has(e.tagName) && (own < HEAD_LINE || st.link > st.text * 0.5)) return;
        chars += own;
        out.push(e);
      };
      for (let n = h1; n !== sib; ) {
        const p = n.parentNode as PElement;
        const ks = p.childNodes;
        for (let k = ks.indexOf(n) + 1; k < ks.length; k++) take(ks[k] as PElement);
        n = p;
      }
      for (let k = j + 1; k < at; k++) take(kids[k] as PElement);
      if (chars > HEAD_MAX) return [];
      // Between the chosen roots' own parent and this level, the title block sits outside.
      return out;
    }
    cur = parent;
  }
  return [];
}
