import { type Block, blockText } from '@distill/core';

/**
 * A block's text with its whitespace collapsed, computed once per block: refine.ts's passes,
 * teaser-run.ts and teaser-tail.ts read the same blocks' text.
 */
const textCache = new WeakMap<Block, string>();
export function flatText(b: Block): string {
  let t = textCache.get(b);
  if (t === undefined) {
    t = blockText(b).replace(/\s+/g, ' ').trim();
    textCache.set(b, t);
  }
  return t;
}
