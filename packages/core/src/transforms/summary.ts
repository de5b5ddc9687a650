import { blockText } from '../model/build.js';
import type { Block } from '../model/types.js';

const STOP = new Set(
  'a an and are as at be by for from has have he in is it its of on or that the this to was were will with which not but they their there these those you your we our i'.split(
    ' ',
  ),
);

/**
 * An extractive summary: the sentences whose words are most frequent in the document,
 * given in document order. Deterministic and offline; an LLM provider can replace it.
 */
export function extractiveSummary(blocks: readonly Block[], maxSentences = 5): string {
  const text = blocks
    .filter((b) => b.kind === 'paragraph' || b.kind === 'list' || b.kind === 'quote')
    .map(blockText)
    .join('\n');
  const sentences = text
    .split(/(?<=[.!?。！？])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 5);
  if (sentences.length === 0) return '';
  const freq = new Map<string, number>();
  const words = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
  for (const s of sentences) for (const w of words(s)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const scored = sentences.map((s, i) => {
    const ws = words(s);
    const score = ws.reduce((sum, w) => sum + (freq.get(w) ?? 0), 0) / Math.sqrt(ws.length + 1);
    return { s, i, score: score + (i === 0 ? 0.5 : 0) };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, maxSentences)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s)
    .join(' ');
}
