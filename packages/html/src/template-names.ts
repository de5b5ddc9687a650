import type { BeforePruning } from './before-pruning.js';
import type { PElement } from './dom.js';
import type { Stats } from './stats.js';

/** Share of the page's unlinked text under one class name that makes it the template's word. */
const TEMPLATE_SHARE = 0.5;

/**
 * Class names a page gives to the blocks that hold most of its text. A page builder names every
 * block it draws by its kind of part (Elementor's `elementor-widget` on each heading, text and
 * icon box of a service page): such a name says how the page was built, not that the block is a
 * sidebar widget, and a negative word inside it is no verdict. Told by where the page's text
 * stands, not by the builder's name: the outermost elements carrying the class hold at least
 * half of the page's unlinked text, as the page came (before-pruning.ts).
 */
export function templateNames(
  body: PElement,
  stats: { get(el: PElement): Stats | undefined },
  page: () => BeforePruning,
): (hintsText: string, at: number) => boolean {
  const total = stats.get(body);
  const whole = total ? total.text - total.link : 0;
  /**
   * True when the name around position `at` of an element's hints is the template's. The name
   * holds the negative word asked about, so it is among those the record sums.
   */
  return (hintsText: string, at: number) => {
    if (whole === 0) return false;
    let start = at;
    while (start > 0 && !/\s/.test(hintsText[start - 1])) start--;
    let end = at;
    while (end < hintsText.length && !/\s/.test(hintsText[end])) end++;
    return (page().negativeNames.get(hintsText.slice(start, end)) ?? 0) >= whole * TEMPLATE_SHARE;
  };
}
