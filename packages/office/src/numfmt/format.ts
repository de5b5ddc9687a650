import { builtinFormat } from './builtin.js';
import { MONTHS, serialToParts } from './date.js';
import { type Condition, type Section, splitSections, type Token, tokenize } from './tokens.js';

/**
 * Excel number formats rendered to the string Excel displays: General, decimals, thousands,
 * percent, scientific, fractions, currency and literals, conditions and colours (ignored),
 * dates and times in the 1900 and 1904 systems, elapsed time, and text sections.
 */
export interface NumFmtOptions {
  date1904?: boolean;
}

/** What Excel shows for a date that falls outside its calendar (negative or past 9999). */
export const DATE_OVERFLOW = '########';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const cache = new Map<string, Section[]>();

/** Locale codes that stand for the system's long date and time formats (en-US forms). */
function systemFormats(code: string): string {
  if (/\[\$-F800\]/i.test(code)) return 'dddd, mmmm d, yyyy';
  if (/\[\$-F400\]/i.test(code)) return 'hh:mm:ss';
  return code;
}

function sectionsOf(code: string): Section[] {
  let s = cache.get(code);
  if (!s) {
    s = splitSections(systemFormats(code)).map(tokenize);
    if (cache.size > 2000) cache.clear();
    cache.set(code, s);
  }
  return s;
}

/** Excel's General format: at most 11 characters of digits, then scientific notation. */
export function formatGeneral(v: number): string {
  if (!Number.isFinite(v)) return v > 0 ? '#NUM!' : v < 0 ? '-#NUM!' : '#NUM!';
  if (v === 0) return '0';
  const a = Math.abs(v);
  const e = Math.floor(Math.log10(a));
  let out: string;
  if (e >= 11 || e < -9) out = expGeneral(v);
  else if (e >= -4 && e <= -1) out = stripZeros(v.toPrecision(10 + e));
  else {
    out = stripZeros(v.toFixed(Math.max(0, 10 - e)));
    if (out.length > (v < 0 ? 12 : 11)) out = stripZeros(v.toPrecision(10));
    if (out.length > (v < 0 ? 12 : 11)) out = expGeneral(v);
  }
  if (/e/.test(out)) out = expGeneral(v);
  return out;
}

function expGeneral(v: number): string {
  const s = v.toExponential(5); // d.ddddde±x
  const m = /^(-?\d)(?:\.(\d*?))?0*e([+-])(\d+)$/.exec(s)!;
  const mant = m[2] ? `${m[1]}.${m[2]}` : m[1];
  return `${mant}E${m[3]}${m[4].padStart(2, '0')}`;
}

function stripZeros(s: string): string {
  if (!s.includes('.') || /e/i.test(s)) return s;
  return s.replace(/\.?0+$/, '');
}

function test(cond: Condition, v: number): boolean {
  switch (cond.op) {
    case '<':
      return v < cond.value;
    case '>':
      return v > cond.value;
    case '=':
      return v === cond.value;
    case '<=':
      return v <= cond.value;
    case '>=':
      return v >= cond.value;
    case '<>':
      return v !== cond.value;
  }
}

/** Picks the section for a number and whether its sign is already shown by the section. */
function pick(sections: Section[], v: number): { sec: Section; abs: boolean } | undefined {
  // A section with '@' and no digit placeholders is the text section, wherever it stands.
  let numeric = sections.filter((s) => !(s.hasText && !s.hasNumber && !s.isDate));
  if (numeric.length === 0) numeric = sections.slice(0, 1);
  if (numeric.some((s) => s.cond)) {
    const [a, b, c] = numeric;
    if (a?.cond && test(a.cond, v)) return { sec: a, abs: false };
    if (b?.cond) {
      if (test(b.cond, v)) return { sec: b, abs: v < 0 };
      return c ? { sec: c, abs: v < 0 } : undefined;
    }
    if (b) return { sec: b, abs: v < 0 && !!a?.cond && a.cond.op.includes('<') === false };
    return { sec: a, abs: false };
  }
  if (v > 0 || (v === 0 && numeric.length < 3)) {
    if (v === 0 && numeric.length === 2) return { sec: numeric[0], abs: false };
    return { sec: numeric[0], abs: false };
  }
  if (v < 0) return numeric.length >= 2 ? { sec: numeric[1], abs: true } : { sec: numeric[0], abs: false };
  return { sec: numeric[2], abs: false };
}

