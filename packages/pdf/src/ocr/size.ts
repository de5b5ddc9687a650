/**
 * Font sizes of OCR'd words from their ink. A word's box is as tall as its glyphs reach: a
 * capital or ascender rises about 0.7 of the font size above the baseline, a lowercase letter
 * without one about 0.5, a descender drops about 0.2 below. So the box height over the span
 * its letters cover estimates the font size, in the same unit fast mode reads from the text
 * layer, and headings of OCR'd pages fall into the same size tiers. (Tesseract's row height
 * is per line and noisy on short lines, which is where headings are.)
 */

const CAP = 0.7;
const X = 0.49;
const DESC = -0.21;

function top(c: string): number | undefined {
  // Digits may be old-style figures (x-height tall, some descending): no measure of size.
  if (/[0-9]/.test(c)) return undefined;
  if (/[A-Zbdfhkl]/.test(c)) return CAP;
  if (c === 't') return 0.62;
  if (c === 'i' || c === 'j') return 0.68;
  if (/[a-z]/.test(c)) return X;
  if (/[À-ÖØ-Þ]/u.test(c)) return 0.9;
  if (/[à-öø-ÿ]/u.test(c)) return 0.7;
  if (/[()[\]{}/\\|!?'"‘’“”&%$#@*]/u.test(c)) return CAP;
  if (/[:;]/.test(c)) return X;
  if (/[-–—=+~]/u.test(c)) return 0.35;
  if (/[.,_]/.test(c)) return 0.1;
  return undefined;
}

function bottom(c: string): number {
  if (/[gjpqyçþ]/u.test(c)) return DESC;
  if (/[()[\]{}/\\|]/.test(c)) return -0.2;
  if (c === ',' || c === ';') return -0.12;
  if (c === 'Q' || c === '_') return -0.1;
  return 0;
}

/** The share of the font size a word's glyphs span, or undefined for text we cannot place. */
export function inkSpan(text: string): number | undefined {
  let hi = -1;
  let lo = 0;
  for (const c of text) {
    const t = top(c);
    if (t === undefined) return undefined;
    hi = Math.max(hi, t);
    lo = Math.min(lo, bottom(c));
  }
  const span = hi - lo;
  // A word of dashes or dots says little about its font's size.
  return span >= 0.45 ? span : undefined;
}

/** A word's font size from its box height (any unit), or undefined when it cannot tell. */
export function wordSize(text: string, boxHeight: number): number | undefined {
  const span = inkSpan(text);
  if (span === undefined || !(boxHeight > 0)) return undefined;
  return boxHeight / span;
}

/** Within this ratio, sizes of one page are one size read with noise. */
const SAME_SIZE = 1.07;

/**
 * Snaps a page's estimated sizes into clusters: estimates within a few percent of each other
 * are one size read with noise, and become their cluster's weighted median, so body text
 * keeps one size and a heading's size tier does not depend on which letters it has. The
 * densest size (by characters within the ratio) is settled first, so body text is centred.
 */
export function snapSizes(sizes: readonly number[], weights: readonly number[]): number[] {
  const out = sizes.slice();
  const open = new Set(sizes.map((_, i) => i));
  const near = (a: number, b: number) => Math.max(a, b) <= Math.min(a, b) * SAME_SIZE;
  while (open.size) {
    let best = -1;
    let bestW = -1;
    for (const i of open) {
      let w = 0;
      for (const j of open) if (near(sizes[i], sizes[j])) w += weights[j];
      if (w > bestW) {
        bestW = w;
        best = i;
      }
    }
    const members = [...open].filter((j) => near(sizes[best], sizes[j])).sort((a, b) => sizes[a] - sizes[b]);
    const total = members.reduce((s, i) => s + weights[i], 0);
    let acc = 0;
    let median = sizes[best];
    for (const i of members) {
      acc += weights[i];
      if (acc >= total / 2) {
        median = sizes[i];
        break;
      }
    }
    for (const i of members) {
      out[i] = median;
      open.delete(i);
    }
  }
  return out;
}
