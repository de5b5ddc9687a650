import { attr, type PElement, type PNode } from './dom.js';

/**
 * The main-content filter. Two passes over the cleaned tree:
 *  1. bottom-up statistics per element: text length and the part of it inside links;
 *  2. top-down pruning of boilerplate (navigation, page header and footer, sidebars, share and
 *     comment widgets, link lists), judged from tag, role, class/id hints, link density and
 *     the share of the page's text an element holds, then the choice of the smallest container
 *     that still holds most of the remaining prose.
 */
export interface Stats {
  /** Characters of text (whitespace runs counted once). */
  text: number;
  /** Characters of text inside links. */
  link: number;
}

export type StatsMap = Map<PElement, Stats>;

function textLength(s: string): number {
  // Whitespace runs count as one character; cheap approximation without building strings.
  let n = 0;
  let space = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12) {
      if (!space) n++;
      space = true;
    } else {
      n++;
      space = false;
    }
  }
  return n;
}

/** Post-order statistics, with an explicit stack. */
export function computeStats(root: PElement): StatsMap {
  const map: StatsMap = new Map();
  const stack: { el: PElement; i: number; s: Stats; inLink: boolean }[] = [
    { el: root, i: 0, s: { text: 0, link: 0 }, inLink: false },
  ];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const kids = top.el.childNodes;
    if (top.i < kids.length) {
      const c = kids[top.i++];
      if (c.nodeName === '#text') {
        const n = textLength((c as { value: string }).value);
        top.s.text += n;
        if (top.inLink) top.s.link += n;
      } else if ((c as PElement).tagName !== undefined) {
        const ce = c as PElement;
        stack.push({ el: ce, i: 0, s: { text: 0, link: 0 }, inLink: top.inLink || ce.tagName === 'a' });
      }
      continue;
    }
    stack.pop();
    map.set(top.el, top.s);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.s.text += top.s.text;
      parent.s.link += top.s.link;
    }
  }
  return map;
}

const NEGATIVE =
  /(?:^|[-_\s])(nav|navbar|navigation|menu|menus|breadcrumbs?|footer|foot|sidebar|side-bar|aside|widget|widgets|share|sharing|social|socials|related|recommended|recommendations|newsletter|subscribe|subscription|signup|sign-up|login|cookie|cookies|consent|gdpr|banner|advert|advertisement|ads?|ad-slot|sponsor|sponsored|promo|promotion|popup|modal|overlay|masthead|topbar|top-bar|toolbar|skip|skiplink|pagination|pager|tags|tag-list|tagcloud|author-bio|byline|meta|post-meta|entry-meta|disclaimer|copyright|print|comment-form|respond|reply-form|jump|toc-mobile|sr-only|screen-reader-text|visually-hidden|visuallyhidden|hidden|d-none|more-stories|read-more|trending|popular|outbrain|taboola)(?:$|[-_\s])/i;

const POSITIVE =
  /(?:^|[-_\s])(article|articles|content|main|main-content|post|post-body|post-content|entry|entry-content|body|text|story|blog|blog-post|prose|markdown|rich-text|richtext|page-content|article-body|articlebody|documentation|docs)(?:$|[-_\s])/i;

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
  'tablist',
]);

function hints(el: PElement): string {
  const id = attr(el, 'id');
  const cls = attr(el, 'class');
  return id ? (cls ? `${id} ${cls}` : id) : (cls ?? '');
}

export interface FilterResult {
  roots: PElement[];
  /** True when the filter found nothing and the whole input was kept. */
  fellBack: boolean;
}

/** Removes children for which `drop` says so, top-down, without recursion; returns an undo list. */
function prune(root: PElement, drop: (el: PElement, depth: number) => boolean): [PElement, PNode[]][] {
  const undo: [PElement, PNode[]][] = [];
  const stack: { el: PElement; depth: number }[] = [{ el: root, depth: 0 }];
  while (stack.length) {
    const { el, depth } = stack.pop()!;
    const kids = el.childNodes;
    let kept: PNode[] | undefined;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i];
      const ce = c as PElement;
      const gone = ce.tagName !== undefined && drop(ce, depth + 1);
      if (gone) {
        if (!kept) kept = kids.slice(0, i);
      } else {
        if (kept) kept.push(c);
        if (ce.tagName !== undefined) stack.push({ el: ce, depth: depth + 1 });
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

export function mainContent(body: PElement): FilterResult {
  const stats = computeStats(body);
  const total = stats.get(body)!;
  if (total.text === 0) return { roots: [body], fellBack: true };
  const pageText = total.text;

  // Pass 2a: boilerplate regions. An element holding most of the page's prose is never
  // boilerplate, whatever its class says (a wrapper named "has-sidebar", a forum "comments" list).
  const undo = prune(body, (el) => {
    const s = stats.get(el)!;
    const tag = el.tagName;
    const prose = s.text - s.link;
    const major = prose > pageText * 0.4;
    const role = attr(el, 'role');
    if (role && BOILERPLATE_ROLES.has(role) && !major) return true;
    if (BOILERPLATE_TAGS.has(tag) && !major) return true;
    const h = hints(el);
    if (h && !major && NEGATIVE.test(h) && !POSITIVE.test(h)) return true;
    return false;
  });

  const after = computeStats(body);
  const good = (el: PElement) => {
    const s = after.get(el);
    return s ? s.text - s.link : 0;
  };

  // Pass 2b: descend to the smallest container holding most of the prose.
  let node = body;
  for (;;) {
    const g = good(node);
    let best: PElement | undefined;
    let bestG = -1;
    for (const c of node.childNodes) {
      const ce = c as PElement;
      if (ce.tagName === undefined) continue;
      const cg = good(ce);
      if (cg > bestG) {
        bestG = cg;
        best = ce;
      }
    }
    if (!best || bestG < g * 0.75) break;
    node = best;
  }
  if (good(node) === 0) {
    restore(undo);
    return { roots: [body], fellBack: true };
  }
  return { roots: [node], fellBack: false };
}
