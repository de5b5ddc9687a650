import { VOID_ELEMENTS } from './dom.js';

/**
 * Browsers stop nesting past a depth (Chromium: 512) and attach deeper elements as siblings;
 * parse5 does not, and its work grows with the square of the depth (40,000 nested lists take
 * about 30 s). This linear pre-pass drops the tags of elements that would sit deeper than
 * `max`, keeping all text, and only runs its rewrite when a document is that deep.
 */
const RAW = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
]);
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)\b[^>]*?(\/?)>/g;

export const MAX_HTML_DEPTH = 512;

function maxDepth(html: string, stopAt: number): number {
  let depth = 0;
  let max = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const name = m[2].toLowerCase();
    if (VOID_ELEMENTS.has(name) || m[3] === '/') continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else if (!RAW.has(name)) {
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
