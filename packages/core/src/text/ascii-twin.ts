// V8 compiles a regular expression on its first use, and one with Unicode property classes
// (\p{L}, \p{Lu}...) costs about a million instructions to compile: the class is hundreds of
// ranges, built through ICU. A one-page PDF ran some twenty of them, a tenth of a cold
// `distill parse` of one page, on text of ASCII letters with a few typographic marks (’ – • …).
// On such a string each property class matches exactly its members among those characters, so a
// twin with the classes spelled out over them gives the same result and compiles for the price
// of an ordinary expression; the Unicode original compiles only when a string needs it.

/** The characters a twin covers beyond ASCII: the typography of ordinary Latin text. */
const TYPOGRAPHY =
  '\u00a0\u00a3\u00a9\u00ab\u00ae\u00b0\u00b7\u00bb\u00d7\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u2122';

/** Each supported property's members among ASCII and TYPOGRAPHY, as the body of a character class. */
const MEMBERS: Readonly<Record<string, string>> = {
  L: 'A-Za-z',
  Lu: 'A-Z',
  Ll: 'a-z',
  N: '0-9',
  Nd: '0-9',
  P: '!-#%-*,-/:;?@\\[-\\]_{}\u00ab\u00b7\u00bb\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026',
  S: '$+<->^`|~\u00a3\u00a9\u00ae\u00b0\u00d7\u20ac\u2122',
  Mn: '',
  Cf: '',
};

/** A character the twin does not cover. */
const UNCOVERED = new RegExp(`[^\\0-\\x7f${TYPOGRAPHY}]`);

/** A regular expression with Unicode property classes and its twin for plain text, picked per string. */
export interface AsciiTwin {
  /** The expression to run on `s`: the twin when it covers every character of `s`, else the original. */
  for(s: string): RegExp;
  test(s: string): boolean;
  exec(s: string): RegExpExecArray | null;
}

/**
 * Wraps `re` (with the `u` flag) so that strings of ASCII and common typography run a twin. `test` and
 * `exec` are for expressions without the `g` or `y` flag (they keep no lastIndex); use
 * `for(s)` with `replace`, `split` or `match`. An expression whose classes this cannot spell out
 * is used as it is for every string.
 */
export function asciiTwin(re: RegExp): AsciiTwin {
  // The v flag reads classes differently (set operations, more to escape): left as it is.
  const source = re.flags.includes('v') ? undefined : twinSource(re.source);
  const twin = source === undefined ? re : new RegExp(source, re.flags);
  const pick = (s: string): RegExp => (UNCOVERED.test(s) ? re : twin);
  return {
    for: pick,
    test: (s) => pick(s).test(s),
    exec: (s) => pick(s).exec(s),
  };
}

/** `source` with every \p{…}/\P{…} spelled out over the covered characters, or undefined if one cannot be. */
export function twinSource(source: string): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (next === 'p' || next === 'P') {
        const close = source.indexOf('}', i);
        if (source[i + 2] !== '{' || close < 0) return undefined;
        const members = MEMBERS[source.slice(i + 3, close)];
        if (members === undefined) return undefined;
        if (next === 'P') {
          // Inside a class the complement cannot be written as a part of it.
          if (inClass) return undefined;
          out += `[^${members}]`;
        } else out += inClass ? members : `[${members}]`;
        i = close;
        continue;
      }
      out += c + (next ?? '');
      i++;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}
