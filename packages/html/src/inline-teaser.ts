import { type Block, blockText, type Inline } from '@distill/core';
import { ruleOn } from './rule-switch.js';

/**
 * Teaser lines inside the story: one line pointing to another story, set apart from the text as
 * a subheading, a quote box, a one-item list or a paragraph in bold or italics from end to end
 * ("### MIRA: [Other story](…)", "- See also: [Other story](…)"). refine.ts drops them from the
 * kept blocks wherever they stand; the rules here say only what such a line looks like.
 */

/** Words a link's text needs to read as the title of another page rather than a label. */
const TITLE_WORDS = 3;

/** A paragraph's inlines with emphasis unwrapped and blank text dropped. */
export function flatInlines(nodes: readonly Inline[], out: Inline[] = []): Inline[] {
  for (const x of nodes) {
    if (x.kind === 'strong' || x.kind === 'emphasis') flatInlines(x.children, out);
    else if (x.kind === 'lineBreak' || (x.kind === 'text' && x.text.trim() === '')) continue;
    else out.push(x);
  }
  return out;
}

/** Characters a teaser's label ("Read more:", "Lea también:", "Auch interessant:") runs to. */
const TEASER_LABEL = 30;

/**
 * A line inside the story that points to another story, set as a subheading or alone in a quote
 * box: a short label ending in a colon and one link whose text reads as a title, nothing else
 * ("### MIRA: [Other story](…)"). Told by its shape, so it needs no list of phrases in every
 * language; a sentence that links a source has words after the link or no colon label before it.
 */
export function inlineTeaser(b: Block): boolean {
  // The same line set as a heading ("### MIRA: [Other story](…)") or alone in a quote box
  // ("> **PUEDES VER:** [Other story](…)").
  if (b.kind === 'quote') return b.children.length === 1 && teaserLine(b.children[0]) && ruleOn('teaser-box');
  if (b.kind === 'heading') return b.level > 1 && teaserLine(b) && ruleOn('teaser-box');
  // Or as a list of that one line ("- See also: [Other story](…)"), set apart as a box is; a
  // source the story cites ("- Source: [Survey](…)") stays.
  if (b.kind === 'list')
    return (
      b.items.length === 1 &&
      b.items[0].blocks.length === 1 &&
      teaserLine(b.items[0].blocks[0]) &&
      !SOURCE_LABEL.test(lead(b)) &&
      ruleOn('teaser-item')
    );
  // The same line as a plain paragraph stays: dropping it (session 11's `inline-teaser`) cost
  // WCXB dev fold b .00003 (its truth keeps "Learn more: [Guide]" lines in some guides and drops
  // them in others), though it gained trafilatura-dev fold b .00091. Set in bold or italics
  // from end to end ("**Lea más: [Other story](…)**"), it is set apart from the text as a box
  // is, and goes; a source the text cites under a figure ("*Source: [Survey](…)*") stays.
  if (b.kind === 'paragraph')
    return (
      allEmphasised(b.content) && teaserLine(b) && !SOURCE_LABEL.test(lead(b)) && ruleOn('teaser-emphasis')
    );
  return false;
}

/** The label of a citation: the text's own reference, not a pointer to another story. */
const SOURCE_LABEL = /^(?:sources?|quellen?|fuentes?|fontes?|via)\s*:/iu;

/** Inlines that are bold or italic from end to end: only emphasis, with blanks between. */
function allEmphasised(nodes: readonly Inline[]): boolean {
  let emphasis = false;
  for (const x of nodes) {
    if (x.kind === 'strong' || x.kind === 'emphasis') emphasis = true;
    else if (!(x.kind === 'lineBreak' || (x.kind === 'text' && x.text.trim() === ''))) return false;
  }
  return emphasis;
}

function teaserLine(b: Block): boolean {
  if (b.kind !== 'paragraph' && b.kind !== 'heading') return false;
  const xs = flatInlines(b.content);
  if (xs.length < 2 || xs.length > 3) return false;
  const [label, link, rest] = xs;
  if (label.kind !== 'text' || link.kind !== 'link' || link.href.startsWith('#')) return false;
  const l = label.text.trim();
  if (l.length > TEASER_LABEL || !l.endsWith(':')) return false;
  if (rest && !(rest.kind === 'text' && /^[\s\p{P}]*$/u.test(rest.text))) return false;
  const words = blockText({ kind: 'paragraph', content: link.children }).trim().split(/\s+/u);
  return words.length >= TITLE_WORDS;
}

/** A block's text from its first letter or digit: where a label such as "Source:" starts. */
const lead = (b: Block) =>
  blockText(b)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+/u, '');

/** Words a lone link's text needs to read as another story's headline rather than a label. */
const HEADLINE_WORDS = 4;

/**
 * A paragraph that is only a link to another page whose text reads as a headline ("[Wegen
 * Corona: Lokal auf Mallorca schließt](…)", ">> [Title] <<"), told by its shape: nothing but
 * arrows and punctuation around one link of HEADLINE_WORDS words or more that does not end as
 * a sentence and is no address. A story's own sentences that link a source have words of their
 * own around the link.
 */
export function loneHeadline(b: Block): boolean {
  return headlineLink(b) && ruleOn('lone-headline');
}

/** loneHeadline's test of the shape alone, for rules that read a run of such lines (teaser-tail.ts). */
export function headlineLink(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  const xs = flatInlines(b.content);
  let link: Inline | undefined;
  for (const x of xs) {
    if (x.kind === 'link') {
      if (link) return false;
      link = x;
    } else if (!(x.kind === 'text' && /^[\s\p{P}\p{S}]*$/u.test(x.text))) return false;
  }
  if (!link || link.kind !== 'link' || !/^(?:https?:|\/|\.\.?\/|[\w-]+\/|[\w-]+\.html?)/.test(link.href))
    return false;
  const t = blockText({ kind: 'paragraph', content: link.children }).trim();
  if (/[.:;,]$/.test(t) || /(?:https?:\/\/|www\.|\.\w{2,4}$)/i.test(t)) return false;
  return t.split(/\s+/u).length >= HEADLINE_WORDS;
}
