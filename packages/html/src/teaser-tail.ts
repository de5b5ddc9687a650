import type { Block } from '@distill/core';
import { flatText } from './flat-text.js';
import { headlineLink } from './inline-teaser.js';
import { ruleOn } from './rule-switch.js';

/**
 * Other stories' headlines closing a story that refine.ts's prose gate leaves whole: a story
 * told in paragraphs of a line or two (quotes, short news paragraphs) holds less than the share
 * of long paragraphs an article needs, so its edges are not trimmed, and the list of other
 * stories under it ("**Lue aiheesta lisää:**" then four paragraphs each wholly a link to
 * another story) stays. Told by structure alone: the page's blocks END with TWO or more lines
 * that are each only another page's headline (inline-teaser.ts's headlineLink), perhaps with
 * their thumbnails and a short label over them, and what stands before is a story, mostly
 * prose, of STORY_MIN characters or more. A listing page's links have no story above them, and
 * a story's own link lines stand between its paragraphs, not after the last. The run must end
 * the blocks: taken anywhere after the last prose block, it also took a company's list of its
 * own press items and a reading list of books that WCXB dev and trafilatura-dev keep.
 */

/** Headline lines that make a run: one alone may be the story's own closing link. */
const TWO = 2;
/** Characters of prose before the run: less, the page is a listing with an intro. */
const STORY_MIN = 1000;
/** Share of the text before the run that prose (paragraphs of 60 characters or more) holds. */
const PROSE_SHARE = 0.6;
/** Characters of the run's label ("Read more on this:", "Lue aiheesta lisää:") at most. */
const LABEL_MAX = 60;

/** A paragraph holding pictures only (a card's thumbnail) or nothing. */
function pictureOnly(b: Block): boolean {
  return b.kind === 'image' || (b.kind === 'paragraph' && flatText(b) === '' && b.content.length > 0);
}

/** The label over the run: a heading or a short line that is not a sentence. */
function label(b: Block): boolean {
  if (b.kind !== 'heading' && b.kind !== 'paragraph') return false;
  const t = flatText(b);
  return t.length > 0 && t.length <= LABEL_MAX && !/[.!?]$/u.test(t) && !headlineLink(b);
}

/**
 * Where the closing run of headlines starts (its label included), or blocks.length when the
 * blocks end in no such run. `prose[i]` is block i's characters when refine.ts classes it as
 * prose (a paragraph or list of 60 characters or more, mostly not links), else 0.
 */
export function teaserTailStart(blocks: readonly Block[], prose: readonly number[]): number {
  let j = blocks.length;
  let run = 0;
  while (j > 0 && (headlineLink(blocks[j - 1]) || pictureOnly(blocks[j - 1]))) {
    if (headlineLink(blocks[j - 1])) run++;
    j--;
  }
  if (run < TWO) return blocks.length;
  if (j > 0 && label(blocks[j - 1])) j--;
  let story = 0;
  let all = 0;
  for (let i = 0; i < j; i++) {
    story += prose[i];
    all += flatText(blocks[i]).length;
  }
  if (story < STORY_MIN || story < all * PROSE_SHARE) return blocks.length;
  return ruleOn('teaser-tail') ? j : blocks.length;
}
