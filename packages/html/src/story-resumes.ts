import type { Block } from '@distill/core';
import { ruleOn } from './rule-switch.js';

/**
 * A "Related articles" box set inside the story's flow, with the story going on under it: the
 * box's heading, its teaser links, and then the next long paragraph of the same section
 * ("…and validate them." / Related Articles / [three links] / "This is especially important
 * because…"). refine.ts ends the article at a related heading once most of its prose stands
 * above it, which cuts the rest of such a story off. Told by structure: the heading is followed
 * by the box's link-dense blocks, or by none when the pruning of the page took the links and
 * left the heading, and then, with nothing between, a long prose paragraph (and, under fewer
 * than two links, another after it). What really follows a story's end reads otherwise: other
 * stories' teasers under a heading of their own, or each a title line and its excerpt; a comment
 * thread's names and dates before its first comment; a list (a "See also" list of long items is
 * the box itself); short lines (a caption, a disclaimer's label). A comment heading is left to
 * the caller: a thread's first comment is long prose too.
 */

/** How refine.ts classes a block (its `Klass`), as far as this test reads it. */
type Kind = 'good' | 'near' | 'short' | 'bad' | 'heading' | 'neutral';

/**
 * Where the story resumes after the related box whose heading is blocks[head]: the index of the
 * long prose paragraph that follows, under the heading, only link-dense blocks, empty lines and
 * pictures (the box's teasers and their thumbnails, all of them the box's), with more prose after
 * it when fewer than two links stand above it; -1 when it does not.
 */
export function storyResumesAt(blocks: readonly Block[], kinds: readonly Kind[], head: number): number {
  let j = head + 1;
  let links = 0;
  for (; j < blocks.length; j++) {
    // A list of links counts each of its items.
    const b = blocks[j];
    if (kinds[j] === 'bad') links += b.kind === 'list' ? b.items.length : 1;
    else if (kinds[j] !== 'neutral' || (b.kind !== 'paragraph' && b.kind !== 'image')) break;
  }
  if (j >= blocks.length || blocks[j].kind !== 'paragraph' || kinds[j] !== 'good') return -1;
  // One link and one paragraph under the heading are as likely a teaser, its title and its
  // excerpt: the story has to go on past that paragraph. Two links or more are a box's list.
  let n = j + 1;
  while (n < blocks.length && kinds[n] === 'neutral') n++;
  const goesOn =
    n < blocks.length && blocks[n].kind === 'paragraph' && (kinds[n] === 'good' || kinds[n] === 'near');
  return (links >= 2 || goesOn) && ruleOn('story-resumes') ? j : -1;
}
