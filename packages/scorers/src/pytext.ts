// Python's notion of whitespace and line boundaries, so ports of Python scorers split and
// collapse text exactly as the reference does (JS `\s` and `trim()` differ on \x1c-\x1f, \x85, \ufeff).

/** Characters for which Python's `str.isspace()` is true (what `\s` matches in Python 3 `re`). */
export const PY_WS =
  '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const wsRun = new RegExp(`[${PY_WS}]+`, 'g');
const leadWs = new RegExp(`^[${PY_WS}]+`);
const trailWs = new RegExp(`[${PY_WS}]+$`);

/** Python `s.strip()`. */
export function pyStrip(s: string): string {
  return s.replace(leadWs, '').replace(trailWs, '');
}

/** Python `re.sub(r"\s+", " ", s).strip()`. */
export function collapseWs(s: string): string {
  return pyStrip(s.replace(wsRun, ' '));
}

/** Python `s.splitlines(keepends)`: splits on every Unicode line boundary Python knows. */
export function splitlines(s: string, keepends = false): string[] {
  const out: string[] = [];
  const re = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g;
  let last = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    out.push(s.slice(last, keepends ? m.index + m[0].length : m.index));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}

/** Python `html.escape(s, quote=True)`. */
export function htmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

// The named entities that occur in practice in converter output and peers' HTML. Python's
// html.unescape knows all of HTML5's; the rest are left as written (noted in README).
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  laquo: '\u00ab',
  raquo: '\u00bb',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  para: '\u00b6',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
};

/** Python `html.unescape` for numeric references and the common named entities. */
export function htmlUnescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)/g, (m, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X';
      const n = Number.parseInt(body.slice(hex ? 2 : 1).replace(';', ''), hex ? 16 : 10);
      if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(n);
    }
    const name = body.endsWith(';') ? body.slice(0, -1) : body;
    const v = NAMED[name];
    return v === undefined ? m : v;
  });
}

/** Code points of a string (Python indexes strings by code point, JS by UTF-16 unit). */
export function codePoints(s: string): Int32Array {
  const out = new Int32Array(s.length);
  let n = 0;
  for (const ch of s) out[n++] = ch.codePointAt(0)!;
  return out.subarray(0, n);
}
