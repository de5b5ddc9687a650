/**
 * Where each short line's text is set, page by page, to tell a running title (the document's
 * or chapter's name, set in one place page after page, in the margin or not) from a section
 * title that recurs ("Pros", "Cons", "Ingredients" under each item of a review or a recipe
 * book), which falls wherever its section starts.
 */
export class TitlePlaces {
  /** Each key's occurrences: page and top. */
  private readonly at = new Map<string, [number, number][]>();
  /** On how many pages in one place, per key, as first asked (see pagesInPlace). */
  private readonly counted = new Map<string, number>();

  add(key: string, page: number, top: number): void {
    const at = this.at.get(key);
    if (at) at.push([page, top]);
    else this.at.set(key, [[page, top]]);
  }

  /**
   * Whether a line of this key and size is a running title: set in one place on three pages or
   * more, and on RUNNING_SHARE of the document's `pages`. The count is the first asker's
   * (its size sets the drift allowed).
   */
  running(key: string, size: number, pages: number): boolean {
    const n = this.counted.get(key) ?? pagesInPlace(this.at.get(key) ?? [], size);
    this.counted.set(key, n);
    return n >= 3 && n >= RUNNING_SHARE * pages;
  }
}
const RUNNING_SHARE = 0.3;

/**
 * On how many pages a line's text is set at one height (within RUNNING_DRIFT of its size).
 * `at` holds each occurrence's page and top.
 */
function pagesInPlace(at: readonly [number, number][], size: number): number {
  let best = 0;
  for (const [, y] of at) {
    const pages = new Set<number>();
    for (const [n, y2] of at) if (Math.abs(y2 - y) <= RUNNING_DRIFT * size) pages.add(n);
    best = Math.max(best, pages.size);
  }
  return best;
}
const RUNNING_DRIFT = 0.5;
