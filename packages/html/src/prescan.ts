import { scriptEnd } from './script-end.js';
import { inList, isAlpha, isNameChar, nameIs, RAW_TEXT_ELEMENTS, VOID_NAMES } from './tag-scan.js';

/**
 * One linear scan over the page before parse5, doing three jobs that each used to be a pass:
 *
 * 1. Raw text. `<script>`, `<style>` and `<svg>` elements are emptied and comments removed. On
 *    real pages these hold about half the bytes and never reach the output, yet parse5's
 *    tokenizer walks them character by character; native string searches skip them far faster.
 *    The elements themselves stay, empty, so the tree has the same shape. The scan follows the
 *    tokenizer where it matters:
 *    - comments are skipped whole, so a `<script>` inside one is never taken for a real one;
 *      `<!-->` and `<!--->` are the empty comments the HTML tokenizer knows;
 *    - `textarea`, `title`, `xmp`, `iframe`, `noembed`, `noframes` bodies are raw text too and
 *      are passed over (a `<script>` written inside them is text);
 *    - a self-closed `<script/>` or `<style/>` (SVG) has no body; a self-closed `<iframe/>`
 *      gets its end tag, as its author meant;
 *    - a script body holding `<!--` may be in the tokenizer's "escaped" states, where the first
 *      `</script>` does not always end it: script-end.ts finds its end as the tokenizer does;
 *      everything after an unclosed comment, raw-text element or `<plaintext>` goes to the
 *      parser as it is.
 *
 * 2. `data-*` attributes (when asked). Framework pages carry megabytes of them (JSON state,
 *    tracking ids, component props: about a tenth of what is left to parse once scripts are
 *    emptied), the tokenizer walks each character and the tree keeps a string per attribute, yet
 *    nothing downstream reads them but the few kept here (lazy image sources, task-list state,
 *    code languages). Start tags are read as the tokenizer reads them: attributes separated by
 *    whitespace or `/`, values double-quoted, single-quoted or running to whitespace or `>`.
 *
 * 3. Nesting depth: the deepest nesting of start tags, so that the rewrite of depth-cap.ts runs
 *    only on pages that need it.
 *
 * One scan instead of three spares two walks over the tags and, above all, the flattening of
 * each pass's concatenated output by the next. Every search moves forward: linear in the page.
 */
export interface PrescanOptions {
  /** Empty scripts, styles and drawings and drop comments (default true). */
  raw?: boolean;
  /** Drop `data-*` attributes but the kept ones (default false). */
  dropData?: boolean;
}

export interface PrescanResult {
  html: string;
  /**
   * Deepest start-tag nesting seen (void, self-closed and raw-text elements not counted). The
   * count runs over the input as scanned; depth-cap.ts counts again, exactly, on deep pages.
   */
  depth: number;
}

const KEEP = new Set([
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-srcset',
  'data-checked',
  'data-lang',
  'data-language',
]);

/**
 * Elements whose body the tokenizer reads as text, and `<svg>`, emptied like scripts and styles
 * (its body is markup, but nothing of it is rendered).
 */
const RAW_TAGS = [...RAW_TEXT_ELEMENTS, 'svg'] as const;
type RawTag = (typeof RAW_TAGS)[number];

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;

function rawTag(html: string, s: number, e: number): RawTag | undefined {
  for (const n of RAW_TAGS) if (nameIs(html, s, e, n)) return n;
  return undefined;
}

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

const closers = new Map<string, RegExp>();
function closer(tag: string): RegExp {
  let re = closers.get(tag);
  if (!re) {
    re = new RegExp(`</${tag}(?=[\\s/>])`, 'gi');
    closers.set(tag, re);
  }
  return re;
}

