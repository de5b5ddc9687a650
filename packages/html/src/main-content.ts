import { findAnchor } from './anchor.js';
import { authorBox } from './author.js';
import { onFirstAsk } from './before-pruning.js';
import { insideCode } from './code-block.js';
import { attr, hints, type PElement, type PNode, textOf, within } from './dom.js';
import { articleHead, isTitle, standfirst, titleH1 } from './head.js';
import { iconBar } from './icon-bar.js';
import { insetBox } from './inset-box.js';
import { pictureCaption } from './picture-caption.js';
import { postChrome } from './post-chrome.js';
import { productCards } from './price-cards.js';
import { profileCards } from './profile-cards.js';
import { amidText, cardGrid, commentThread, excerptTeasers, storyLinkBox, teaserList } from './regions.js';
import { ruleOn } from './rule-switch.js';
import {
  BOILERPLATE_ROLES,
  BOILERPLATE_TAGS,
  CAMEL_REGION,
  CAPTION,
  CARDS_ARTICLE,
  COMMENT_WORD,
  COMMENTS,
  COMMENTS_AFTER,
  CONTENT_CLASS,
  DECLARED_ARTICLE,
  DESCEND,
  FORM_BOX_MAX,
  HEADER_NAME,
  HIDDEN_CLASS,
  HINT_SHARE,
  LEAF,
  LOW_PROSE,
  MIN_LEFT,
  NEGATIVE,
  NO_HINT_TAGS,
  PANE,
  PAYWALL,
  POSITIVE,
  RELATED,
  REVIEW_REGION,
  SECTIONING,
  SHORT_ARTICLE,
  SIBLING,
  SR_ONLY_CLASS,
  STRONG_NEGATIVE,
} from './rules.js';
import { computeStats, type Stats, statsAfter } from './stats.js';
import { templateNames } from './template-names.js';
import { titleLead } from './title-lead.js';

export type { Stats, StatsMap } from './stats.js';
export { computeStats } from './stats.js';

/**
 * The main-content filter. Two passes over the cleaned tree:
 *  1. bottom-up statistics per element: text length and the part of it inside links;
 *  2. top-down pruning of boilerplate (navigation, page header and footer, sidebars, share and
 *     comment widgets, reader comments under an article, link lists), judged from tag, role,
 *     class/id hints, link density and the share of the page's text an element holds (redone
 *     with landmarks only when it would leave almost nothing), then the choice of the smallest
 *     container that still holds most of the remaining prose (or, on pages with next to no
 *     prose, of the remaining text).
 * The vocabulary and thresholds live in rules.ts, the structural detectors in regions.ts, the
 * title and standfirst in head.ts.
 */

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

const DEBUG = process.env.DISTILL_HTML_DEBUG === '1';
/** Dev hook (scripts/rule-audit.ts): told of every element a pruning rule removes, and why. */
type PruneHook = (el: PElement, why: string) => void;
const pruneHook = () => (globalThis as { __distillPruneHook?: PruneHook }).__distillPruneHook;

export interface FilterResult {
  roots: PElement[];
  /** True when the filter found nothing and the whole input was kept. */
  fellBack: boolean;
}

/**
 * Removes children for which `drop` says so, top-down, without recursion; returns an undo list.
 * `drop` is told whether the element sits inside a sectioning element (as the ARIA mapping of
 * header and footer asks). `cameWith` keeps the children each element had before any pruning
 * first replaced them, for the record of the page as it came (before-pruning.ts).
 */
function prune(
  root: PElement,
  drop: (el: PElement, inSection: boolean) => boolean,
  cameWith: Map<PElement, PNode[]>,
): [PElement, PNode[]][] {
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
      if (!cameWith.has(el)) cameWith.set(el, kids);
      el.childNodes = kept;
    }
  }
  return undo;
}

/** A form among the element's children or theirs (a box's form sits at most one wrapper down). */
function holdsForm(el: PElement): boolean {
  for (const c of el.childNodes) {
    const ce = c as PElement;
    if (ce.tagName === 'form') return true;
    if (ce.tagName !== undefined)
      for (const g of ce.childNodes) if ((g as PElement).tagName === 'form') return true;
  }
  return false;
}

function restore(undo: [PElement, PNode[]][]): void {
  for (let i = undo.length - 1; i >= 0; i--) undo[i][0].childNodes = undo[i][1];
}

/** What the page says of itself outside its body: its title and declared article text. */
export interface PageHints {
  /** `<title>` and `og:title`, as written. */
  titles?: string[];
  /** The JSON-LD articleBody (see anchor.ts). */
  articleBody?: string;
  /** The page declares itself an article (og:type, a schema.org Article type; see anchor.ts). */
  article?: boolean;
  /** The page declares a forum thread or a Q&A page (see anchor.ts): replies are content. */
  thread?: boolean;
}

