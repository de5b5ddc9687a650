import { attr, fullText, type PElement } from './dom.js';
import type { StatsMap } from './stats.js';

/**
 * The lines a forum engine draws around every post of a thread: the poster's rank ("Senior
 * Member", "macrumors 6502a"), the post's number and permalink ("#12"), message and reaction
 * counts, "Reply", "Quote", "Like 1", "Author". The posts are the page's content; these lines
 * are the engine's (WCXB's forum references leave them out). Told by structure, in any language:
 * on a page that declares a thread, the posts are like siblings holding the thread's text, and
 * a line at the same place in three posts or more (the same path of tags and classes below
 * each post) is chrome when it never runs past a few words, never ends a sentence, and says the
 * same thing from post to post (the same words, numbers aside). A post's own text stands at one
 * place too, but runs to sentences in some post; a poster's name and a post's date change from
 * post to post and are left alone (some references keep them).
 */

/** Posts of one shape a thread holds at least. */
const MIN_POSTS = 3;
/** Share of the page's text the posts hold together: the thread, not a box of cards beside it. */
const THREAD_SHARE = 0.3;
/** Characters a chrome line runs to at most, in every post. */
const CHROME_TEXT = 40;
/** Posts a line must stand in, at the same place, to be the engine's. */
const CHROME_POSTS = 3;
/** Distinct wordings per line and post at most: a label ("Senior Member"), not each poster's own words. */
const CHROME_VARIETY = 0.5;
/** A sentence's end: a word closed by a full stop, a question or an exclamation mark. */
const SENTENCE_END = /\p{L}[.!?](?:\s|$)/u;
/** Elements looked at below the posts, at most (a thread of thousands of posts stays cheap). */
const BUDGET = 200_000;

/** Tag and classes, numbers aside: a post's own id in its class (`elComment_724096`) says nothing of its shape. */
const shape = (el: PElement) => `${el.tagName}.${(attr(el, 'class') ?? '').replace(/\d+/g, '0')}`;
const kids = (el: PElement) =>
  el.childNodes.filter((c) => (c as PElement).tagName !== undefined) as PElement[];

/** A `time` element at or below `el`. */
function holdsTime(el: PElement): boolean {
  if (el.tagName === 'time') return true;
  for (const c of kids(el)) if (holdsTime(c)) return true;
  return false;
}

/**
 * The thread's posts: the largest set of like siblings (same tag and classes) holding together
 * THREAD_SHARE of the page's text. Undefined when there is none.
 */
function posts(body: PElement, stats: StatsMap): PElement[] | undefined {
  const total = stats.get(body)?.text ?? 0;
  if (total === 0) return undefined;
  let best: PElement[] | undefined;
  const stack: PElement[] = [body];
  let budget = BUDGET;
  while (stack.length && budget-- > 0) {
    const el = stack.pop()!;
    const groups = new Map<string, PElement[]>();
    for (const c of kids(el)) {
      stack.push(c);
      const k = shape(c);
      const g = groups.get(k);
      if (g) g.push(c);
      else groups.set(k, [c]);
    }
    for (const g of groups.values()) {
      if (g.length < MIN_POSTS || (best && g.length <= best.length)) continue;
      let text = 0;
      for (const p of g) text += stats.get(p)?.text ?? 0;
      if (text >= total * THREAD_SHARE) best = g;
    }
  }
  return best;
}

/** A line with a letter: then only a wording repeated from post to post is chrome. */
const LETTER = /\p{L}/u;
/** A post's number ("#12") or a count ("9,292", "76"): chrome however it varies. */
const COUNTER = /^(?:#\s*\d+|\d{1,3}(?:[,.\u00a0 ]\d{3})*)$/;
/**
 * A date or a time ("03/03/2026 19:49", "Jan 3, 2024"): a post's date is the discussion's (some
 * references keep it), however often a busy day repeats it.
 */
const DATED = /\b(?:1[89]|20)\d\d\b|\d\s*[:/.]\s*\d/;

/**
 * The chrome lines of a declared thread's posts (see above), the outermost element of each.
 * Empty when the page holds no thread of MIN_POSTS posts.
 */
export function postChrome(body: PElement, stats: StatsMap): Set<PElement> {
  const out = new Set<PElement>();
  const list = posts(body, stats);
  if (!list) return out;
  interface Place {
    els: PElement[];
    posts: Set<number>;
    words: Set<string>;
    long: boolean;
    /** Some line here is worded (not a counter): then only a wording repeated from post to post is chrome. */
    worded: boolean;
  }
  const places = new Map<string, Place>();
  let budget = BUDGET;
  list.forEach((post, i) => {
    const stack: [PElement, string][] = kids(post).map((c) => [c, shape(c)]);
    while (stack.length && budget-- > 0) {
      const [el, path] = stack.pop()!;
      const s = stats.get(el);
      if (!s || s.text === 0) continue;
      let p = places.get(path);
      if (!p) {
        p = { els: [], posts: new Set(), words: new Set(), long: false, worded: false };
        places.set(path, p);
      }
      p.els.push(el);
      p.posts.add(i);
      if (s.text > CHROME_TEXT || p.long) p.long = true;
      else {
        const t = fullText(el);
        const line = t.replace(/\s+/g, ' ').trim();
        if (SENTENCE_END.test(line) || DATED.test(line) || holdsTime(el)) p.long = true;
        else {
          p.words.add(line);
          if (LETTER.test(line) || (/\d/.test(line) && !COUNTER.test(line))) p.worded = true;
        }
      }
      for (const c of kids(el)) stack.push([c, `${path}>${shape(c)}`]);
    }
  });
  const chrome = new Set<PElement>();
  for (const p of places.values())
    if (
      !p.long &&
      p.posts.size >= CHROME_POSTS &&
      (!p.worded || p.words.size <= p.els.length * CHROME_VARIETY)
    )
      for (const el of p.els) chrome.add(el);
  // The outermost of each: the pruning removes what is below with it.
  for (const el of chrome) {
    let up = el.parentNode as PElement | null;
    let inner = false;
    while (up && !inner) {
      if (chrome.has(up)) inner = true;
      up = up.parentNode as PElement | null;
    }
    if (!inner) out.add(el);
  }
  return out;
}
