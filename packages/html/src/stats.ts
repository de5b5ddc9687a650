import { attr, type PElement, type PNode } from './dom.js';
import { RUN_ALLOWANCE } from './rules.js';

/**
 * Per-element text statistics for the main-content filter: one post-order walk over the
 * cleaned tree, and the same figures for the tree after pruning without a second walk.
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
  /** The element's position in document order (pre-order), to tell what stands before what. */
  at: number;
}

export type StatsMap = Map<PElement, Stats>;

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

/**
 * Post-order statistics, with an explicit stack. The page's `h1` elements, in document order,
 * are pushed to `h1s` on the way (the title is looked for among them, pruned or not), the
 * elements marked up as an article's body (`itemprop="articleBody"`) to `bodies`, and the
 * description lists to `dls` (a forum's profile cards are told among them).
 */
export function computeStats(
  root: PElement,
  h1s?: PElement[],
  bodies?: PElement[],
  dls?: PElement[],
): StatsMap {
  const map: StatsMap = new Map();
  let order = 0;
  const stack: { el: PElement; i: number; s: Stats; inLink: boolean }[] = [
    { el: root, i: 0, s: { text: 0, link: 0, longest: 0, prose: 0, at: 0 }, inLink: false },
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
        if (h1s && ce.tagName === 'h1') h1s.push(ce);
        if (bodies && attr(ce, 'itemprop') === 'articleBody') bodies.push(ce);
        if (dls && ce.tagName === 'dl') dls.push(ce);
        stack.push({
          el: ce,
          i: 0,
          s: { text: 0, link: 0, longest: 0, prose: 0, at: ++order },
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
 * The statistics of the pruned tree, from those of the whole one: the pruned subtrees' counts
 * are taken off their ancestors (text, link and prose add up; `longest` is left as it was, and
 * nothing below reads it), which spares a second walk over the page.
 */
export function statsAfter(
  stats: StatsMap,
  undo: [PElement, PNode[]][],
): { get(el: PElement): Stats | undefined } {
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
          d = { text: 0, link: 0, longest: 0, prose: 0, at: 0 };
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
        r = {
          text: s.text - d.text,
          link: s.link - d.link,
          longest: s.longest,
          prose: s.prose - d.prose,
          at: s.at,
        };
        made.set(el, r);
      }
      return r;
    },
  };
}
