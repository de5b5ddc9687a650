import { attr, type PElement, type PNode } from './dom.js';
import type { Stats } from './stats.js';

/** Share of the page's unlinked text under one class name that makes it the template's word. */
const TEMPLATE_SHARE = 0.5;

/**
 * Class names a page gives to the blocks that hold most of its text. A page builder names every
 * block it draws by its kind of part (Elementor's `elementor-widget` on each heading, text and
 * icon box of a service page): such a name says how the page was built, not that the block is a
 * sidebar widget, and a negative word inside it is no verdict. Told by where the page's text
 * stands, not by the builder's name: the outermost elements carrying the class hold at least
 * half of the page's unlinked text.
 */
export function templateNames(
  body: PElement,
  stats: { get(el: PElement): Stats | undefined },
  pruned: () => readonly [PElement, PNode[]][],
): (hintsText: string, at: number) => boolean {
  const total = stats.get(body);
  const whole = total ? total.text - total.link : 0;
  let under: Map<string, number> | undefined;
  /**
   * Unlinked text under the outermost elements carrying each class name, in one walk of the
   * page as it came (made on the first question, most pages never ask, but over the children
   * the pruning has taken away so far too: the answer does not depend on when it is asked).
   */
  function textUnder(): Map<string, number> {
    const before = new Map(pruned());
    const sums = new Map<string, number>();
    // The names carried by an element's ancestors, counted, so only the outermost carrier adds.
    const open = new Map<string, number>();
    const stack: [PElement, string[] | undefined][] = [[body, undefined]];
    while (stack.length) {
      const [el, leaving] = stack.pop()!;
      if (leaving) {
        for (const n of leaving) open.set(n, open.get(n)! - 1);
        continue;
      }
      const cls = el === body ? undefined : attr(el, 'class');
      let names: string[] | undefined;
      if (cls) {
        names = [...new Set(cls.split(/\s+/).filter((n) => n !== ''))];
        const s = stats.get(el);
        const own = s ? s.text - s.link : 0;
        for (const n of names) {
          if (!open.get(n)) sums.set(n, (sums.get(n) ?? 0) + own);
          open.set(n, (open.get(n) ?? 0) + 1);
        }
        stack.push([el, names]);
      }
      for (const c of before.get(el) ?? el.childNodes)
        if ((c as PElement).tagName !== undefined) stack.push([c as PElement, undefined]);
    }
    return sums;
  }
  /** True when the name around position `at` of an element's hints is the template's. */
  return (hintsText: string, at: number) => {
    if (whole === 0) return false;
    let start = at;
    while (start > 0 && !/\s/.test(hintsText[start - 1])) start--;
    let end = at;
    while (end < hintsText.length && !/\s/.test(hintsText[end])) end++;
    under ??= textUnder();
    return (under.get(hintsText.slice(start, end)) ?? 0) >= whole * TEMPLATE_SHARE;
  };
}
