import { attr, type PElement } from './dom.js';
import type { Stats } from './stats.js';

/** Share of the page's unlinked text under one class name that makes it the template's word. */
const TEMPLATE_SHARE = 0.5;

/**
 * Class names a page gives to the blocks that hold most of its text. A page builder names every
 * block it draws by its kind of part (Elementor's `elementor-widget` on each heading, text and
 * icon box of a service page): such a name says how the page was built, not that the block is a
 * sidebar widget, and a negative word inside it is no verdict. Told by where the page's text
 * stands, not by the builder's name: the outermost elements carrying the class hold at least
 * half of the page's unlinked text. Answers are kept per class name (each costs one walk).
 */
export function templateNames(
  body: PElement,
  stats: { get(el: PElement): Stats | undefined },
): (hintsText: string, at: number) => boolean {
  const total = stats.get(body);
  const whole = total ? total.text - total.link : 0;
  const known = new Map<string, boolean>();
  /** Unlinked text under the outermost elements whose class list holds `name`. */
  function textUnder(name: string): number {
    let sum = 0;
    const stack: PElement[] = [body];
    while (stack.length) {
      const el = stack.pop()!;
      const cls = attr(el, 'class');
      if (cls && el !== body && cls.split(/\s+/).includes(name)) {
        const s = stats.get(el);
        if (s) sum += s.text - s.link;
        continue;
      }
      for (const c of el.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
    }
    return sum;
  }
  /** True when the name around position `at` of an element's hints is the template's. */
  return (hintsText: string, at: number) => {
    if (whole === 0) return false;
    let start = at;
    while (start > 0 && !/\s/.test(hintsText[start - 1])) start--;
    let end = at;
    while (end < hintsText.length && !/\s/.test(hintsText[end])) end++;
    const name = hintsText.slice(start, end);
    let shared = known.get(name);
    if (shared === undefined) {
      shared = textUnder(name) >= whole * TEMPLATE_SHARE;
      known.set(name, shared);
    }
    return shared;
  };
}