/** Formats a number with a format code or a built-in format id. */
export function formatNumber(v: number, code: string | number = 'General', opts: NumFmtOptions = {}): string {
  const fmt = typeof code === 'number' ? builtinFormat(code) : code;
  if (fmt === '' || /^general$/i.test(fmt)) return formatGeneral(v);
  const sections = sectionsOf(fmt);
  const chosen = pick(sections, v);
  if (!chosen) return DATE_OVERFLOW;
  const { sec } = chosen;
  let value = chosen.abs ? Math.abs(v) : v;
  if (sec.isDate) return formatDate(sec.tokens, value, opts.date1904 ?? false);
  // A section with only text and no placeholders shows the number as General in place of '@'.
  if (!sec.hasNumber) {
    const sign = value < 0 && !chosen.abs ? '-' : '';
    const onlyText = sec.tokens.some((k) => k.t === 'text');
    return sec.tokens
      .map((k) => (k.t === 'lit' ? k.v : k.t === 'text' ? formatGeneral(v) : ''))
      .join('')
      .replace(/^/, onlyText ? '' : sign);
  }
  if (sec.tokens.some((k) => k.t === 'general')) {
    const neg = value < 0;
    if (neg) value = -value;
    const body = sec.tokens
      .map((k) => (k.t === 'lit' ? k.v : k.t === 'general' ? formatGeneral(value) : ''))
      .join('');
    return (neg ? '-' : '') + body;
  }
  return formatNumeric(sec.tokens, value);
}

/** Formats text with a format's text section (the fourth, or a single section holding `@`). */
export function formatText(s: string, code: string | number = 'General'): string {
  const fmt = typeof code === 'number' ? builtinFormat(code) : code;
  if (fmt === '' || /^general$/i.test(fmt)) return s;
  const sections = sectionsOf(fmt);
  const sec = sections[3] ?? (sections.length === 1 && sections[0].hasText ? sections[0] : undefined);
  if (!sec) return s;
  return sec.tokens.map((k) => (k.t === 'lit' ? k.v : k.t === 'text' ? s : '')).join('');
}

/** Formats any cell value: numbers by the code, booleans as TRUE/FALSE, text by the text section. */
export function formatValue(
  value: number | string | boolean,
  code: string | number = 'General',
  opts: NumFmtOptions = {},
): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return formatText(value, code);
  return formatNumber(value, code, opts);
}

/** Whether a format shows dates or times (for readers that must tell date cells apart). */
export function isDateFormat(code: string | number): boolean {
  const fmt = typeof code === 'number' ? builtinFormat(code) : code;
  return sectionsOf(fmt)[0]?.isDate ?? false;
}

// ---- dates --------------------------------------------------------------------------------

