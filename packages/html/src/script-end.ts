import { isAlpha } from './tag-scan.js';

// Where a script body holding `<!--` ends, as the HTML tokenizer decides (WHATWG HTML
// 13.2.5.4–13.2.5.33, the script data states). Old pages wrap scripts in `<!-- … -->` and
// Amazon's, eBay's and Wix's carry `<!--` inside string literals; before this the scan gave up
// at the first such script and left the rest of the page, hundreds of kilobytes of scripts on
// those pages, to parse5's character-by-character tokenizer.

const isSpace = (c: number) => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const LT = 60;
const DASH = 45;
const GT = 62;
const SLASH = 47;
const BANG = 33;

enum S {
  Data,
  Escaped,
  EscapedDash,
  EscapedDashDash,
  DoubleEscaped,
  DoubleEscapedDash,
  DoubleEscapedDashDash,
}

/** Index past an ASCII-alpha run from `i`, and whether the run is `script` (any case). */
function word(html: string, i: number): { end: number; script: boolean } {
  let j = i;
  while (j < html.length && isAlpha(html.charCodeAt(j))) j++;
  let script = j - i === 6;
  for (let k = 0; script && k < 6; k++)
    if ((html.charCodeAt(i + k) | 32) !== 'script'.charCodeAt(k)) script = false;
  return { end: j, script };
}

/**
 * The index of the `</script` that ends the script body starting at `from`, or -1 when the body
 * runs to the end of the page (the tokenizer then reads it all as script). `from` is just past
 * the start tag's `>`.
 */
export function scriptEnd(html: string, from: number): number {
  const n = html.length;
  let s = S.Data;
  let i = from;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === LT) {
      const c1 = html.charCodeAt(i + 1);
      if (c1 === SLASH) {
        // An end tag ends the body from every state but double-escaped, which it may leave.
        const w = word(html, i + 2);
        const after = html.charCodeAt(w.end);
        const ends = w.script && (isSpace(after) || after === SLASH || after === GT);
        if (s === S.DoubleEscaped || s === S.DoubleEscapedDash || s === S.DoubleEscapedDashDash) {
          s = ends ? S.Escaped : S.DoubleEscaped;
          i = ends ? w.end + 1 : w.end;
          continue;
        }
        if (ends) return i;
        if (s !== S.Data) s = S.Escaped;
        i = w.end > i + 2 ? w.end : i + 2;
        continue;
      }
      if (s === S.Data) {
        // `<!--` opens the escaped state at its second dash (so `<!-->` closes it again).
        if (c1 === BANG && html.charCodeAt(i + 2) === DASH && html.charCodeAt(i + 3) === DASH) {
          s = S.EscapedDashDash;
          i += 4;
        } else i++;
        continue;
      }
      if (s === S.Escaped || s === S.EscapedDash || s === S.EscapedDashDash) {
        // `<script` followed by a space, `/` or `>` enters the double-escaped state.
        if (isAlpha(c1)) {
          const w = word(html, i + 1);
          const after = html.charCodeAt(w.end);
          if (w.script && (isSpace(after) || after === SLASH || after === GT)) {
            s = S.DoubleEscaped;
            i = w.end + 1;
          } else {
            s = S.Escaped;
            i = w.end;
          }
        } else {
          s = S.Escaped;
          i++;
        }
        continue;
      }
      s = S.DoubleEscaped;
      i++;
      continue;
    }
    switch (s) {
      case S.Data:
        break;
      case S.Escaped:
      case S.EscapedDash:
        s = c === DASH ? (s === S.Escaped ? S.EscapedDash : S.EscapedDashDash) : S.Escaped;
        break;
      case S.EscapedDashDash:
        s = c === DASH ? S.EscapedDashDash : c === GT ? S.Data : S.Escaped;
        break;
      case S.DoubleEscaped:
      case S.DoubleEscapedDash:
        s =
          c === DASH
            ? s === S.DoubleEscaped
              ? S.DoubleEscapedDash
              : S.DoubleEscapedDashDash
            : S.DoubleEscaped;
        break;
      case S.DoubleEscapedDashDash:
        s = c === DASH ? S.DoubleEscapedDashDash : c === GT ? S.Data : S.DoubleEscaped;
        break;
    }
    i++;
  }
  return -1;
}
