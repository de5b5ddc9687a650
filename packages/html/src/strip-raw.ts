/**
 * Empties `<script>`, `<style>` and `<svg>` elements and removes comments before parse5 sees
 * the page. On real pages these hold about half the bytes and never reach the output, yet parse5's
 * tokenizer walks them character by character; native string searches skip them far faster
 * (parsing takes about half the time afterwards). The elements themselves stay, empty, so the
 * tree has the same shape.
 *
 * The scan follows the tokenizer where it matters and otherwise leaves text alone:
 *  - comments are skipped whole, so a `<script>` inside one is never taken for a real one;
 *    `<!-->` and `<!--->` are the empty comments the HTML tokenizer knows;
 *  - `textarea`, `title`, `xmp`, `iframe`, `noembed`, `noframes` bodies are raw text too and
 *    are passed over unchanged (a `<script>` written inside them is text);
 *  - a self-closed `<script/>` or `<style/>` (SVG) has no body; a self-closed `<iframe/>`
 *    gets its end tag, as its author meant;
 *  - a script body holding `<!--` may be in the tokenizer's "escaped" state, where the first
 *    `</script>` does not end it; from there on the rest goes to the parser unchanged, as does
 *    everything after an unclosed comment, raw-text element or `<plaintext>`.
 * Every search moves forward, so the scan is linear in the page.
 */
const START = /<!--|<(script|style|svg|textarea|title|xmp|iframe|noembed|noframes|plaintext)(?=[\s/>])/gi;

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

export function stripRawText(html: string): string {
  const start = new RegExp(START.source, 'gi');
  // Next `--!>` (a rare comment end), found again only when passed, so the scan stays linear.
  let bang = html.indexOf('--!>');
  let out = '';
  let last = 0;
  for (let m = start.exec(html); m !== null; m = start.exec(html)) {
    const at = m.index;
    if (m[1] === undefined) {
      // A comment: dropped, as the clean pass would drop it.
      let end: number;
      if (html.startsWith('>', at + 4)) end = at + 5;
      else if (html.startsWith('->', at + 4)) end = at + 6;
      else {
        const a = html.indexOf('-->', at + 4);
        if (bang >= 0 && bang < at + 4) bang = html.indexOf('--!>', at + 4);
        const b = bang;
        if (a < 0 && b < 0) break;
        end = b >= 0 && (a < 0 || b < a) ? b + 4 : a + 3;
      }
      out += html.slice(last, at);
      last = end;
      start.lastIndex = end;
      continue;
    }
    const tag = m[1].toLowerCase();
    if (tag === 'plaintext') break;
    const open = tagEnd(html, at + m[0].length);
    if (open < 0) break;
    if (html.charCodeAt(open - 2) === 0x2f) {
      // Self-closed: in SVG a real empty element; in HTML the parser ignores the slash, so
      // leave the rest to it.
      if (tag === 'svg') {
        start.lastIndex = open;
        continue;
      }
      if (tag === 'script' || tag === 'style') break;
      // `<iframe ... />` (a Tag Manager snippet in <noscript>) would make the rest of the page
      // the iframe's text; its author, and a browser running scripts, see it closed.
      if (tag !== 'title') {
        out += `${html.slice(last, open)}</${tag}>`;
        last = open;
      }
      start.lastIndex = open;
      continue;
    }
    const close = closer(tag);
    close.lastIndex = open;
    const cm = close.exec(html);
    if (!cm) break;
    if (tag === 'svg') {
      // Drawings never reach the output (their text is not the page's); a nested <svg> would
      // end at the inner close tag, so such a drawing is left to the parser.
      if (/<svg[\s/>]/i.test(html.slice(open, cm.index))) {
        start.lastIndex = open;
        continue;
      }
      out += html.slice(last, open);
      last = cm.index;
    } else if (tag === 'script' || tag === 'style') {
      if (tag === 'script' && html.slice(open, cm.index).includes('<!--')) break;
      out += html.slice(last, open);
      last = cm.index;
    }
    start.lastIndex = cm.index + cm[0].length;
  }
  return last === 0 ? html : out + html.slice(last);
}
