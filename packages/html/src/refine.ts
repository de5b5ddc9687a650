import { type Block, blockText, type Inline } from '@distill/core';

/**
 * The second stage of the main-content filter, after the container is chosen: a jusText-style
 * pass over its blocks. Each block is classed from its length and link density (good prose,
 * near-good, short, bad), then short and near-good blocks take the class of their context, so
 * a lone date or "5 min read" before the article and the "More stories" and newsletter
 * blocks after it go, while short paragraphs and headings inside the article stay.
 * Pages without any good prose (products, listings) are left as they are.
 */
const PROSE_SHARE = Number(process.env.DISTILL_HTML_PROSE ?? 0.6);

type Klass = 'good' | 'near' | 'short' | 'bad' | 'heading' | 'neutral';

function linkChars(nodes: readonly Inline[], inLink = false): number {
  let n = 0;
  for (const x of nodes) {
    if (x.kind === 'text') n += inLink ? x.text.length : 0;
    else if (x.kind === 'code') n += inLink ? x.text.length : 0;
    else if (x.kind === 'link') n += linkChars(x.children, true);
    else if ('children' in x) n += linkChars(x.children, inLink);
  }
  return n;
}

function blockLinks(b: Block): number {
  switch (b.kind) {
    case 'heading':
    case 'paragraph':
      return linkChars(b.content);
    case 'list':
      return b.items.reduce((s, it) => s + it.blocks.reduce((t, x) => t + blockLinks(x), 0), 0);
    case 'quote':
      return b.children.reduce((s, x) => s + blockLinks(x), 0);
    case 'table':
      return b.rows.reduce((s, r) => s + r.reduce((t, c) => t + linkChars(c.content), 0), 0);
    default:
      return 0;
  }
}

const BOILER_TEXT =
  /^(related|you (may|might) also like|more (stories|from|articles|posts|like this)|recommended|trending|popular|read (more|next)|share (this|on)|subscribe|sign up|follow us|leave a (reply|comment)|comments?|about the author|newsletter|advertisement|sponsored|tags?:|categories:|filed under)\b/i;

function classify(b: Block): Klass {
  if (b.kind === 'heading') return 'heading';
  if (b.kind === 'code' || b.kind === 'table' || b.kind === 'image' || b.kind === 'formula') return 'neutral';
  if (b.kind === 'rule' || b.kind === 'pageBreak' || b.kind === 'comment') return 'neutral';
  const text = blockText(b).replace(/\s+/g, ' ').trim();
  const len = text.length;
  if (len === 0) return 'neutral';
  const ld = blockLinks(b) / len;
  if (b.kind === 'list') {
    const items = b.items.length || 1;
    if (ld > 0.5 && len / items < 80) return 'bad';
    if (len > 300 && ld < 0.3) return 'good';
    return ld > 0.5 ? 'bad' : 'near';
  }
  if (ld > 0.5) return 'bad';
  if (len < 200 && BOILER_TEXT.test(text)) return 'bad';
  if (len >= 180 && ld < 0.3) return 'good';
  if (len < 60) return 'short';
  return 'near';
}

const SHORT_WORDS = Number(process.env.DISTILL_HTML_SHORTW ?? 0);

/** A paragraph of one or two words (a label, a price, a date) is page furniture, not content. */
function isStub(b: Block): boolean {
  if (b.kind !== 'paragraph') return false;
  const t = blockText(b).trim();
  if (t.length > 40) return false;
  return t.split(/\s+/).length <= SHORT_WORDS;
}

export function refineBlocks(input: Block[]): Block[] {
  const blocks = SHORT_WORDS > 0 ? input.filter((b) => !isStub(b)) : input;
  const k = blocks.map(classify);
  const first = k.indexOf('good');
  if (first < 0) return blocks;
  // Only article-like content (mostly long prose) is trimmed; product, listing and service
  // pages are made of short blocks, and their edges are content too.
  let goodLen = 0;
  let allLen = 0;
  blocks.forEach((b, i) => {
    const len = blockText(b).length;
    allLen += len;
    if (k[i] === 'good') goodLen += len;
  });
  if (goodLen < allLen * PROSE_SHARE) return blocks;
  const lastGood = k.lastIndexOf('good');
  // The article runs from the first to the last good block; around it, it extends over
  // anything up to the nearest boilerplate block on each side, which ends it.
  let start = first;
  while (start > 0 && k[start - 1] !== 'bad') start--;
  let end = lastGood;
  while (end < blocks.length - 1 && k[end + 1] !== 'bad') end++;
  return blocks.slice(start, end + 1);
}
