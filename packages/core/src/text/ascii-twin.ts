// V8 compiles a regular expression on its first use, and one with Unicode property classes
// (\p{L}, \p{Lu}...) costs about a million instructions to compile: the class is hundreds of
// ranges, built through ICU. A one-page PDF ran some twenty of them, a tenth of a cold
// `distill parse` of one page. On a string made only of characters from a few blocks, each
// property class matches exactly its members among them, so a twin with the classes spelled out
// over those blocks gives the same result and compiles for a tenth of the price (the Lu twin,
// about 45 ranges, 0.11 M instructions against 1.26 M; the ASCII-only twin it replaces cost 0.07
// M but did not cover "é", "ß" or "α", so a page of French, German or Greek, or one Greek letter
// in a formula, compiled every original). The Unicode original compiles only when a string has a
// character outside the blocks.

/**
 * The characters a twin covers: ASCII, Latin-1 (the accented letters of western European
 * languages), Greek, basic Cyrillic, and the punctuation, currency, letterlike, arrow and
 * mathematical symbols of ordinary text; assigned code points only, so that a later Unicode
 * giving a reserved one a category cannot part the twin from its original.
 */
const BLOCKS =
  '\\x00-\\x7f\\u00a0-\\u00ff\\u0370-\\u0377\\u037a-\\u037f\\u0384-\\u038a\\u038c\\u038e-\\u03a1\\u03a3-\\u045f\\u2000-\\u2064\\u2066-\\u206f\\u20a0-\\u20bf\\u2100-\\u214f\\u2190-\\u22ff';

/**
 * Each supported property's members in BLOCKS, as the body of a character class: written
 * out by testing every covered code point against the property (ascii-twin.test.ts checks them
 * all against the engine's own classes).
 */
const MEMBERS: Readonly<Record<string, string>> = {
  L: 'A-Za-z\\u00aa\\u00b5\\u00ba\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u00ff\\u0370-\\u0374\\u0376\\u0377\\u037a-\\u037d\\u037f\\u0386\\u0388-\\u038a\\u038c\\u038e-\\u03a1\\u03a3-\\u03f5\\u03f7-\\u045f\\u2102\\u2107\\u210a-\\u2113\\u2115\\u2119-\\u211d\\u2124\\u2126\\u2128\\u212a-\\u212d\\u212f-\\u2139\\u213c-\\u213f\\u2145-\\u2149\\u214e',
  Lu: 'A-Z\\u00c0-\\u00d6\\u00d8-\\u00de\\u0370\\u0372\\u0376\\u037f\\u0386\\u0388-\\u038a\\u038c\\u038e\\u038f\\u0391-\\u03a1\\u03a3-\\u03ab\\u03cf\\u03d2-\\u03d4\\u03d8\\u03da\\u03dc\\u03de\\u03e0\\u03e2\\u03e4\\u03e6\\u03e8\\u03ea\\u03ec\\u03ee\\u03f4\\u03f7\\u03f9\\u03fa\\u03fd-\\u042f\\u2102\\u2107\\u210b-\\u210d\\u2110-\\u2112\\u2115\\u2119-\\u211d\\u2124\\u2126\\u2128\\u212a-\\u212d\\u2130-\\u2133\\u213e\\u213f\\u2145',
  Ll: 'a-z\\u00b5\\u00df-\\u00f6\\u00f8-\\u00ff\\u0371\\u0373\\u0377\\u037b-\\u037d\\u0390\\u03ac-\\u03ce\\u03d0\\u03d1\\u03d5-\\u03d7\\u03d9\\u03db\\u03dd\\u03df\\u03e1\\u03e3\\u03e5\\u03e7\\u03e9\\u03eb\\u03ed\\u03ef-\\u03f3\\u03f5\\u03f8\\u03fb\\u03fc\\u0430-\\u045f\\u210a\\u210e\\u210f\\u2113\\u212f\\u2134\\u2139\\u213c\\u213d\\u2146-\\u2149\\u214e',
  N: '0-9\\u00b2\\u00b3\\u00b9\\u00bc-\\u00be',
  Nd: '0-9',
  P: '\\x21-\\x23\\x25-\\x2a\\x2c-\\x2f\\x3a\\x3b\\x3f\\x40\\x5b-\\x5d\\x5f\\x7b\\x7d\\u00a1\\u00a7\\u00ab\\u00b6\\u00b7\\u00bb\\u00bf\\u037e\\u0387\\u2010-\\u2027\\u2030-\\u2043\\u2045-\\u2051\\u2053-\\u205e',
  S: '\\x24\\x2b\\x3c-\\x3e\\x5e\\x60\\x7c\\x7e\\u00a2-\\u00a6\\u00a8\\u00a9\\u00ac\\u00ae-\\u00b1\\u00b4\\u00b8\\u00d7\\u00f7\\u0375\\u0384\\u0385\\u03f6\\u2044\\u2052\\u20a0-\\u20bf\\u2100\\u2101\\u2103-\\u2106\\u2108\\u2109\\u2114\\u2116-\\u2118\\u211e-\\u2123\\u2125\\u2127\\u2129\\u212e\\u213a\\u213b\\u2140-\\u2144\\u214a-\\u214d\\u214f\\u2190-\\u22ff',
  Mn: '',
  Cf: '\\u00ad\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f',
};

/** A character the twin does not cover. */
const UNCOVERED = new RegExp(`[^${BLOCKS}]`);

/** Whether a twin covers every character of `s`. */
export const twinCovers = (s: string): boolean => !UNCOVERED.test(s);

/** A regular expression with Unicode property classes and its twin for plain text, picked per string. */
export interface AsciiTwin {
  /** The expression to run on `s`: the twin when it covers every character of `s`, else the original. */
  for(s: string): RegExp;
  test(s: string): boolean;
  exec(s: string): RegExpExecArray | null;
}

/**
 * A twin for the expression `source` with `flags` (which hold `u`). `test` and `exec` are for
 * expressions without the `g` or `y` flag (they keep no lastIndex); use `for(s)` with `replace`,
 * `split` or `match`. An expression whose classes this cannot spell out is used as it is for
 * every string. Takes the source rather than a RegExp because V8 parses a pattern when the
 * expression is made, and each \p{…} class is built through ICU then (some 0.5 M instructions):
 * made on demand, the original costs nothing on text the twin covers (a one-page PDF: −15 M of
 * 343 M for the whole command).
 */
export function asciiTwin(source: string, flags: string): AsciiTwin {
  let original: RegExp | undefined;
  const full = (): RegExp => {
    original ??= new RegExp(source, flags);
    return original;
  };
  // The v flag reads classes differently (set operations, more to escape): left as it is.
  const spelled = flags.includes('v') ? undefined : twinSource(source);
  const twin = spelled === undefined ? full() : new RegExp(spelled, flags);
  // Once the original is compiled it answers every string as the twin would: no more scans.
  const pick = (s: string): RegExp => original ?? (twinCovers(s) ? twin : full());
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