const MEDIA = new Set(['img', 'picture', 'video', 'figure', 'iframe']);

/**
 * True when an image stands beside `el` (in its parent's subtree, bounded): a caption-named
 * element is an image's caption or credit only there; elsewhere (a rating's screen-reader
 * caption in a product card, a table legend) it is text of its own.
 */
function nearImage(el: PElement): boolean {
  const parent = el.parentNode as PElement | null;
  if (!parent?.childNodes) return false;
  const stack: PElement[] = [parent];
  let budget = 60;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    if (MEDIA.has(e.tagName)) return true;
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return false;
}

/** True when `el` is still in the tree below `root` (not inside a pruned subtree). */
function attached(el: PElement, root: PElement): boolean {
  for (let e = el; e !== root; ) {
    const p = e.parentNode as PElement | null;
    if (!p?.childNodes?.includes(e)) return false;
    e = p;
  }
  return true;
}

type Measure = (el: PElement) => number;

/** Pass 2b: from the body down to the smallest container holding most of the prose. */
function descend(body: PElement, good: Measure): PElement {
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
  return node;
}

/**
 * Pass 2c: a descendant that names itself the article body (itemprop, CMS class names, a lone
 * <article>) and holds most of the container's prose is the tighter choice.
 */
function hintedBody(node: PElement, good: Measure): PElement | undefined {
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
  return hinted;
}

/**
 * Pass 2d: siblings that carry prose of their own (a question above its answers, an intro
 * beside the article body) join the chosen node, in document order.
 */
function withSiblings(
  node: PElement,
  body: PElement,
  after: { get(el: PElement): Stats | undefined },
  good: Measure,
): PElement[] {
  const parent = node.parentNode as PElement | null;
  if (node === body || !parent?.childNodes) return [node];
  const ng = good(node);
  const roots: PElement[] = [];
  for (const c of parent.childNodes) {
    const ce = c as PElement;
    if (ce.tagName === undefined) continue;
    if (ce === node) roots.push(ce);
    else {
      const st = after.get(ce);
      if (st && good(ce) >= ng * SIBLING && st.link < st.text * 0.3) roots.push(ce);
    }
  }
  return roots;
}

