import type { PElement } from './dom.js';
import { ruleOn } from './rule-switch.js';

/**
 * Elements whose inside is written code, not page layout: a preformatted block and an inline
 * code span.
 */
const CODE_TAGS = new Set(['pre', 'code']);

/**
 * True when `el` stands inside a code block, where the pruning's verdicts do not apply: a
 * syntax highlighter wraps the code's own comments, keywords and strings in spans named for
 * what they are (`hljs-comment`, Prism's `token comment`, Pygments' `c1`), and a name such as
 * "comment" or "meta" there says nothing about the page's layout. The block itself is still
 * judged as any element is (a snippet in a sidebar goes with the sidebar); only what it holds
 * stays whole. Asked only of an element the pruning is about to remove, so the walk up to
 * the body costs nothing on the rest of the tree.
 */
export function insideCode(el: PElement): boolean {
  for (
    let p = el.parentNode as PElement | null;
    p?.tagName !== undefined;
    p = p.parentNode as PElement | null
  )
    if (CODE_TAGS.has(p.tagName)) return ruleOn('code-inside');
  return false;
}