function formatDate(tokens: Token[], v: number, date1904: boolean): string {
  const sub = tokens.find((k): k is Extract<Token, { t: 'sub' }> => k.t === 'sub');
  const subDigits = sub ? Math.min(sub.n, 3) : 0;
  const elapsedOnly = tokens.some((k) => k.t === 'elapsed');
  if (v < 0) return DATE_OVERFLOW;
  const neg = false;
  const p = serialToParts(v, elapsedOnly ? false : date1904, subDigits);
  if (!p) return DATE_OVERFLOW;
  const ampm = tokens.some((k) => k.t === 'ampm');
  // A run of m means minutes when it follows hours or precedes seconds.
  const kinds = tokens.map((k, i) => {
    if (k.t !== 'date' || k.v[0] !== 'm' || k.v.length > 2) return undefined;
    for (let j = i - 1; j >= 0; j--) {
      const b = tokens[j];
      if (b.t === 'date' || b.t === 'elapsed') {
        if (b.t === 'elapsed' ? b.unit === 'h' : b.v[0] === 'h') return 'min';
        break;
      }
    }
    for (let j = i + 1; j < tokens.length; j++) {
      const a = tokens[j];
      if (a.t === 'date' || a.t === 'elapsed') {
        if (a.t === 'elapsed' ? a.unit === 's' : a.v[0] === 's') return 'min';
        break;
      }
    }
    return undefined;
  });
  const totalSeconds = p.days * 86400 + Math.floor(p.secondsOfDay);
  let out = neg ? '-' : '';
  tokens.forEach((k, i) => {
    switch (k.t) {
      case 'lit':
        out += k.v;
        break;
      case 'date': {
        const n = k.v.length;
        switch (k.v[0]) {
          case 'y':
            out += n <= 2 ? String(p.y % 100).padStart(2, '0') : String(p.y).padStart(4, '0');
            break;
          case 'm':
            if (kinds[i] === 'min') out += n === 1 ? String(p.M) : String(p.M).padStart(2, '0');
            else if (n === 1) out += String(p.m);
            else if (n === 2) out += String(p.m).padStart(2, '0');
            else if (n === 3) out += MONTHS[p.m - 1].slice(0, 3);
            else if (n === 5) out += MONTHS[p.m - 1][0];
            else out += MONTHS[p.m - 1];
            break;
          case 'd':
            if (n === 1) out += String(p.d);
            else if (n === 2) out += String(p.d).padStart(2, '0');
            else if (n === 3) out += DAYS[p.dow].slice(0, 3);
            else out += DAYS[p.dow];
            break;
          case 'h': {
            let h = p.H;
            if (ampm) h = h % 12 === 0 ? 12 : h % 12;
            out += n === 1 ? String(h) : String(h).padStart(2, '0');
            break;
          }
          case 's':
            out += n === 1 ? String(p.S) : String(p.S).padStart(2, '0');
            break;
        }
        break;
      }
      case 'elapsed': {
        const val =
          k.unit === 'h'
            ? Math.floor(totalSeconds / 3600)
            : k.unit === 'm'
              ? Math.floor(totalSeconds / 60)
              : totalSeconds;
        out += String(val).padStart(k.n, '0');
        break;
      }
      case 'ampm': {
        const pm = p.H >= 12;
        if (k.v.toUpperCase() === 'AM/PM') out += pm ? 'PM' : 'AM';
        else {
          const c = pm ? k.v[2] : k.v[0];
          out += c;
        }
        break;
      }
      case 'sub': {
        const digits = Math.round(p.sub * 10 ** subDigits)
          .toString()
          .padStart(subDigits, '0');
        out += `.${digits.slice(0, k.n).padEnd(k.n, '0')}`;
        break;
      }
      default:
        break;
    }
  });
  return out;
}

// ---- numbers ------------------------------------------------------------------------------

/** Digits of |v| rounded half away from zero at `decimals`, as integer and fraction strings. */
export function roundDigits(a: number, decimals: number): { int: string; frac: string } {
  // 15 significant digits first, as Excel keeps, so binary noise (1.005) rounds as written.
  const exp = a === 0 ? '0e+0' : a.toExponential(14);
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exp);
  if (!m) {
    const s = a.toFixed(decimals);
    const [i, f = ''] = s.split('.');
    return { int: i, frac: f };
  }
  const digits = (m[1] + (m[2] ?? '')).split('').map(Number);
  let point = Number(m[3]) + 1; // digits before the decimal point
  if (point < 0) {
    digits.unshift(...new Array(-point).fill(0));
    point = 0;
  }
  const keep = point + decimals;
  if (keep < digits.length) {
    const roundUp = keep >= 0 && digits[keep] >= 5;
    digits.length = Math.max(0, keep);
    if (roundUp) {
      let k = digits.length - 1;
      while (k >= 0 && digits[k] === 9) {
        digits[k] = 0;
        k--;
      }
      if (k >= 0) digits[k]++;
      else {
        digits.unshift(1);
        point++;
      }
    }
  }
  while (digits.length < point + decimals) digits.push(0);
  const int = digits.slice(0, point).join('').replace(/^0+/, '');
  const frac = digits.slice(point, point + decimals).join('');
  return { int, frac };
}