/** Index just past the `>` that ends the start tag at `from`, honouring quoted values; -1 if none. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      // Quotes open a value only after `=`; elsewhere they are part of a name, as in the tokenizer.
      let j = i - 1;
      while (j > from && (html.charCodeAt(j) === 0x20 || html.charCodeAt(j) === 0x0a)) j--;
      if (html.charCodeAt(j) === 0x3d) quote = c;
    } else if (c === 0x3e) return i + 1;
  }
  return -1;
}

export function prescan(html: string, options: PrescanOptions = {}): PrescanResult {
  let raw = options.raw ?? true;
  const dropData = (options.dropData ?? false) && html.includes('data-');
  const n = html.length;
  let out = '';
  let last = 0;
  let depth = 0;
  let max = 0;
  // Inside a raw-text body that is passed over: tags there are text to the tokenizer, yet were
  // always read for data attributes and depth, so only the raw handling waits until `rawUntil`.
  let rawUntil = 0;
  // Next `--!>` (a rare comment end), found again only when passed, so the scan stays linear.
  let bang = raw ? html.indexOf('--!>') : -1;
  // Next `<!--` at or after the current script body, found again only when passed (linear too).
  let escapeAt = raw ? html.indexOf('<!--') : -1;

  /**
   * Reads the attributes of the start tag whose name ends at `ne`: drops data attributes when
   * asked and returns the index of its `>` (or n).
   */
  const attributes = (ne: number): number => {
    let j = ne;
    if (!dropData) {
      const gt = html.indexOf('>', j);
      return gt < 0 ? n : gt;
    }
    for (;;) {
      while (j < n && (isSpace(html.charCodeAt(j)) || html.charCodeAt(j) === 47)) j++;
      if (j >= n || html.charCodeAt(j) === 62) return j;
      const as = j;
      // A name: up to whitespace, `/`, `>` or `=` (a leading `=` belongs to the name).
      j++;
      while (j < n) {
        const c = html.charCodeAt(j);
        if (isSpace(c) || c === 47 || c === 62 || c === 61) break;
        j++;
      }
      const ae = j;
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
      if (dropName(html, as, ae)) {
        out += html.slice(last, as);
        last = j;
      }
    }
  };

  let i = html.indexOf('<');
  while (i >= 0 && i + 1 < n) {
    const c1 = html.charCodeAt(i + 1);
    if (raw && c1 === 0x21 && i >= rawUntil && html.startsWith('!--', i + 1)) {
      // A comment: dropped, as the clean pass would drop it.
      let end: number;
      if (html.startsWith('>', i + 4)) end = i + 5;
      else if (html.startsWith('->', i + 4)) end = i + 6;
      else {
        const a = html.indexOf('-->', i + 4);
        if (bang >= 0 && bang < i + 4) bang = html.indexOf('--!>', i + 4);
        const b = bang;
        if (a < 0 && b < 0) {
          raw = false;
          i = html.indexOf('<', i + 1);
          continue;
        }
        end = b >= 0 && (a < 0 || b < a) ? b + 4 : a + 3;
      }
      out += html.slice(last, i);
      last = end;
      i = html.indexOf('<', end);
      continue;
    }
    if (c1 === 0x2f) {
      // An end tag: one level up (void and self-closed ones aside).
      const s = i + 2;
      if (!isAlpha(html.charCodeAt(s))) {
        i = html.indexOf('<', s);
        continue;
      }
      let j = s + 1;
      while (j < n && isNameChar(html.charCodeAt(j))) j++;
      const gt = html.indexOf('>', j);
      if (gt < 0) break;
      if (!(html.charCodeAt(gt - 1) === 47 && gt - 1 >= j) && !inList(html, s, j, VOID_NAMES) && depth > 0)
        depth--;
      i = html.indexOf('<', i + 1);
      continue;
    }
    if (!isAlpha(c1)) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    // A start tag: its name up to whitespace, `/` or `>`.
    const ns = i + 1;
    let ne = ns + 1;
    while (ne < n) {
      const c = html.charCodeAt(ne);
      if (isSpace(c) || c === 47 || c === 62) break;
      ne++;
    }
    const tag = raw && i >= rawUntil ? rawTag(html, ns, ne) : undefined;
    // A raw-text element's start tag ends at the first `>` outside quoted values.
    const open = tag !== undefined ? tagEnd(html, ne) : -1;
    const gt = open > 0 && !dropData ? open - 1 : attributes(ne);
    if (gt >= n) break;
    let next = gt + 1;
    if (tag !== undefined) {
      if (tag === 'plaintext' || open !== gt + 1) raw = false;
      else if (html.charCodeAt(open - 2) === 0x2f) {
        // Self-closed: in SVG a real empty element; in HTML the parser ignores the slash, so
        // leave the rest to it. `<iframe ... />` (a Tag Manager snippet in <noscript>) would
        // make the rest of the page the iframe's text; its author, and a browser running
        // scripts, see it closed.
        if (tag === 'script' || tag === 'style') raw = false;
        else if (tag !== 'svg' && tag !== 'title') {
          out += `${html.slice(last, open)}</${tag}>`;
          last = open;
        }
      } else {
        const close = closer(tag);
        close.lastIndex = open;
        const cm = close.exec(html);
        if (!cm) raw = false;
        else if (tag === 'svg') {
          // Drawings never reach the output (their text is not the page's); a nested <svg>
          // would end at the inner close tag, so such a drawing is left to the parser.
          if (!/<svg[\s/>]/i.test(html.slice(open, cm.index))) {
            out += html.slice(last, open);
            last = cm.index;
            next = cm.index;
          }
        } else if (tag === 'script' || tag === 'style') {
          // A script holding `<!--` may be in the escaped states, where `</script>` does not
          // always end it: script-end.ts follows the tokenizer there.
          if (tag === 'script' && escapeAt >= 0 && escapeAt < open) escapeAt = html.indexOf('<!--', open);
          const end =
            tag === 'script' && escapeAt >= 0 && escapeAt < cm.index ? scriptEnd(html, open) : cm.index;
          if (end < 0) raw = false;
          else {
            out += html.slice(last, open);
            last = end;
            next = end;
          }
        } else rawUntil = cm.index + cm[0].length;
      }
    }
    // Depth, as depth-cap.ts counts it.
    if (!(html.charCodeAt(gt - 1) === 47 && gt - 1 >= ne) && !inList(html, ns, ne, VOID_NAMES)) {
      if (!inList(html, ns, ne, RAW_TEXT_ELEMENTS)) {
        depth++;
        if (depth > max) max = depth;
      }
    }
    i = html.indexOf('<', next);
  }
  return { html: last === 0 ? html : out + html.slice(last), depth: max };
}

/** Scripts, styles, drawings and comments emptied (see prescan). */
export function stripRawText(html: string): string {
  return prescan(html).html;
}

/** Only the data attributes dropped (see prescan). */
export function stripDataAttributes(html: string): string {
  return prescan(html, { raw: false, dropData: true }).html;
}
