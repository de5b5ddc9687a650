/**
 * The word-shingle measure of scrapinghub's article-extraction-benchmark (the one issue 21's 181
 * held-out articles are scored with): tokens are runs of word characters, case kept; shingles are
 * 4 consecutive tokens counted as a multiset; per page tp, fp and fn are normalised to sum to 1;
 * precision and recall are means over pages (a page with nothing predicted has no precision) and
 * F1 is taken from those means. Shared by html-shingle-articles and html-synth.
 */

const SHINGLE = 4;

function shingles(text: string): Map<string, number> {
  const ts = text.match(/[\p{L}\p{M}\p{N}_]+/gu) ?? [];
  const m = new Map<string, number>();
  // A text shorter than a shingle is one shingle of what it has.
  for (let i = 0; i < Math.max(1, ts.length - SHINGLE + 1); i++) {
    const k = ts.slice(i, i + SHINGLE).join(' ');
    if (k !== '') m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export function shingleCounts(pred: string, ref: string): Counts {
  const p = shingles(pred);
  const r = shingles(ref);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [k, n] of p) {
    const m = r.get(k) ?? 0;
    tp += Math.min(n, m);
    fp += Math.max(0, n - m);
  }
  for (const [k, m] of r) fn += Math.max(0, m - (p.get(k) ?? 0));
  const s = tp + fp + fn;
  return s > 0 ? { tp: tp / s, fp: fp / s, fn: fn / s } : { tp, fp, fn };
}

export const precision = ({ tp, fp, fn }: Counts) =>
  fp === 0 && fn === 0 ? 1 : tp + fp === 0 ? 0 : tp / (tp + fp);
export const recall = ({ tp, fp, fn }: Counts) =>
  fp === 0 && fn === 0 ? 1 : tp + fn === 0 ? 0 : tp / (tp + fn);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summary(cs: Counts[]) {
  const p = mean(cs.filter((c) => c.tp + c.fp > 0).map(precision));
  const r = mean(cs.filter((c) => c.tp + c.fn > 0).map(recall));
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}