const group = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

interface Parts {
  pre: Token[];
  int: Token[];
  frac: Token[];
}

/** Fills integer placeholders right to left; digits beyond them go into the leftmost one. */
function fillInt(tokens: Token[], digits: string, thousands: boolean): string {
  const phs = tokens.filter((k) => k.t === 'ph').length;
  const literalsInside = tokens.some((k) => k.t === 'lit');
  if (!literalsInside) {
    let s = digits;
    // Every placeholder right of the leftmost '0' shows a digit ("0#" shows 1 as 01).
    const phList = tokens.filter((k): k is Extract<Token, { t: 'ph' }> => k.t === 'ph');
    const firstZero = phList.findIndex((k) => k.v === '0');
    const zeros = firstZero < 0 ? 0 : phList.length - firstZero;
    if (s.length < zeros) s = s.padStart(zeros, '0');
    if (thousands) s = group(s);
    const q = tokens.filter((k) => k.t === 'ph' && k.v === '?').length;
    if (s.replace(/,/g, '').length < zeros + q) s = s.padStart(zeros + q, ' ');
    return s;
  }
  const out: string[] = new Array(tokens.length).fill('');
  let di = digits.length - 1;
  let seen = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const k = tokens[i];
    if (k.t === 'lit') {
      out[i] = k.v;
      continue;
    }
    if (k.t !== 'ph') continue;
    seen++;
    if (seen === phs) {
      out[i] = digits.slice(0, di + 1) || (k.v === '0' ? '0' : k.v === '?' ? ' ' : '');
      di = -1;
    } else if (di >= 0) out[i] = digits[di--];
    else out[i] = k.v === '0' ? '0' : k.v === '?' ? ' ' : '';
  }
  return out.join('');
}

function fillFrac(tokens: Token[], digits: string): string {
  const out: string[] = [];
  const phIdx: number[] = [];
  let d = 0;
  for (const k of tokens) {
    if (k.t === 'lit') out.push(k.v);
    else if (k.t === 'ph') {
      phIdx.push(out.length);
      out.push(digits[d++] ?? '0');
    }
  }
  // Trailing zeros vanish under '#' and turn to spaces under '?'.
  const phTokens = tokens.filter((k): k is Extract<Token, { t: 'ph' }> => k.t === 'ph');
  for (let j = phIdx.length - 1; j >= 0; j--) {
    if (out[phIdx[j]] !== '0' || phTokens[j].v === '0') break;
    out[phIdx[j]] = phTokens[j].v === '?' ? ' ' : '';
  }
  return out.join('');
}

function split(tokens: Token[]): Parts & { post: Token[] } {
  const firstPh = tokens.findIndex((k) => k.t === 'ph' || k.t === 'dot');
  let lastPh = -1;
  tokens.forEach((k, i) => {
    if (k.t === 'ph' || k.t === 'dot' || k.t === 'comma') lastPh = i;
  });
  if (firstPh < 0) return { pre: tokens, int: [], frac: [], post: [] };
  const pre = tokens.slice(0, firstPh);
  const body = tokens.slice(firstPh, lastPh + 1);
  const post = tokens.slice(lastPh + 1);
  const dot = body.findIndex((k) => k.t === 'dot');
  return {
    pre,
    int: dot < 0 ? body : body.slice(0, dot),
    frac: dot < 0 ? [] : body.slice(dot + 1),
    post,
  };
}

