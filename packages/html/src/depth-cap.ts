import { VOID_ELEMENTS } from './dom.js';
import { inList, isAlpha, isNameChar, RAW_TEXT_ELEMENTS, VOID_NAMES } from './tag-scan.js';

/**
 * Browsers stop nesting past a depth (Chromium: 512) and attach deeper elements as siblings;
 * parse5 does not, and its work grows with the square of the depth (40,000 nested lists take
 * about 30 s). This linear pre-pass drops the tags of elements that would sit deeper than
 * `max`, keeping all text, and only runs its rewrite when a document is that deep.
 */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)\b[^>]*?(\/?)>/g;

export const MAX_HTML_DEPTH = 512;
const RAW = new Set<string>(RAW_TEXT_ELEMENTS);

/**
 * The deepest nesting of start tags (the TAG pattern's reading), scanned by hand: it runs on
 * every page, and a regex match per tag (plus a lower-cased name) is garbage on each.
 */
function maxDepth(html: string, stopAt: number): number {
  let depth = 0;
  let max = 0;
  const n = html.length;
  let i = html.indexOf('<');
  while (i >= 0 && i + 1 < n) {
    let j = i + 1;
    const close = html.charCodeAt(j) === 47;
    if (close) j++;
    if (!isAlpha(html.charCodeAt(j))) {
      i = html.indexOf('<', j);
      continue;
    }
    const s = j;
    while (j < n && isNameChar(html.charCodeAt(j))) j++;
    const gt = html.indexOf('>', j);
    if (gt < 0) break;
    i = html.indexOf('<', gt + 1);
    if (html.charCodeAt(gt - 1) === 47 && gt - 1 >= j) continue;
    if (inList(html, s, j, VOID_NAMES)) continue;
    if (close) depth = depth > 0 ? depth - 1 : 0;
    else if (!inList(html, s, j, RAW_TEXT_ELEMENTS)) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    }
  }
  return max;
}

export function capNesting(html: string, max = MAX_HTML_DEPTH): { html: string; capped: boolean } {
  // Implied end tags (li, p, td) make this count high, so only clearly hostile depths trigger the rewrite.
  if (maxDepth(html, max * 2) <= max * 2) return { html, capped: false };
  const kept: boolean[] = [];
  let depth = 0;
  let out = '';
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const name = m[2].toLowerCase();
    if (VOID_ELEMENTS.has(name) || m[3] === '/' || RAW.has(name)) continue;
    out += html.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[1]) {
      const keep = kept.pop() ?? true;
      depth = Math.max(0, depth - 1);
      if (keep) out += m[0];
    } else {
      const keep = depth < max;
      kept.push(keep);
      depth++;
      // A dropped list item still starts a new line of text.
      out += keep ? m[0] : name === 'li' || name === 'p' || name === 'div' ? ' ' : '';
    }
  }
  out += html.slice(last);
  return { html: out, capped: true };
}
