import type { PElement, PNode } from './dom.js';
import { ANCHOR_AGREE, ANCHOR_KEY, ANCHOR_MIN, ANCHOR_SHARE } from './rules.js';

/**
 * The article body a page declares in its JSON-LD (`"articleBody": "…"`, schema.org Article),
 * and the element that holds that text: the strongest evidence of where the article is that a
 * page offers, independent of its class names and of how long its comments run.
 */

/** Occurrences of `"articleBody"` looked at (a page may describe related articles too). */
const MAX_BODIES = 5;
/** A forum thread or a Q&A page, declared in JSON-LD or microdata: its replies are content. */
const FORUM_TYPES =
  /"@type"\s*:\s*"(?:DiscussionForumPosting|QAPage|Question)"|itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:DiscussionForumPosting|QAPage|Question)\b/;

/** True when the page declares itself a forum thread or a Q&A page (schema.org types). */
export function declaresThread(html: string): boolean {
  return FORUM_TYPES.test(html);
}
/** Characters after the key within which its string value is read. */
const MAX_VALUE = 400_000;

/** Text without whitespace: the page's text nodes and the JSON string space their words differently. */
function squeeze(s: string): string {
  return s.replace(/\s+/g, '');
}

/**
 * The longest JSON-LD articleBody of the page (HTML markup in it dropped), read from the raw
 * page before scripts are emptied; undefined when there is none of ANCHOR_MIN characters.
 * `thread`: declaresThread's answer when the caller has it (each asking scans the whole page).
 */
export function jsonLdArticleBody(html: string, thread = declaresThread(html)): string | undefined {
  // A forum thread or a Q&A page declares its first post: the replies are content too.
  if (thread) return undefined;
  let best: string | undefined;
  let at = html.indexOf('"articleBody"');
  for (let n = 0; at >= 0 && n < MAX_BODIES; n++) {
    const m = /^"articleBody"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(html.slice(at, at + MAX_VALUE));
    if (m) {
      let s: string | undefined;
      try {
        s = JSON.parse(`"${m[1]}"`) as string;
      } catch {
        s = undefined;
      }
      if (s !== undefined) {
        // Some CMSs put the body's HTML in the string; its text is what the page shows.
        s = s.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' ');
        if (s.length >= ANCHOR_MIN && (!best || s.length > best.length)) best = s;
      }
    }
    at = html.indexOf('"articleBody"', at + 13);
  }
  return best;
}

/**
 * The element holding the page's copy of `articleBody`: each text node of ANCHOR_KEY+
 * characters whose opening is found in the declared body counts as matched, and the anchor is
 * the deepest element holding ANCHOR_SHARE of the matched text. Undefined when the page shows
 * too little of the declared body (a teaser, a body for another language).
 */
export function findAnchor(root: PElement, articleBody: string): PElement | undefined {
  const body = squeeze(articleBody);
  const matched = new Map<PElement, number>();
  let total = 0;
  const stack: PNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') {
      const t = squeeze((n as { value: string }).value);
      if (t.length < ANCHOR_KEY || !body.includes(t.slice(0, ANCHOR_KEY))) continue;
      total += t.length;
      for (let a = n.parentNode as PElement | null; a; a = a.parentNode as PElement | null) {
        matched.set(a, (matched.get(a) ?? 0) + t.length);
        if (a === root) break;
      }
      continue;
    }
    const kids = (n as PElement).childNodes;
    if (kids) for (const k of kids) stack.push(k);
  }
  if (total < ANCHOR_MIN || total < body.length * ANCHOR_AGREE) return undefined;
  let node = root;
  for (;;) {
    let next: PElement | undefined;
    for (const c of node.childNodes) {
      const m = matched.get(c as PElement);
      if (m !== undefined && m >= total * ANCHOR_SHARE) next = c as PElement;
    }
    if (!next) return node;
    node = next;
  }
}

/** A schema.org type of a story (JSON-LD or microdata), or og:type article. */
const ARTICLE_TYPES =
  /"@type"\s*:\s*\[?\s*"(?:Article|NewsArticle|BlogPosting|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|TechArticle|Report)"|itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:Article|NewsArticle|BlogPosting)\b/;

/**
 * True when the page declares itself an article, and not a forum thread or Q&A page: og:type
 * `article` (from the head's metadata) or a schema.org story type in the page.
 */
export function declaresArticle(html: string, ogType: unknown, thread = declaresThread(html)): boolean {
  if (thread) return false;
  return (
    (typeof ogType === 'string' && ogType.trim().toLowerCase() === 'article') || ARTICLE_TYPES.test(html)
  );
}
