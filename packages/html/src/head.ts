import { eachFollowingUpTo, type PElement, textOf } from './dom.js';
import { ruleOn } from './rule-switch.js';
import { HEAD_LEVELS, HEAD_LINE, HEAD_MAX, HEADING_TAGS, LEAD_MIN, TITLE_MIN } from './rules.js';
import type { Stats } from './stats.js';

/** The statistics of the pruned tree (see statsAfter). */
type After = { get(el: PElement): Stats | undefined };

/**
 * The standfirst of an article whose title is no `h1`: prose standing right before the chosen
 * body container (at its level or its parent's), as CMS templates write the lead (`teaser-text`,
 * `perex`, `chapo`) apart from the body. Short lines and link lists end the search.
 */
export function standfirst(first: PElement, body: PElement, after: After): PElement[] {
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

/**
 * An `h1` with no text (a template's placeholder, a logo's empty heading) titles nothing: it
 * neither heads the content nor stands for a title already in it.
 */
function emptyH1(h: PElement): boolean {
  return textOf(h).trim() === '' && ruleOn('empty-h1');
}

/** True when `el` is or holds an `h1` with text (bounded search); the h1 found is returned. */
function findH1(el: PElement, last: boolean): PElement | undefined {
  if (el.tagName === 'h1') return emptyH1(el) ? undefined : el;
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
        if (emptyH1(c)) continue;
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
export function articleHead(roots: PElement[], body: PElement, after: After): PElement[] {
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
      eachFollowingUpTo(h1, sib, take);
      for (let k = j + 1; k < at; k++) take(kids[k] as PElement);
      if (chars > HEAD_MAX) return [];
      // Between the chosen roots' own parent and this level, the title block sits outside.
      return out;
    }
    cur = parent;
  }
  return [];
}

/** Lower case, letters and digits only: a title and its `h1` differ in quotes and dashes. */
function plain(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * True when the `h1`'s text is the page's title: equal to it, or the part of it that is not
 * the site's name (`Story title | Site`), or the title a part of the `h1` (a kicker before it).
 */
export function isTitle(h1: string, titles: readonly string[]): boolean {
  const h = plain(h1);
  if (h.length < TITLE_MIN) return false;
  for (const t of titles) {
    const p = plain(t);
    if (p.length < TITLE_MIN) continue;
    if (p === h || p.startsWith(`${h} `) || p.endsWith(` ${h}`) || h.endsWith(` ${p}`)) return true;
  }
  return false;
}

/**
 * The page's title `h1` when the content holds none and articleHead found none near it: the
 * first `h1` (kept or pruned: a page-level `<header>` holding it goes) whose text is the
 * title given in `<title>` or `og:title`, standing before the content.
 */
export function titleH1(
  roots: PElement[],
  h1s: readonly PElement[],
  titles: readonly string[],
  at: (el: PElement) => number,
): PElement | undefined {
  if (!titles.length || !h1s.length) return undefined;
  for (const r of roots) if (findH1(r, false)) return undefined;
  const start = at(roots[0]);
  for (const h of h1s) {
    if (at(h) >= start) break;
    if (isTitle(textOf(h), titles)) return h;
  }
  return undefined;
}

/** The separators of a `<title>`'s parts: "Story | Site", "Site - Section - Story", "Story :: Site". */
const TITLE_PARTS = /\s+(?:[|–—·•:-]|::)\s+/u;

/**
 * True when a heading's text names the site rather than a story: the page's og:site_name, or
 * the last part of a `<title>` made of several ("Planning guide | Here Comes The Guide", the
 * order most sites write).
 */
export function isSiteName(text: string, titles: readonly string[], siteName?: string): boolean {
  const h = plain(text);
  if (h === '') return false;
  if (siteName && plain(siteName) === h) return true;
  for (const t of titles) {
    const parts = t
      .split(TITLE_PARTS)
      .map(plain)
      .filter((p) => p !== '');
    if (parts.length < 2) continue;
    if (parts[parts.length - 1] === h) return true;
  }
  return false;
}