const text = (tokens: Token[]) =>
  tokens.map((k) => (k.t === 'lit' ? k.v : k.t === 'pct' ? '%' : k.t === 'comma' ? ',' : '')).join('');

function formatNumeric(tokens: Token[], v: number): string {
  const neg = v < 0;
  let a = Math.abs(v);
  const pct = tokens.filter((k) => k.t === 'pct').length;
  a *= 100 ** pct;
  if (tokens.some((k) => k.t === 'slash')) {
    const frac = formatFraction(tokens, a, neg);
    if (frac !== undefined) return frac;
  }
  const e = tokens.findIndex((k) => k.t === 'exp');
  if (e >= 0) return (neg ? '-' : '') + formatScientific(tokens, e, a);
  const { pre, int, frac, post } = split(tokens);
  // Commas right after the last integer placeholder scale by 1000; commas between placeholders group.
  let thousands = false;
  let scale = 0;
  for (let i = 0; i < int.length; i++) {
    if (int[i].t !== 'comma') continue;
    const later = int.slice(i + 1).some((k) => k.t === 'ph');
    if (later) thousands = true;
    else scale++;
  }
  for (const k of frac) if (k.t === 'comma') scale++;
  a /= 1000 ** scale;
  const decimals = frac.filter((k) => k.t === 'ph').length;
  const r = roundDigits(a, decimals);
  const intTokens = int.filter((k) => k.t !== 'comma');
  const fracTokens = frac.filter((k) => k.t !== 'comma');
  const intStr = fillInt(intTokens, r.int, thousands);
  const fracStr =
    frac.length > 0 || tokens.some((k) => k.t === 'dot') ? `.${fillFrac(fracTokens, r.frac)}` : '';
  const isZero = /^0*$/.test(r.int) && /^0*$/.test(r.frac);
  return (neg && !isZero ? '-' : '') + text(pre) + intStr + fracStr + text(post);
}

function formatScientific(tokens: Token[], e: number, a: number): string {
  const mant = tokens.slice(0, e);
  const after = tokens.slice(e + 1);
  const expDigits = after.filter((k) => k.t === 'ph').length;
  const tailStart = after.findIndex((k) => k.t !== 'ph');
  const tail = tailStart < 0 ? [] : after.slice(tailStart);
  const { pre, int, frac } = split(mant);
  const intPh = int.filter((k) => k.t === 'ph');
  const decimals = frac.filter((k) => k.t === 'ph').length;
  const period = intPh.length > 1 && intPh.some((k) => k.v === '#') ? intPh.length : 1;
  const lead = period === 1 ? Math.max(1, intPh.length) : 1;
  let exp = a === 0 ? 0 : Math.floor(Math.log10(a));
  if (period > 1) exp = Math.floor(exp / period) * period;
  else exp -= lead - 1;
  let m = a === 0 ? 0 : a / 10 ** exp;
  let r = roundDigits(m, decimals);
  if (period === 1 && r.int.length > lead) {
    exp += 1;
    m = a / 10 ** exp;
    r = roundDigits(m, decimals);
  } else if (period > 1 && r.int.length > period) {
    exp += period;
    m = a / 10 ** exp;
    r = roundDigits(m, decimals);
  }
  const intStr = fillInt(
    int.filter((k) => k.t !== 'comma'),
    r.int,
    false,
  );
  const fracStr = frac.length > 0 ? `.${fillFrac(frac, r.frac)}` : '';
  const sign = exp < 0 ? '-' : (tokens[e] as { sign: string }).sign === '+' ? '+' : '';
  return `${text(pre)}${intStr}${fracStr}E${sign}${String(Math.abs(exp)).padStart(expDigits, '0')}${text(tail)}`;
}

