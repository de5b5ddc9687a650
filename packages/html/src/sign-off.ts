import type { Block, Inline } from '@distill/core';
import { flatText } from './flat-text.js';
import { ruleOn } from './rule-switch.js';

/** Short lines after the story's last long paragraph that can close it (a greeting, a name). */
const SIGN_OFF_LINES = 3;

/**
 * The writer's closing lines: the short lines set straight after the story's last long
 * paragraph, with only the text's own unlinked paragraphs between, each plain words with no
 * link and no picture (an avatar beside a poster's name heads a reply) — a greeting ("Ich
 * wünsche euch allen einen schönen Sonntag <3"), a signature ("x Franzi"). Short lines outside the prose run are otherwise dropped unless they end as a
 * sentence does, since there they are tags, dates and "5 min read" lines; those carry a link
 * or a number, or a template sets them after a picture, a share bar or a heading, not as
 * paragraphs following the text (trafilatura-dev fold a: the blog post t0073 lost its last two
 * lines). `short` says, by index, which blocks are short lines; the rule is asked last.
 */
export function signOff(
  blocks: readonly Block[],
  short: (i: number) => boolean,
  lastGood: number,
  i: number,
): boolean {
  if (i <= lastGood) return false;
  let lines = 0;
  for (let j = lastGood + 1; j <= i; j++) {
    const b = blocks[j];
    if (b.kind !== 'paragraph' || hasLinkOrPicture(b.content)) return false;
    // A paragraph of the text shorter than a long one (a closing question) may stand between.
    if (!short(j)) continue;
    // A heart typed as "<3" is no number.
    const t = flatText(b).replace(/<3+/g, '');
    // One word ("Temas", an agency's "aja/PAP") or a line set in emphasis alone is a label or a
    // credit; a number makes a date, a count or a reading time.
    if (/\d/.test(t) || t.trim().split(/\s+/).length < 2 || emphasisOnly(b.content)) return false;
    // A line ending in a colon leads into what follows; after the text that is another part of
    // the page ("If you liked this post you might also like:"), which went.
    if (/:\s*$/.test(t)) return false;
    // Every word capitalised is a label set as a line ("Legal Disclaimers", "STAT+ Exclusive
    // Story"), not words someone signs off with.
    const words = t.match(/\p{L}+/gu) ?? [];
    if (words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w))) return false;
    if (++lines > SIGN_OFF_LINES) return false;
  }
  return ruleOn('sign-off');
}

function hasLinkOrPicture(nodes: readonly Inline[]): boolean {
  return nodes.some(
    (x) => x.kind === 'link' || x.kind === 'image' || ('children' in x && hasLinkOrPicture(x.children)),
  );
}

/** Inlines that are all emphasis (besides blank text): a line set apart as a label. */
function emphasisOnly(nodes: readonly Inline[]): boolean {
  return nodes.every((x) =>
    x.kind === 'text' ? !x.text.trim() : x.kind === 'emphasis' || x.kind === 'strong',
  );
}