export function mainContent(body: PElement, page: PageHints = {}): FilterResult {
  const h1s: PElement[] = [];
  const declaredBodies: PElement[] = [];
  const dls: PElement[] = [];
  const stats = computeStats(body, h1s, declaredBodies, dls);
  const total = stats.get(body)!;
  if (total.text === 0) return { roots: [body], fellBack: true };
  // Read before pruning: the declared body's text is matched wherever it stands.
  const anchor = page.articleBody ? findAnchor(body, page.articleBody) : undefined;
  const pageText = total.text;
  // The article body the page declares (JSON-LD articleBody found in the page, or the one
  // element marked itemprop=articleBody), read before pruning.
  const declaredBody = anchor ?? (declaredBodies.length === 1 ? declaredBodies[0] : undefined);
  /** The declared body stands wholly before `el` (not around it). */
  function declaredBefore(el: PElement, s: Stats): boolean {
    if (!declaredBody || declaredBody === body) return false;
    const d = stats.get(declaredBody);
    return d !== undefined && d.at < s.at && !within(el, declaredBody);
  }
  // The story's title: the first h1 whose text is the page's `<title>` or og:title.
  const pageTitles = (page.titles ?? []).filter((t) => t.trim() !== '');
  const titleEl = pageTitles.length ? h1s.find((h) => isTitle(textOf(h), pageTitles)) : undefined;
  /** The title h1 stands before `el`, outside it. */
  function titledBefore(el: PElement, s: Stats): boolean {
    const t = titleEl && stats.get(titleEl);
    return t !== undefined && t.at < s.at && !within(titleEl!, el);
  }

  // Other products' cards on a product's page (price-cards.ts).
  const otherProducts = productCards(body, h1s, stats);
  // A forum's profile cards (join date, message count beside each post), told before pruning.
  const cards = dls.length >= 3 ? profileCards(dls, stats) : undefined;
  // The lines a forum engine draws around every post (rank, post number, reaction counts).
  const chrome = page.thread ? postChrome(body, stats) : undefined;

  // Pass 2a: boilerplate regions. An element holding most of the page's prose is never
  // boilerplate, whatever its class says (a wrapper named "has-sidebar", a forum "comments" list).
  const HOOK = pruneHook();
  // Read of the page as it came, whatever the pruning has taken when a rule asks.
  const cameWith = new Map<PElement, PNode[]>();
  const unpruned = onFirstAsk(body, stats, (el) => cameWith.get(el) ?? el.childNodes);
  const templateName = templateNames(body, stats, unpruned);
  /** Prose of the page outside every comments region (0 on a forum thread). */
  const proseOutsideComments = () => total.prose - unpruned().commentsProse;
  // Relaxed: only landmarks (tags, roles) that do not hold most of the page's text are pruned;
  // used when the full rules would leave next to nothing (a product grid in a "related" section,
  // a page whose footer outweighs its few lines of content).
  let relaxed = false;
  const pruneAll = () =>
    prune(
      body,
      (el, inSection) => {
        const s = stats.get(el)!;
        const gone = boilerplate(el, s, inSection);
        if (gone && DEBUG) console.error('prune', el.tagName, hints(el).slice(0, 60), s);
        return gone;
      },
      cameWith,
    );
  let undo = pruneAll();
  let after = statsAfter(stats, undo);
  const left = after.get(body)!;
  if (left.text - left.link < MIN_LEFT && total.text - total.link >= 2 * MIN_LEFT) {
    restore(undo);
    relaxed = true;
    undo = pruneAll();
    after = statsAfter(stats, undo);
  }
  function boilerplate(el: PElement, s: Stats, inSection: boolean): boolean {
    let r = why(el, s, inSection);
    // What a code block holds is code, whatever its highlighter names it (code-block.ts).
    if (r && insideCode(el)) r = undefined;
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
    if (h && COMMENTS.test(h) && proseOutsideComments() >= (page.article ? DECLARED_ARTICLE : COMMENTS_AFTER))
      return 'comments';
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
    const threshold = page.article ? DECLARED_ARTICLE : undefined;
    // Named comments under a short story are not the story (not on a declared forum thread).
    if (commentThread(el, s, stats, total, threshold, page.thread ? undefined : SHORT_ARTICLE))
      return 'thread';
    // Teaser cards with long excerpts beside the post, named as related content or cut short
    // ("…"), whatever share of the page's prose they hold: a short post's related list
    // outweighs it.
    if (excerptTeasers(el, s, stats, total, page.article ? DECLARED_ARTICLE : CARDS_ARTICLE)) return 'cards';
    // A grid of teaser cards after the post's run of paragraphs, likewise: a short post's "you
    // may also like" grid holds more words than the post.
    const gridArticle = page.article ? DECLARED_ARTICLE : CARDS_ARTICLE;
    if (
      cardGrid(
        el,
        s,
        stats,
        total,
        gridArticle,
        // Asked only of a grid's shape (the ancestor walks are not made for every element).
        () => (declaredBefore(el, s) ? 'declared' : titledBefore(el, s) ? 'titled' : undefined),
      )
    )
      return 'card-grid';
    if (otherProducts(el, s)) return 'price-cards';
    if (major) return undefined;
    // A form is a search box, a login or a newsletter sign-up; one that holds much of the page's
    // prose (a product grid with compare boxes, a page-wide ASP.NET form) is content.
    if ((tag === 'form' || tag === 'fieldset') && s.prose < total.prose * 0.3) return `tag:${tag}`;
    // The box around such a form set between the story's paragraphs goes with it ("Sign up for
    // our newsletter", a line on what it sends, the form), told by the form and where it stands
    // rather than by its words or names. A shop's card with its order form stands among other
    // cards, not between paragraphs (WCXB dev fold a -.00139 when any box went).
    if (
      s.text <= FORM_BOX_MAX &&
      s.longest < 200 &&
      holdsForm(el) &&
      amidText(el, stats) &&
      ruleOn('form-box')
    )
      return 'form-box';
    // A box of other stories' headlines set between the story's paragraphs, whatever its label
    // or class says (an unnamed "More on this story" list inside the text).
    if (storyLinkBox(el, s, stats)) return 'story-links';
    // A box set into the story's paragraphs that sends the reader elsewhere (inset-box.ts).
    if (insetBox(el, s, stats) && ruleOn('inset-box')) return 'inset-box';
    // A share or follow bar's label over its icon links to other sites (icon-bar.ts).
    if (iconBar(el, s, stats)) return 'icon-bar';
    // A picture's caption set beside it in a box of its own, unnamed (picture-caption.ts).
    if (pictureCaption(el, s, stats)) return 'picture-caption';
    if (cards?.has(el) && ruleOn('profile-card')) return 'profile-card';
    if (chrome?.has(el) && ruleOn('post-chrome')) return 'post-chrome';
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
      const r = RELATED.exec(h) ?? PAYWALL.exec(h) ?? STRONG_NEGATIVE.exec(h);
      if (r) return `named:${r[1].toLowerCase()}`;
    }
    // The writer's box beside or after the story, named for its author or not (author.ts).
    const writer = authorBox(el, s, stats, total, h, CARDS_ARTICLE);
    if (writer) return writer;
    if (teaserList(el, s, stats, total, threshold)) return 'teasers';
    if (s.longest < 150 && s.text < 400 && (tag === 'figcaption' || (h && CAPTION.test(h) && nearImage(el))))
      return 'caption';
    if (!h || POSITIVE.test(h)) return undefined;
    if (HEADER_NAME.test(h) && (s.longest < 160 || s.link > s.text * 0.5)) return 'neg:header';
    let m = STRONG_NEGATIVE.exec(h);
    if (m && s.longest < 400) return `strong:${m[1].toLowerCase()}`;
    if (COMMENT_WORD.test(h) && (s.longest < 160 || s.link > s.text * 0.5) && proseOutsideComments() >= 300)
      return 'neg:comment';
    m = NEGATIVE.exec(h);
    // Not when the word is part of the name the page gives its content's blocks (template-names.ts).
    if (
      m &&
      (s.longest < 160 || s.link > s.text * 0.5) &&
      !(templateName(h, m.index + m[0].indexOf(m[1])) && ruleOn('template-name'))
    )
      return `neg:${m[1].toLowerCase()}`;
    return undefined;
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
  let node = descend(body, good);
  // Pass 2c: a descendant that names itself the article body.
  const hinted = hintedBody(node, good);
  if (DEBUG && hinted)
    console.error('hinted', hinted.tagName, hints(hinted).slice(0, 60), good(hinted), 'of', good(node));
  if (hinted) node = hinted;
  // Pass 2c': the element holding the JSON-LD articleBody's text is the article when the prose
  // measure chose something else (a comment thread or a teaser grid outweighing a short post)
  // or a part of it; a choice around it stands (the declared body may be a listicle's first
  // item, or leave out a part the page shows).
  let anchored = false;
  if (anchor && anchor !== body && attached(anchor, body) && good(anchor) > 0 && !within(anchor, node)) {
    anchored = true;
    if (!(within(node, anchor) && good(node) >= good(anchor) * 0.9)) node = anchor;
    if (DEBUG) console.error('anchor', anchor.tagName, hints(anchor).slice(0, 60), good(anchor));
  }
  // Pass 2c'': the one element the page marks up as its article body (microdata
  // `itemprop="articleBody"`) is the article when the prose measure chose a region beside it: a
  // reader thread or a teaser grid outweighing a short story, drawn in ways the pruning did not
  // tell (comments headed by their authors' names, no class naming them). A listing marks each
  // teaser's body, and then none is the page's: only one left after the pruning is.
  const declared = declaredBodies.filter((el) => attached(el, body));
  if (!anchored && declared.length === 1) {
    const [one] = declared;
    const beside = !within(one, node) && !within(node, one);
    if (beside && good(one) >= SHORT_ARTICLE && ruleOn('microdata-body')) {
      anchored = true;
      node = one;
    }
  }
  if (good(node) === 0) {
    restore(undo);
    return { roots: [body], fellBack: true };
  }
  // Pass 2d: siblings that carry prose of their own (a question above its answers, an intro
  // beside the article body) join the chosen node, in document order.
  // The declared body says where the article ends: nothing beside it joins.
  let roots = anchored ? [node] : withSiblings(node, body, after, good);
  const content = roots;
  const head = articleHead(roots, body, after);
  if (head.length) roots = [...head, ...roots];
  else {
    const lead = standfirst(roots[0], body, after);
    // The title h1 where the template keeps it apart (a page header pruned as such).
    const titles = (page.titles ?? []).filter((t) => t.trim() !== '');
    const h1 = titleH1(roots, h1s, titles, (el) => stats.get(el)?.at ?? 0);
    roots = h1 ? [h1, ...lead, ...roots] : [...lead, ...roots];
  }
  // The standfirst at the levels between the title and the body the searches above left out.
  if (roots[0] !== content[0] && roots[0].tagName === 'h1') {
    const more = titleLead(roots[0], content[0], after, new Set(roots));
    if (more.length) {
      const top = [...roots.slice(0, roots.indexOf(content[0])), ...more];
      top.sort((x, y) => (stats.get(x)?.at ?? 0) - (stats.get(y)?.at ?? 0));
      roots = [...top, ...content];
    }
  }
  return { roots, fellBack: false };
}
