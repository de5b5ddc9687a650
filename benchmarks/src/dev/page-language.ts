/**
 * Dev helper: the language of a dev page, for splitting a report by language group. The page's
 * own `<html lang>` (or `xml:lang`, a `content-language` meta) when it declares one; otherwise a
 * guess from the commonest short words of its visible text (a page without a declaration is
 * rare in the dev sets: about one in twenty). `??` when neither says.
 */

/** Frequent short words that tell the languages of the dev sets apart. */
const STOPWORDS: Record<string, string[]> = {
  de: ['der', 'die', 'und', 'das', 'nicht', 'ist', 'mit', 'sich', 'auf', 'ein', 'eine', 'auch', 'für', 'wir'],
  en: ['the', 'and', 'of', 'to', 'is', 'that', 'with', 'for', 'this', 'are', 'was', 'you', 'on'],
  fr: ['le', 'les', 'des', 'est', 'et', 'une', 'pour', 'dans', 'que', 'qui', 'sur', 'pas', 'avec'],
  es: ['el', 'los', 'las', 'del', 'que', 'por', 'una', 'para', 'con', 'es', 'como', 'más', 'pero'],
  it: ['il', 'di', 'che', 'della', 'per', 'non', 'sono', 'una', 'gli', 'anche', 'nel', 'alla'],
  pt: ['não', 'uma', 'os', 'do', 'da', 'em', 'que', 'para', 'com', 'mais', 'como', 'também'],
  nl: ['het', 'een', 'van', 'niet', 'zijn', 'voor', 'dat', 'ook', 'maar', 'wordt', 'naar'],
  pl: ['się', 'nie', 'jest', 'oraz', 'jak', 'dla', 'przez', 'tak', 'już', 'który', 'być'],
  ru: ['и', 'в', 'не', 'на', 'что', 'с', 'по', 'как', 'это', 'для'],
};

function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ');
}

/** Two-letter language code of a page (`de`, `en`, `zh` …), or `??`. */
export function pageLanguage(html: string): string {
  const head = html.slice(0, 50000);
  const declared =
    /<html\b[^>]*?\b(?:xml:)?lang\s*=\s*["']?([a-z]{2,3})/i.exec(head)?.[1] ??
    /<meta\b[^>]*http-equiv\s*=\s*["']?content-language["']?[^>]*content\s*=\s*["']?([a-z]{2,3})/i.exec(
      head,
    )?.[1];
  if (declared) return declared.toLowerCase().slice(0, 2);
  const text = visibleText(html).toLowerCase();
  if (/[\u3040-\u30ff]/u.test(text)) return 'ja';
  if ((text.match(/[\u4e00-\u9fff]/gu)?.length ?? 0) > 200) return 'zh';
  const counts = new Map<string, number>();
  for (const w of text.split(/[^\p{L}]+/u)) counts.set(w, (counts.get(w) ?? 0) + 1);
  let best = '??';
  let bestN = 20;
  for (const [lang, ws] of Object.entries(STOPWORDS)) {
    const n = ws.reduce((s, w) => s + (counts.get(w) ?? 0), 0);
    if (n > bestN) {
      best = lang;
      bestN = n;
    }
  }
  return best;
}