/** The continued-fraction approximation Excel uses (SSF's frac). */
function approximate(x: number, maxDen: number): [number, number] {
  let b = x;
  let p2 = 0;
  let p1 = 1;
  let p = 0;
  let q2 = 1;
  let q1 = 0;
  let q = 0;
  while (q1 < maxDen) {
    const ai = Math.floor(b);
    p = ai * p1 + p2;
    q = ai * q1 + q2;
    if (b - ai < 0.00000005) break;
    b = 1 / (b - ai);
    p2 = p1;
    p1 = p;
    q2 = q1;
    q1 = q;
  }
  if (q > maxDen) {
    if (q1 > maxDen) {
      q = q2;
      p = p2;
    } else {
      q = q1;
      p = p1;
    }
  }
  return [p, q];
}

function formatFraction(tokens: Token[], a: number, neg: boolean): string | undefined {
  const slash = tokens.findIndex((k) => k.t === 'slash');
  const left = tokens.slice(0, slash);
  const right = tokens.slice(slash + 1);
  // Denominator: placeholders or fixed digits right after the slash.
  let denEnd = 0;
  while (denEnd < right.length && (right[denEnd].t === 'ph' || right[denEnd].t === 'digit')) denEnd++;
  const denTokens = right.slice(0, denEnd);
  if (denTokens.length === 0) return undefined;
  const post = right.slice(denEnd);
  // Numerator: the placeholder run just before the slash; an earlier run is the whole part.
  let numStart = left.length;
  while (numStart > 0 && left[numStart - 1].t === 'ph') numStart--;
  const numTokens = left.slice(numStart);
  if (numTokens.length === 0) return undefined;
  const before = left.slice(0, numStart);
  let wholeEnd = -1;
  for (let i = before.length - 1; i >= 0; i--) {
    if (before[i].t === 'ph') {
      wholeEnd = i;
      break;
    }
  }
  let wholeStart = wholeEnd;
  while (wholeStart > 0 && (before[wholeStart - 1].t === 'ph' || before[wholeStart - 1].t === 'comma'))
    wholeStart--;
  const mixed = wholeEnd >= 0;
  const pre = mixed ? before.slice(0, wholeStart) : before;
  const wholeTokens = mixed ? before.slice(wholeStart, wholeEnd + 1) : [];
  const sep = mixed ? before.slice(wholeEnd + 1) : [];
  const fixed = denTokens.every((k) => k.t === 'digit' || (k.t === 'ph' && k.v === '0'))
    ? Number(denTokens.map((k) => (k.t === 'digit' ? k.v : '0')).join(''))
    : 0;
  const denWidth = denTokens.length;
  let whole = mixed ? Math.floor(a) : 0;
  let num: number;
  let den: number;
  const rest = a - whole;
  if (fixed > 0) {
    den = fixed;
    num = Math.round(rest * den);
    if (mixed && num === den) {
      whole++;
      num = 0;
    }
  } else {
    [num, den] = approximate(rest, 10 ** denWidth - 1);
    if (mixed && num === den) {
      whole++;
      num = 0;
    }
  }
  const numWidth = numTokens.length;
  const sign = neg ? '-' : '';
  const thousands = wholeTokens.some((k) => k.t === 'comma');
  const wholeStr = mixed
    ? fillInt(
        wholeTokens.filter((k) => k.t !== 'comma'),
        whole === 0 ? '' : String(whole),
        thousands,
      )
    : '';
  if (num === 0 && mixed) {
    const blank = ' '.repeat(text(sep).length + numWidth + 1 + denWidth);
    const w = wholeStr.trim() === '' ? '0' : wholeStr;
    return sign + text(pre) + w + blank + text(post);
  }
  const numStr = String(num).padStart(
    numWidth,
    numTokens.some((k) => k.t === 'ph' && k.v !== '0') ? ' ' : '0',
  );
  const denStr = fixed > 0 ? String(den) : String(den).padEnd(denWidth, ' ');
  const wholePart = mixed ? (whole === 0 ? wholeStr.replace(/\S/g, ' ') : wholeStr) + text(sep) : '';
  return `${sign}${text(pre)}${wholePart}${numStr}/${denStr}${text(post)}`;
}
