/**
 * The one tokenizer of the local index and the catalogue: Unicode letters and digits, folded
 * (lowercase, accents removed), so "Résumé" and "resume" meet, and English plurals reduced
 * ("widgets" finds "widget"). Phrases and operators are checked on the text itself, not on tokens.
 */
export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

const SPLIT = /[^\p{L}\p{N}]+/u;

export function tokenize(s: string): string[] {
  if (!s) return [];
  const out: string[] = [];
  for (const t of fold(s).split(SPLIT)) if (t && t.length <= 40) out.push(singular(t));
  return out;
}

/** A light plural rule: enough for ranking to join "widget" and "widgets", never a full stemmer. */
function singular(t: string): string {
  if (t.length <= 3 || !t.endsWith('s')) return t;
  if (/(ss|us|is|ous)$/.test(t)) return t;
  if (t.endsWith('ies') && t.length > 4) return `${t.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses|zes)$/.test(t)) return t.slice(0, -2);
  return t.slice(0, -1);
}
