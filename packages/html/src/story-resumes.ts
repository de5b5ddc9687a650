import type { Block } from '@distill/core';
import { ruleOn } from './rule-switch.js';

/**
 * A "Related articles" box set inside the story's flow, with the story going on under it: the
 * box's heading, its teaser links, and then the next long paragraph of the same section
 * ("…and validate them." / Related Articles / [three links] / "This is especially important
 * because…"). refine.ts ends the article at a related heading once most of its prose stands
 * above it, which cuts the rest of such a story off. Told by structure: the heading is followed
 * by one or more link-dense blocks (the box) and then, with nothing between, a long prose
 * paragraph. What really follows a story's end reads otherwise: other stories' teasers under a
 * heading of their own, a comment thread's names and dates before its first comment, a list
 * (a "See also" list of long items is the box itself), or short lines (a caption, a disclaimer's
 * label).
 */

/** How refine.ts classes a block (its `Klass`), as far as this test reads it. */
type Kind = 'good' | 'near' | 'short' | 'bad' | 'heading' | 'neutral';

/**
 * True when the story resumes after the related box whose heading is blocks[head]: at least one
 * link-dense block under the heading, then (empty blocks aside) a paragraph of long prose.
 */
export function storyResumes(blocks: readonly Block[], kinds: readonly Kind[], head: number): boolean {
  let j = head + 1;
  let links = 0;
  for (; j < blocks.length; j++) {
    if (kinds[j] === 'bad') links++;
    // Empty lines and the teasers' thumbnails are the box's too.
    else if (kinds[j] !== 'neutral' || (blocks[j].kind !== 'paragraph' && blocks[j].kind !== 'image')) break;
  }
  if (links === 0 || j >= blocks.length) return false;
  return blocks[j].kind === 'paragraph' && kinds[j] === 'good' && ruleOn('story-resumes');
}
