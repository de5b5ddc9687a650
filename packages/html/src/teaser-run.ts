import type { Block, Inline } from '@distill/core';
import { flatText } from './flat-text.js';
import { ruleOn } from './rule-switch.js';

/**
 * Other pages' titles set as headings after the story: "### [90-Day Wedding Planning Checklist]"
 * with a line of excerpt under each, or a run of bare titles ("### How Website Social Proof Can
 * Support Holiday Product Pages", "### What to Know Before…") with only their pictures between
 * them. Set as headings rather than as a list, they escape the related-list rules of refine.ts,
 * and their excerpts are long enough to read as prose. Told by structure alone: THREE or more
 * headings of one level in a row, each either wholly a link to another page or a bare title
 * heading nothing, each with at most an excerpt under it, after STORY_BEFORE characters of the
 * story, at a heading level the story has not used. The story ends before the first of them:
 * what follows such a run (a site's FAQ, a sign-up box) is the site's too.
 */

/** Card headings in a row that make a run: two may be the story's own pair of links. */
const THREE = 3;
/** Characters of excerpt a card's heading may have under it: more, the heading opens a section. */
const EXCERPT_MAX = 500;
/** Blocks of text (not pictures or rules) a card holds under its heading at most. */
const CARD_TEXT = 2;
/** Words of a bare title: a shorter heading over nothing is a label or a section's name. */
const TITLE_WORDS = 5;
/** Characters of the story before the run. */
const STORY_BEFORE = 1000;
/** Share of the text the run and what follows it may hold at most: more, it is the page. */
const RUN_SHARE = 0.4;

/**
 * True when the inlines are one link to another page and nothing else but spaces: a link into
 * the page itself (`#faq-2`) is an accordion's toggle or a contents entry, not another page.
 */
function wholeLink(nodes: readonly Inline[]): boolean {
  const xs = nodes.filter((x) => !(x.kind === 'text' && x.text.trim() === ''));
  if (xs.length !== 1) return false;
  const x = xs[0];
  if (x.kind === 'link') return !x.href.startsWith('#');
  return 'children' in x && wholeLink(x.children);
}

/** True when the inlines are pictures only (perhaps linked): a card's thumbnail, whose alt text is no excerpt. */
function pictureOnly(nodes: readonly Inline[]): boolean {
  let seen = false;
  for (const x of nodes) {
    if (x.kind === 'text' && x.text.trim() === '') continue;
    if (x.kind === 'image') seen = true;
    else if (x.kind === 'link' && pictureOnly(x.children)) seen = true;
    else return false;
  }
  return seen;
}

/**
 * The card under heading `h`: the index of the next heading (or blocks.length) when what
 * stands between is at most CARD_TEXT short blocks of text plus pictures and rules, and the
 * heading is a whole link or heads nothing; -1 when it is no card.
 */
function card(blocks: readonly Block[], h: number, end: number): number {
  const head = blocks[h];
  if (head.kind !== 'heading' || head.level < 2) return -1;
  let texts = 0;
  let j = h + 1;
  for (; j <= end && blocks[j].kind !== 'heading'; j++) {
    const b = blocks[j];
    if (b.kind === 'image' || b.kind === 'rule' || (b.kind === 'paragraph' && pictureOnly(b.content)))
      continue;
    const t = flatText(b);
    if (t === '') continue;
    if (b.kind !== 'paragraph' || t.length > EXCERPT_MAX || ++texts > CARD_TEXT) return -1;
  }
  if (wholeLink(head.content)) return j;
  // A heading over nothing is another page's title when it reads as one, not a label ("Commons").
  return texts === 0 && (flatText(head).match(/[\p{L}\p{N}]+/gu) ?? []).length >= TITLE_WORDS ? j : -1;
}

/** The story's last index once a run of other pages' titles after it is cut off (`end` when there is none). */
export function teaserRunEnd(blocks: readonly Block[], start: number, end: number): number {
  // Text before each index, so a run's and a stretch's shares cost nothing to read.
  const upTo = [0];
  for (let i = 0; i < blocks.length; i++) upTo.push(upTo[i] + flatText(blocks[i]).length);
  const total = upTo[end + 1] - upTo[start];
  // Cards in a row from each heading and where they stop, read from the end back (linear).
  const count = new Array<number>(end + 2).fill(0);
  const stop = new Array<number>(end + 2).fill(-1);
  for (let i = end; i >= start; i--) {
    const b = blocks[i];
    if (b.kind !== 'heading') continue;
    const next = card(blocks, i, end);
    if (next < 0) continue;
    const after = blocks[next];
    // Cards are set alike: a heading of another level is a section or subsection of the story.
    const same = next <= end && after.kind === 'heading' && after.level === b.level && count[next] > 0;
    count[i] = same ? count[next] + 1 : 1;
    stop[i] = same ? stop[next] : next;
  }
  // Levels of the story's own headings: a run at one of them continues the story's series (a
  // roundup's last items), not a list of other pages after it.
  const levels = new Set<number>();
  for (let i = start; i <= end; i++) {
    const b = blocks[i];
    const before = upTo[i] - upTo[start];
    if (b.kind !== 'heading') continue;
    // The page's first run of cards decides: after it, other runs are a listing's, and a cut
    // inside it would keep its first cards.
    if (count[i] >= THREE) {
      if (before < STORY_BEFORE || levels.has(b.level) || total - before > total * RUN_SHARE) return end;
      if (!ruleOn('teaser-run')) return end;
      // A heading right above the run, with no text between, is the run's label ("Latest").
      let e = i - 1;
      while (e > start && blocks[e].kind === 'heading') e--;
      return e;
    }
    // A label right over other headings heads no text of its own: only a section's level counts.
    if (i < end && blocks[i + 1].kind !== 'heading') levels.add(b.level);
  }
  return end;
}
