import { tokenize } from '../local/tokenize.js';
import type { Entry } from './paper-search.js';

/** A passage of a paper's body, as the official client's `Passage` reads it. */
export interface Passage {
  text: string;
  score: number;
}

/** Passages are whole paragraphs, joined up to about this many characters, split past it at sentences. */
const TARGET = 600;
const MAX = 1200;
const K1 = 1.2;
const B = 0.75;

/** The body cut into passages: paragraphs (blank-line separated), short ones joined, long ones split at sentence ends. */
export function passagesOf(text: string): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const out: string[] = [];
  let cur = '';
  const push = () => {
    if (cur) out.push(cur);
    cur = '';
  };
  for (const p of paragraphs) {
    if (p.length > MAX) {
      push();
      let piece = '';
      for (const sentence of p.split(/(?<=[.!?])\s+/)) {
        if (piece && piece.length + sentence.length + 1 > TARGET) {
          out.push(piece);
          piece = '';
        }
        piece = piece ? `${piece} ${sentence}` : sentence;
      }
      if (piece) out.push(piece);
      continue;
    }
    cur = cur ? `${cur} ${p}` : p;
    if (cur.length >= TARGET) push();
  }
  push();
  return out;
}

/**
 * The `k` passages of a paper's indexed text that best answer `words` (BM25 over the paper's
 * own passages), best first, in body order among equals; passages with no query word are left
 * out. The text is what the index kept of the document (its first 20,000 characters).
 */
export function readPassages(e: Entry, words: readonly string[], k: number): Passage[] {
  const passages = passagesOf(e.doc.text);
  const toks = passages.map((p) => tokenize(p));
  const df = new Map<string, number>();
  for (const t of toks) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const avg = toks.reduce((n, t) => n + t.length, 0) / (toks.length || 1);
  const n = passages.length;
  const scored: { text: string; score: number; i: number }[] = [];
  passages.forEach((text, i) => {
    const tf = new Map<string, number>();
    for (const w of toks[i]) tf.set(w, (tf.get(w) ?? 0) + 1);
    let score = 0;
    for (const w of words) {
      const f = tf.get(w);
      if (!f) continue;
      const d = df.get(w) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * toks[i].length) / (avg || 1)));
    }
    if (score > 0) scored.push({ text, score, i });
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return scored.slice(0, k).map(({ text, score }) => ({ text, score: Math.round(score * 10_000) / 10_000 }));
}
