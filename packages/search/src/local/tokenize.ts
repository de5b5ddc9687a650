/**
 * The one tokenizer of the local index and the catalogue: Unicode letters and digits, folded
 * (lowercase, accents removed), so "Résumé" and "resume" meet. No stemming: exact words keep
 * phrase and operator checks predictable.
 */
export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

const SPLIT = /[^\p{L}\p{N}]+/u;

export function tokenize(s: string): string[] {
  if (!s) return [];
  const out: string[] = [];
  for (const t of fold(s).split(SPLIT)) if (t && t.length <= 40) out.push(t);
  return out;
}
