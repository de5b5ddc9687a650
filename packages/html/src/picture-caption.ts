import { attr, type PElement } from './dom.js';
import { ruleOn } from './rule-switch.js';
import { HEADING_TAGS } from './rules.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * A picture's caption that no element or class name marks as one: a box set into the story's
 * text holding a picture and one run of text beside it (`<div><img><span>Abbildung: …</span>
 * </div>`, a Blogger-style post's inline image). The existing caption rule reads `figcaption`
 * and class names; trafilatura's evaluation pages mark such captions as not content in every
 * language, the way it drops `figcaption`. Told by shape: the box holds exactly one picture and
 * the text, nothing else that shows text; the text is one flat run (no heading, paragraph or
 * list below it: a feature's picture beside its heading and paragraph is a section of a landing
 * page, WCXB dev 2844, 3023); the box stands in a body of text whose prose outweighs all the
 * boxes like it there (a feature list of pictures with their texts is the page's content).
 */

/** Characters a caption runs to at most. */
const CAPTION_MAX = 300;
/** Characters of text around the boxes, outside them, at least. */
const AROUND = 500;
/** Times the captions' text the prose around them holds at least. */
const OUTWEIGH = 3;
/** Elements looked through for the picture, and for blocks below the text, at most. */
const BUDGET = 40;

const SILENT = new Set(['script', 'style', 'noscript', 'template', 'link', 'meta', 'br']);
const HOLDERS = new Set(['div', 'section', 'aside', 'figure']);
const NOT_CAPTION = new Set([
  'a',
  ...HEADING_TAGS,
  'ul',
  'ol',
  'table',
  'pre',
  'blockquote',
  'form',
  'button',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  ...HEADING_TAGS,
  'ul',
  'ol',
  'li',
  'dl',
  'table',
  'blockquote',
  'pre',
  'header',
  'footer',
  'figure',
  'form',
]);

function picture(e: PElement, budget = { n: BUDGET }): boolean {
  if (budget.n-- <= 0) return false;
  if (e.tagName === 'img' || e.tagName === 'picture') return true;
  for (const c of e.childNodes)
    if ((c as PElement).tagName !== undefined && picture(c as PElement, budget)) return true;
  return false;
}

/** The element is one run of text: no block below it. */
function flat(e: PElement, budget = { n: BUDGET }): boolean {
  for (const c of e.childNodes) {
    const x = c as PElement;
    if (x.tagName === undefined) continue;
    if (budget.n-- <= 0 || BLOCKS.has(x.tagName) || !flat(x, budget)) return false;
  }
  return true;
}

const key = (e: PElement) => `${e.tagName}.${attr(e, 'class') ?? ''}`;

/**
 * True for such a caption: at most CAPTION_MAX characters, no link, one flat run; its parent (a
 * div, section, aside, figure or custom element) holds one picture beside it and no other text;
 * that box's parent holds AROUND characters outside the boxes like it and OUTWEIGH times their
 * text in prose.
 */
export function pictureCaption(el: PElement, s: Stats, stats: StatsMap): boolean {
  if (NOT_CAPTION.has(el.tagName) || s.text === 0 || s.text > CAPTION_MAX || s.link > 0) return false;
  if (!flat(el)) return false;
  const box = el.parentNode as PElement | null;
  if (!box?.childNodes || (!HOLDERS.has(box.tagName) && !box.tagName.includes('-'))) return false;
  let pictures = 0;
  for (const c of box.childNodes) {
    if (c === el) continue;
    if (c.nodeName === '#text') {
      if ((c as unknown as { value: string }).value.trim() !== '') return false;
      continue;
    }
    const e = c as PElement;
    if (e.tagName === undefined || SILENT.has(e.tagName)) continue;
    if ((stats.get(e)?.text ?? 0) > 0) return false;
    if (picture(e)) pictures++;
  }
  if (pictures !== 1) return false;
  const around = box.parentNode as PElement | null;
  const all = around ? stats.get(around) : undefined;
  if (!around || !all) return false;
  // The boxes like this one in that body (a series of pictures with their texts).
  const k = key(box);
  let text = 0;
  let prose = 0;
  for (const c of around.childNodes) {
    const e = c as PElement;
    if (e.tagName === undefined || key(e) !== k) continue;
    text += stats.get(e)?.text ?? 0;
    prose += stats.get(e)?.prose ?? 0;
  }
  if (all.text - text < AROUND || all.prose - prose < text * OUTWEIGH) return false;
  return ruleOn('picture-caption');
}
