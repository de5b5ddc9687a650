import { attr, fullText, type PElement, textOf } from './dom.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * A poster's profile card in a forum thread: the date they joined, their message count,
 * reaction score, points, home country, each a label and a short value in a `dl` (XenForo's
 * `pairs`, the user panels other forum engines draw alike), set beside every post with the
 * same labels. The thread is the page's content, its posts with their authors and dates; these
 * figures are the engine's, not the discussion (WCXB's forum references leave them out). Told
 * by structure: a short list of pairs whose labels recur beside three posts or more, whatever
 * language or class names the page uses, set apart from any text (its parent holds no run of
 * prose either: the card's box). A product's spec list is written once, a glossary's
 * definitions run to sentences, and a manual's field lists ("signature: task-sent(uuid, …)",
 * under every event) stand between the paragraphs they belong to.
 */

/** Characters a profile card's pairs run to at most, labels and values together. */
const CARD_TEXT = 120;
/** Longest text run of a card: a value (a date, a count, a country), not a sentence. */
const CARD_RUN = 60;
/** Characters the card's box (the `dl`'s parent) runs to at most: a poster's panel, not a section. */
const CARD_BOX = 600;
/**
 * A sentence's end: a word closed by a full stop, a question or an exclamation mark. A
 * manual's field list has its sentence beside it ("Sent when the worker receives a task."),
 * its parts split into short runs by markup; a poster's panel has none.
 */
const SENTENCE_END = /\p{L}[.!?](?:\s|$)/u;
/** Posts a label set must recur beside to be the engine's card rather than the page's data. */
const CARD_POSTS = 3;

/**
 * The labels of a `dl`'s terms, in order: each `dt`'s text, or where it is only an icon, the
 * `title` its icon carries ("Joined", "Messages"). Terms sit under the `dl` or in a `div` each
 * (HTML allows both). Empty when a term has neither.
 */
function labelsOf(dl: PElement): string {
  const out: string[] = [];
  const terms: PElement[] = [];
  for (const c of dl.childNodes) {
    const e = c as PElement;
    if (e.tagName === 'dt') terms.push(e);
    else if (e.tagName === 'div')
      for (const k of e.childNodes) if ((k as PElement).tagName === 'dt') terms.push(k as PElement);
  }
  for (const dt of terms) {
    let label = textOf(dt).replace(/\s+/g, ' ').trim();
    if (!label) label = titleBelow(dt);
    if (!label) return '';
    out.push(label.toLowerCase());
  }
  return out.join('|');
}

/** The first `title` attribute at or below `el` (an icon's tooltip), within a few elements. */
function titleBelow(el: PElement): string {
  const stack: PElement[] = [el];
  let budget = 20;
  while (stack.length && budget-- > 0) {
    const e = stack.pop()!;
    const t = attr(e, 'title')?.trim();
    if (t) return t;
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return '';
}

const short = (s: Stats | undefined) => s !== undefined && s.text <= CARD_TEXT && s.longest < CARD_RUN;

/**
 * The profile cards among the page's `dl` elements (collected by computeStats): short ones
 * whose label set recurs CARD_POSTS times or more. Reads only the `dl`s and their terms.
 */
export function profileCards(dls: readonly PElement[], stats: StatsMap): Set<PElement> {
  const byLabels = new Map<string, PElement[]>();
  for (const dl of dls) {
    if (!short(stats.get(dl))) continue;
    const box = stats.get(dl.parentNode as PElement);
    if (!box || box.text > CARD_BOX || box.longest >= CARD_RUN) continue;
    if (SENTENCE_END.test(fullText(dl.parentNode as PElement))) continue;
    const key = labelsOf(dl);
    if (!key) continue;
    const list = byLabels.get(key);
    if (list) list.push(dl);
    else byLabels.set(key, [dl]);
  }
  const cards = new Set<PElement>();
  for (const list of byLabels.values()) if (list.length >= CARD_POSTS) for (const dl of list) cards.add(dl);
  return cards;
}
