import { type Block, blockText, type Inline } from '@distill/core';
import { ruleOn } from './rule-switch.js';

/**
 * The writer's box that closes a story: a portrait whose alt text is a name, then a line (a
 * heading or a paragraph) that opens with that same name ("Tim Green", "### Angela
 * Holliday-Bell, MD"), then the bio. Told by that pairing of picture and name, so it needs no
 * class name or label in any language; a story's own pictures are captioned with what they
 * show, and the line under them does not open with their alt text.
 */

/** Share of the story's long paragraphs that stand above the box for it to close the story. */
const BOX_AFTER = 0.7;

/** Blocks the box's bio runs to after its name line: more is the page going on, not a box. */
const BIO_BLOCKS = 3;

/** Characters of a name as a portrait's alt text: longer is a description of the picture. */
const NAME_MAX = 60;

const text = (b: Block) => blockText(b).replace(/\s+/g, ' ').trim();
/** The line's text from its first letter (emphasis marks, bullets and quotes dropped). */
const lead = (b: Block) => text(b).replace(/^[^\p{L}]+/u, '');

function images(nodes: readonly Inline[], out: Inline[] = []): Inline[] {
  for (const x of nodes) {
    if (x.kind === 'image') out.push(x);
    else if ('children' in x) images(x.children, out);
  }
  return out;
}

/** The alt text of a block that is only a picture (an image block, or a paragraph of one image). */
function pictureAlt(b: Block): string | undefined {
  if (b.kind === 'image') return b.alt;
  if (b.kind !== 'paragraph') return undefined;
  const pics = images(b.content);
  if (pics.length !== 1) return undefined;
  const alt = (pics[0] as { alt?: string }).alt;
  const t = text(b);
  return t === '' || t === alt?.trim() ? alt : undefined;
}

/**
 * A person's name: two to five words, the first and the last a capital's, no digits, brackets
 * or sentence punctuation (a product's or a place's picture is named "BMW 2er Tourer (2022)").
 */
function looksLikeName(s: string): boolean {
  const words = s.split(' ');
  return (
    s.length <= NAME_MAX &&
    words.length >= 2 &&
    words.length <= 5 &&
    /^\p{Lu}/u.test(words[0]) &&
    /^\p{Lu}/u.test(words[words.length - 1]) &&
    !/[\p{N}()[\]]|[.!?:;,]$/u.test(s)
  );
}

/**
 * Where the writer's box after the story begins, by index, or -1: a portrait named by the line
 * under it and at most BIO_BLOCKS blocks after that, standing after most of the story's long
 * paragraphs (`good`: each block's length if it is one, else 0).
 */
export function authorBoxStart(blocks: Block[], good: number[]): number {
  const total = good.reduce((s, n) => s + n, 0);
  let before = 0;
  for (let i = 0; i + 1 < blocks.length; i++) {
    before += good[i];
    const alt = pictureAlt(blocks[i])?.replace(/\s+/g, ' ').trim();
    if (!alt || !looksLikeName(alt)) continue;
    const next = blocks[i + 1];
    if ((next.kind !== 'heading' && next.kind !== 'paragraph') || !lead(next).startsWith(alt)) continue;
    // A shop's last card ("Knife Sharpeners $56.95 - $158.95") is named with a price or a
    // count; a writer's name line ("Jane Doe, MD", "Jane Doe Technology Writer") has no figure.
    if (/\p{N}/u.test(text(next))) continue;
    // The box closes the page's text: a portrait and name with more after them are a team
    // page's, an interview's or a list's entries, which are the content.
    if (blocks.length - (i + 2) > BIO_BLOCKS) continue;
    if (before - good[i] < total * BOX_AFTER || !ruleOn('author-box')) continue;
    // A note on the writer right above the portrait ("*Jane Doe, MD, is a …*") is the box's,
    // and so is the rule that sets the box off from the story.
    let start = i;
    if (blocks[start - 1]?.kind === 'paragraph' && lead(blocks[start - 1]).startsWith(alt)) start--;
    if (blocks[start - 1]?.kind === 'rule') start--;
    return start;
  }
  return -1;
}
