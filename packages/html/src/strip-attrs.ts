/**
 * Drops `data-*` attributes from start tags before parse5 sees the page. Framework pages carry
 * megabytes of them (JSON state, tracking ids, component props: about a tenth of what is left
 * to parse once scripts are emptied), the tokenizer walks each character and the tree keeps a
 * string per attribute, yet nothing downstream reads them but the few kept here (lazy image
 * sources, task-list state, code languages). Only for callers that want neither the cleaned
 * HTML back nor selectors that could name such attributes.
 *
 * The scan follows the tokenizer's start-tag states: attributes are separated by whitespace or
 * `/`, values are double-quoted, single-quoted or run to whitespace or `>`; text, end tags and
 * everything outside start tags are copied unchanged. Linear in the page.
 */
const KEEP = new Set([
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-srcset',
  'data-checked',
  'data-lang',
  'data-language',
]);

const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;

/** True when html[s, e) starts with `data-` (ASCII case-insensitive) and is not a kept name. */
function dropName(html: string, s: number, e: number): boolean {
  if (e - s < 5) return false;
  if (
    (html.charCodeAt(s) | 32) !== 100 ||
    (html.charCodeAt(s + 1) | 32) !== 97 ||
    (html.charCodeAt(s + 2) | 32) !== 116 ||
    (html.charCodeAt(s + 3) | 32) !== 97 ||
    html.charCodeAt(s + 4) !== 45
  )
    return false;
  return !KEEP.has(html.slice(s, e).toLowerCase());
}

export function stripDataAttributes(html: string): string {
  if (!html.includes('data-')) return html;
  const n = html.length;
  let out = '';
  let last = 0;
  let i = html.indexOf('<');
  while (i >= 0 && i + 1 < n) {
    // Only start tags: `<` then a letter.
    if (!isAlpha(html.charCodeAt(i + 1))) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    let j = i + 1;
    while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 47 && html.charCodeAt(j) !== 62)
      j++;
    // Attributes until `>`.
    for (;;) {
      while (j < n && (isSpace(html.charCodeAt(j)) || html.charCodeAt(j) === 47)) j++;
      if (j >= n || html.charCodeAt(j) === 62) break;
      const ns = j;
      // A name: up to whitespace, `/`, `>` or `=` (a leading `=` belongs to the name).
      j++;
      while (j < n) {
        const c = html.charCodeAt(j);
        if (isSpace(c) || c === 47 || c === 62 || c === 61) break;
        j++;
      }
      const ne = j;
      let k = j;
      while (k < n && isSpace(html.charCodeAt(k))) k++;
      if (k < n && html.charCodeAt(k) === 61) {
        k++;
        while (k < n && isSpace(html.charCodeAt(k))) k++;
        const q = html.charCodeAt(k);
        if (q === 34 || q === 39) {
          const end = html.indexOf(q === 34 ? '"' : "'", k + 1);
          k = end < 0 ? n : end + 1;
        } else {
          while (k < n && !isSpace(html.charCodeAt(k)) && html.charCodeAt(k) !== 62) k++;
        }
        j = k;
      }
      if (dropName(html, ns, ne)) {
        out += html.slice(last, ns);
        last = j;
      }
    }
    i = j < n ? html.indexOf('<', j + 1) : -1;
  }
  if (last === 0) return html;
  return out + html.slice(last);
}
