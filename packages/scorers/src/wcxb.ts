// WCXB main-content metric: lower-cased \w+ tokens as a bag of words, precision = overlap /
// |predicted|, recall = overlap / |reference|, per page; an empty prediction scores 0.

/** Markdown (or HTML-ish text) to the words a reader sees: no link targets, images or markup. */
export function markdownToText(md: string): string {
  return md
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ') // reference definitions
    .replace(/<https?:[^>]*>/g, ' ') // autolinks
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ') // stray HTML tags
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ' ') // emphasis underscores, not snake_case
    .replace(/[*`~#>|]/g, ' ');
}

export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function bag(ts: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of ts) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function wordPrf(predictedMarkdown: string, referenceText: string): Prf {
  const p = tokens(markdownToText(predictedMarkdown));
  const r = tokens(referenceText);
  if (!p.length || !r.length) return { precision: 0, recall: 0, f1: 0 };
  const rb = bag(r);
  let overlap = 0;
  for (const [t, n] of bag(p)) overlap += Math.min(n, rb.get(t) ?? 0);
  const precision = overlap / p.length;
  const recall = overlap / r.length;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
