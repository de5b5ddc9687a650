import { tokenize } from './local/tokenize.js';

/** Sentences shorter than this are headings or crumbs, not highlights. */
const MIN = 25;
const MAX = 320;

function sentences(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n+/)) {
    for (const s of block.split(/(?<=[.!?。！？])\s+(?=[\p{Lu}\p{N}"'([])/u)) {
      const t = s.replace(/\s+/g, ' ').trim();
      if (t.length >= MIN) out.push(t);
    }
  }
  return out;
}

/** Keeps a window of a long sentence around its first query word. */
function clip(s: string, words: Set<string>): string {
  if (s.length <= MAX) return s;
  const lower = s.toLowerCase();
  let at = -1;
  for (const w of words) {
    const i = lower.indexOf(w);
    if (i !== -1 && (at === -1 || i < at)) at = i;
  }
  const start = Math.max(0, Math.min(at - 80, s.length - MAX));
  const cut = s.slice(start, start + MAX);
  return `${start > 0 ? '…' : ''}${cut.trim()}${start + MAX < s.length ? '…' : ''}`;
}

/**
 * Query-relevant highlights: the sentences of `text` that hold the most distinct query words,
 * up to `max`, in reading order. Undefined when no sentence holds any.
 */
export function highlight(text: string | undefined, query: readonly string[], max = 3): string | undefined {
  if (!text) return undefined;
  const words = new Set(query.flatMap((w) => tokenize(w)));
  if (!words.size) return undefined;
  const scored: { s: string; i: number; score: number }[] = [];
  sentences(text).forEach((s, i) => {
    const toks = tokenize(s);
    const distinct = new Set(toks.filter((t) => words.has(t))).size;
    if (!distinct) return;
    const hits = toks.filter((t) => words.has(t)).length;
    scored.push({ s, i, score: distinct + hits * 0.1 - s.length / 10_000 });
  });
  if (!scored.length) return undefined;
  const best = scored
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i);
  return best.map((b) => clip(b.s, words)).join(' … ');
}
