/**
 * A compact renderer of Excel number-format codes, giving the text Excel displays for a
 * value (General, fixed, thousands, percent, scientific, fractions, dates and times,
 * elapsed time, sections and conditions, literals). It serves xls and ods; it should be
 * unified with the OOXML side's renderer (src/numfmt) once both branches are merged.
 */

/** Excel's built-in formats (en-US), by index. */
export const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '"$"#,##0_);\\("$"#,##0\\)',
  6: '"$"#,##0_);[Red]\\("$"#,##0\\)',
  7: '"$"#,##0.00_);\\("$"#,##0.00\\)',
  8: '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'm/d/yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  41: '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)',
  42: '_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)',
  44: '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
  56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const stripZeros = (s: string): string =>
  s.includes('.') && !/e/i.test(s) ? s.replace(/0+$/, '').replace(/\.$/, '') : s;

function expForm(v: number, digits: number): string {
  const [m, e] = v.toExponential(digits).split('e');
  const exp = Number(e);
  return `${stripZeros(m)}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/**
 * Fixed-point text rounded as Excel rounds: on the value's 15 significant digits, halves up
 * (so 1.005 shows 1.01 and 28.5% shows 29%, where binary toFixed gives 1.00 and 28%).
 */
export function toFixedExcel(x: number, d: number): string {
  const p = 10 ** d;
  const scaled = x * p;
  if (!Number.isFinite(scaled) || Math.abs(scaled) >= 2 ** 52) return x.toFixed(d);
  const r = Math.round(Number(scaled.toPrecision(15)));
  return (r / p).toFixed(d);
}

/** Excel's General format: at most 11 characters (12 with a minus sign). */
export function formatGeneral(v: number): string {
  if (!Number.isFinite(v)) return '#NUM!';
  if (v === 0) return '0';
  const a = Math.abs(v);
  const V = Math.floor(Math.log10(a));
  if (V >= -4 && V <= -1) return stripZeros(v.toPrecision(10 + V));
  if (V >= 0 && V <= 9) {
    const w = v < 0 ? 12 : 11;
    let o = stripZeros(v.toFixed(12));
    if (o.length <= w) return o;
    o = stripZeros(v.toPrecision(10));
    if (o.length <= w) return o;
    return expForm(v, 5);
  }
  if (V === 10) return stripZeros(v.toFixed(10).slice(0, 12));
  return expForm(v, 5);
}

/** Splits a format code into sections at unquoted semicolons. */
function splitSections(fmt: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i];
    if (c === '"') {
      const j = fmt.indexOf('"', i + 1);
      const end = j < 0 ? fmt.length : j;
      cur += fmt.slice(i, end + 1);
      i = end;
    } else if (c === '\\' || c === '_' || c === '*') {
      cur += fmt.slice(i, i + 2);
      i++;
    } else if (c === '[') {
      const j = fmt.indexOf(']', i);
      const end = j < 0 ? fmt.length : j;
      cur += fmt.slice(i, end + 1);
      i = end;
    } else if (c === ';') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** The format with quoted strings and escapes removed, for classifying it. */
const bare = (s: string): string =>
  s
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(?!h\]|hh\]|m\]|mm\]|s\]|ss\])[^\]]*\]/gi, '');

export const isDateFormat = (fmt: string): boolean => {
  const b = bare(splitSections(fmt)[0]);
  return /[dmyhs]/i.test(b.replace(/General/gi, '')) && !/^[#0?,.%E+\-/ ]*$/.test(b);
};

const COND = /\[(<=|>=|<>|<|>|=)(-?[\d.]+)\]/;

function pickSection(sections: string[], v: number): { fmt: string; abs: boolean } {
  const conds = sections.map((s) => COND.exec(s));
  if (conds.some((c) => c)) {
    const test = (m: RegExpExecArray) => {
      const n = Number(m[2]);
      switch (m[1]) {
        case '<':
          return v < n;
        case '>':
          return v > n;
        case '<=':
          return v <= n;
        case '>=':
          return v >= n;
        case '=':
          return v === n;
        default:
          return v !== n;
      }
    };
    for (let i = 0; i < sections.length; i++) {
      const m = conds[i];
      if (m && test(m)) return { fmt: sections[i], abs: i > 0 && v < 0 && Number(m[2]) <= 0 };
    }
    const rest = sections.findIndex((s, i) => !conds[i] && !s.includes('@'));
    if (rest >= 0) return { fmt: sections[rest], abs: false };
    return { fmt: sections[sections.length - 1], abs: false };
  }
  if (v < 0 && sections.length >= 2 && sections[1] !== undefined) return { fmt: sections[1], abs: true };
  if (v === 0 && sections.length >= 3) return { fmt: sections[2], abs: false };
  return { fmt: sections[0], abs: false };
}

/** Literal text of a format run: quotes, escapes, `_x` padding (a space), `*x` fill (dropped). */
function literal(fmt: string, i: number): { text: string; next: number } | undefined {
  const c = fmt[i];
  if (c === '"') {
    const j = fmt.indexOf('"', i + 1);
    const end = j < 0 ? fmt.length : j;
    return { text: fmt.slice(i + 1, end), next: end + 1 };
  }
  if (c === '\\') return { text: fmt[i + 1] ?? '', next: i + 2 };
  if (c === '_') return { text: ' ', next: i + 2 };
  if (c === '*') return { text: '', next: i + 2 };
  if (c === '[') {
    const j = fmt.indexOf(']', i);
    const end = j < 0 ? fmt.length : j;
    const inner = fmt.slice(i + 1, end);
    const cur = /^\$([^-\]]*)/.exec(inner);
    return { text: cur ? cur[1] : '', next: end + 1 };
  }
  return undefined;
}

/** Serial date to parts; 1900 system keeps Excel's phantom 29 February 1900. */
function dateParts(serial: number, date1904: boolean) {
  let days = Math.floor(serial);
  let secs = Math.round((serial - days) * 86400 * 1000) / 1000;
  if (secs >= 86400) {
    secs -= 86400;
    days++;
  }
  let y: number;
  let m: number;
  let d: number;
  let dow: number;
  if (!date1904 && days === 60) {
    y = 1900;
    m = 2;
    d = 29;
    dow = 3;
  } else {
    // Before March 1900 Excel's weekdays are one off, following its phantom leap day.
    const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 31);
    const adj = !date1904 && days > 60 ? days - 1 : days;
    const dt = new Date(base + adj * 86400000);
    y = dt.getUTCFullYear();
    m = dt.getUTCMonth() + 1;
    d = dt.getUTCDate();
    dow = dt.getUTCDay();
    if (!date1904 && days < 60) dow = (dow + 6) % 7;
    if (!date1904 && days === 0) {
      y = 1900;
      m = 1;
      d = 0;
      dow = 6;
    }
  }
  return { y, m, d, dow, secs };
}

function renderDate(fmt: string, v: number, date1904: boolean): string {
  const b = bare(fmt);
  const subMatch = /s\.(0+)/i.exec(fmt);
  const subDigits = subMatch ? Math.min(3, subMatch[1].length) : 0;
  const ampm = /AM\/PM|A\/P/i.test(b);
  // Round to the shown precision first, as Excel does (1:59:59.6 shows 2:00:00).
  const scale = 10 ** subDigits;
  const rounded = Math.round(v * 86400 * scale) / (86400 * scale);
  const p = dateParts(rounded, date1904);
  const totalSecs = Math.round(rounded * 86400 * scale) / scale;
  const hh = Math.floor(p.secs / 3600);
  const mi = Math.floor((p.secs % 3600) / 60);
  const ss = Math.floor(p.secs % 60);
  const frac = p.secs - Math.floor(p.secs);
  // Tokenise, then decide m = month or minute from its neighbours.
  type Tok = { t: string; lit?: boolean };
  const toks: Tok[] = [];
  for (let i = 0; i < fmt.length; ) {
    const lit = literal(fmt, i);
    if (lit) {
      const inner = fmt[i] === '[' ? fmt.slice(i + 1, lit.next - 1) : '';
      if (/^(h+|m+|s+)$/i.test(inner)) toks.push({ t: `[${inner.toLowerCase()}]` });
      else if (lit.text) toks.push({ t: lit.text, lit: true });
      i = lit.next;
      continue;
    }
    const rest = fmt.slice(i);
    const m =
      /^(AM\/PM|am\/pm|A\/P|a\/p|y+|m+|d+|h+|s+|0+|e+|g+|b+)/i.exec(rest) ??
      (/^\.0+/.exec(rest) as RegExpExecArray | null);
    if (m) {
      toks.push({ t: m[0] });
      i += m[0].length;
    } else {
      toks.push({ t: fmt[i], lit: true });
      i++;
    }
  }
  const isTime = (t: Tok | undefined) => t && !t.lit && /^(h+|\[h+\]|s+|\[s+\])$/i.test(t.t);
  let out = '';
  for (let k = 0; k < toks.length; k++) {
    const { t, lit } = toks[k];
    if (lit) {
      out += t;
      continue;
    }
    const lower = t.toLowerCase();
    const c = lower[0];
    if (lower === 'am/pm' || lower === 'a/p') {
      const pm = hh >= 12;
      out += lower === 'a/p' ? (pm ? 'P' : 'A') : pm ? 'PM' : 'AM';
    } else if (c === 'y' || c === 'e')
      out += lower.length <= 2 && c === 'y' ? String(p.y % 100).padStart(2, '0') : String(p.y);
    else if (c === 'd') {
      if (lower.length === 1) out += String(p.d);
      else if (lower.length === 2) out += String(p.d).padStart(2, '0');
      else if (lower.length === 3) out += DAYS[p.dow].slice(0, 3);
      else out += DAYS[p.dow];
    } else if (c === 'm') {
      // Minutes when after an hour or before seconds; otherwise the month.
      let prev: Tok | undefined;
      for (let j = k - 1; j >= 0; j--)
        if (!toks[j].lit) {
          prev = toks[j];
          break;
        }
      let next: Tok | undefined;
      for (let j = k + 1; j < toks.length; j++)
        if (!toks[j].lit) {
          next = toks[j];
          break;
        }
      const minute =
        lower.length <= 2 && (/^(h+|\[h+\])$/i.test(prev?.t ?? '') || /^(s+|\[s+\])$/i.test(next?.t ?? ''));
      if (minute) out += lower.length === 1 ? String(mi) : String(mi).padStart(2, '0');
      else if (lower.length === 1) out += String(p.m);
      else if (lower.length === 2) out += String(p.m).padStart(2, '0');
      else if (lower.length === 3) out += MONTHS[p.m - 1].slice(0, 3);
      else if (lower.length === 5) out += MONTHS[p.m - 1][0];
      else out += MONTHS[p.m - 1];
    } else if (c === 'h') {
      let h = hh;
      if (ampm) h = h % 12 === 0 ? 12 : h % 12;
      out += lower.length === 1 ? String(h) : String(h).padStart(2, '0');
    } else if (c === 's') out += lower.length === 1 ? String(ss) : String(ss).padStart(2, '0');
    else if (c === '.')
      out += `.${String(Math.round(frac * scale))
        .padStart(subDigits, '0')
        .slice(0, lower.length - 1)}`;
    else if (lower.startsWith('[h'))
      out += String(Math.floor(totalSecs / 3600)).padStart(lower.length - 2, '0');
    else if (lower.startsWith('[m'))
      out += String(Math.floor(totalSecs / 60)).padStart(lower.length - 2, '0');
    else if (lower.startsWith('[s')) out += String(Math.floor(totalSecs)).padStart(lower.length - 2, '0');
    else if (c === '0') out += t;
    else out += t;
    void isTime;
  }
  return out;
}

/** Renders digits into a placeholder pattern (`#`, `0`, `?` and literals), right to left. */
function fillInteger(pattern: string, digits: string, thousands: boolean): string {
  let d = digits === '0' ? '' : digits;
  if (thousands) d = d.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const chars: string[] = [];
  // Collect placeholders and literal pieces.
  const parts: { ph?: string; lit?: string }[] = [];
  for (let i = 0; i < pattern.length; ) {
    const lit = literal(pattern, i);
    if (lit) {
      parts.push({ lit: lit.text });
      i = lit.next;
    } else if ('#0?'.includes(pattern[i])) {
      parts.push({ ph: pattern[i] });
      i++;
    } else if (pattern[i] === ',') i++;
    else {
      parts.push({ lit: pattern[i] });
      i++;
    }
  }
  let rest = d;
  const phCount = parts.filter((p) => p.ph).length;
  let seen = 0;
  for (let k = parts.length - 1; k >= 0; k--) {
    const p = parts[k];
    if (!p.ph) {
      chars.unshift(p.lit ?? '');
      continue;
    }
    seen++;
    if (seen === phCount) {
      // The leftmost placeholder takes all remaining digits.
      if (rest.length > 0) chars.unshift(rest);
      else chars.unshift(p.ph === '0' ? '0' : p.ph === '?' ? ' ' : '');
      rest = '';
    } else if (rest.length > 0) {
      let take = rest.slice(-1);
      rest = rest.slice(0, -1);
      if (take === ',' && rest.length > 0) {
        take = rest.slice(-1) + take;
        rest = rest.slice(0, -1);
      }
      chars.unshift(take);
    } else chars.unshift(p.ph === '0' ? '0' : p.ph === '?' ? ' ' : '');
  }
  return chars.join('');
}

/** Continued-fraction convergents up to denominator `D` (as Excel, without semiconvergents). */
function fraction(x: number, D: number): [number, number] {
  let B = x;
  let [P2, P1, P] = [0, 1, 0];
  let [Q2, Q1, Q] = [1, 0, 0];
  for (let k = 0; k < 64 && Q1 < D; k++) {
    const A = Math.floor(B);
    P = A * P1 + P2;
    Q = A * Q1 + Q2;
    if (B - A < 0.00000005) break;
    B = 1 / (B - A);
    [P2, P1] = [P1, P];
    [Q2, Q1] = [Q1, Q];
  }
  if (Q > D) {
    if (Q1 > D) [Q, P] = [Q2, P2];
    else [Q, P] = [Q1, P1];
  }
  return Q === 0 ? [Math.round(x), 1] : [P, Q];
}

function renderFraction(fmtIn: string, v: number): string {
  const fmt = fmtIn
    .replace(/"([^"]*)"/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/_./g, ' ');
  const mixed = /^([^#0?]*)([#0?]+)(\s+)([#0?]+)\/([#0?]+|\d+)(.*)$/.exec(fmt);
  const improper = mixed ? undefined : /^([^#0?]*)()()([#0?]+)\/([#0?]+|\d+)(.*)$/.exec(fmt);
  const m = mixed ?? improper;
  if (!m) return formatGeneral(v);
  const [, pre, intPh, sep, numPh, denPh, post] = m;
  const sign = v < 0 ? '-' : '';
  const a = Math.abs(v);
  let whole = 0;
  let num: number;
  let den: number;
  if (/^\d+$/.test(denPh)) {
    den = Number(denPh);
    if (mixed) {
      whole = Math.floor(a);
      num = Math.round((a - whole) * den);
      if (num === den) {
        whole++;
        num = 0;
      }
    } else num = Math.round(a * den);
  } else {
    const [P, Q] = fraction(a, 10 ** denPh.length - 1);
    den = Q;
    if (mixed) {
      whole = Math.floor(P / Q);
      num = P - whole * Q;
    } else num = P;
  }
  if (mixed && num === 0) {
    const w = whole === 0 && !intPh.includes('0') ? '' : String(whole);
    return `${sign}${pre}${w}${' '.repeat(sep.length + numPh.length + 1 + denPh.length)}${post}`;
  }
  const numStr = String(num).padStart(numPh.length, ' ');
  const denStr = String(den).padEnd(denPh.length, ' ');
  const w = mixed ? (whole === 0 && !intPh.includes('0') ? ' '.repeat(intPh.length) : String(whole)) : '';
  return `${sign}${pre}${w}${mixed ? sep : ''}${numStr}/${denStr}${post}`;
}

function renderNumber(fmt: string, v: number): string {
  // Strip colours and conditions.
  let f = fmt
    .replace(/\[(Red|Black|Blue|Cyan|Green|Magenta|White|Yellow|Color\s*\d+)\]/gi, '')
    .replace(COND, '');
  const b = bare(f);
  if (/\//.test(b) && /[#0?]\s*\/\s*[#0?\d]/.test(b)) return renderFraction(f, v);
  if (!/[#0?]/.test(b)) {
    // Only literals (and perhaps General): `"-"`, `"Yes"`.
    if (/General/i.test(f)) return f.replace(/General/i, formatGeneral(v)).replace(/"([^"]*)"/g, '$1');
    let out = '';
    for (let i = 0; i < f.length; ) {
      const lit = literal(f, i);
      if (lit) {
        out += lit.text;
        i = lit.next;
      } else {
        out += f[i];
        i++;
      }
    }
    return out;
  }
  let value = v;
  const percents = (b.match(/%/g) ?? []).length;
  value *= 100 ** percents;
  // Scaling commas: commas right after the last digit placeholder divide by 1000 each.
  const scale = /([#0?])(,+)(?=[^#0?]*$)/.exec(b);
  if (scale && !/E[+-]/i.test(b)) {
    value /= 1000 ** scale[2].length;
    f = f.replace(/([#0?]),+(?=[^#0?]*$)/, '$1');
  }
  const expM = /E([+-])/i.exec(f);
  // Find the decimal point outside literals.
  let dot = -1;
  for (let i = 0; i < f.length; ) {
    const lit = literal(f, i);
    if (lit) {
      i = lit.next;
      continue;
    }
    if (f[i] === '.') {
      dot = i;
      break;
    }
    if (expM && i === expM.index) break;
    i++;
  }
  const mantEnd = expM ? expM.index : f.length;
  const intPat = dot >= 0 ? f.slice(0, dot) : f.slice(0, mantEnd);
  const decPat = dot >= 0 ? f.slice(dot + 1, mantEnd) : '';
  const decPh = (bare(decPat).match(/[#0?]/g) ?? []).length;
  const thousands = /[#0?],[#0?]/.test(bare(intPat));
  let expStr = '';
  if (expM) {
    const expPat = f.slice(mantEnd + 2);
    const expDigits = (expPat.match(/[0#?]/g) ?? []).length;
    const intPh = (bare(intPat).match(/[#0?]/g) ?? []).length;
    let exp = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
    // Engineering style: with n integer placeholders (##0), the exponent is a multiple of n.
    if (intPh > 1 && /#/.test(bare(intPat))) exp = Math.floor(exp / intPh) * intPh;
    else exp -= Math.max(0, intPh - 1);
    let mant = value / 10 ** exp;
    if (Number(Math.abs(mant).toFixed(decPh)) >= 10 ** Math.max(1, intPh) && !(intPh > 1)) {
      mant /= 10;
      exp++;
    }
    value = mant;
    const sign = exp < 0 ? '-' : expM[1] === '+' ? '+' : '';
    expStr = `E${sign}${String(Math.abs(exp)).padStart(expDigits, '0')}${expPat.replace(/[0#?]/g, '').replace(/"([^"]*)"/g, '$1')}`;
  }
  const neg = value < 0;
  const fixed = toFixedExcel(Math.abs(value), decPh);
  let [ip, dp = ''] = fixed.split('.');
  if (ip === '0' && /^#/.test(bare(intPat).replace(/[^#0?]/g, '')) && !/0/.test(bare(intPat))) ip = '';
  let intOut = fillInteger(intPat, ip === '' ? '0' : ip, thousands);
  if (ip === '0' && /0/.test(bare(intPat)))
    intOut = fillInteger(intPat.replace(/0(?=[^0]*$)/, 'X'), '', thousands).replace('X', '0');
  let decOut = '';
  if (dot >= 0) {
    let k = 0;
    // Trailing optional digits drop their zeros.
    const phs = bare(decPat).replace(/[^#0?]/g, '');
    let lastNeeded = dp.length;
    while (lastNeeded > 0 && dp[lastNeeded - 1] === '0' && phs[lastNeeded - 1] !== '0') lastNeeded--;
    for (let i = 0; i < decPat.length; ) {
      const lit = literal(decPat, i);
      if (lit) {
        decOut += lit.text;
        i = lit.next;
        continue;
      }
      const ch = decPat[i];
      if ('#0?'.includes(ch)) {
        if (k < lastNeeded) decOut += dp[k];
        else if (ch === '0') decOut += '0';
        else if (ch === '?') decOut += ' ';
        k++;
      } else if (ch !== ',') decOut += ch;
      i++;
    }
    decOut = `.${decOut}`;
  }
  const body = `${intOut}${decOut}${expStr}`;
  return neg && /[1-9]/.test(body) ? `-${body}` : body;
}

/** Text Excel displays for a number under a format code. */
export function formatNumber(fmtIn: string, v: number, date1904 = false): string {
  if (!Number.isFinite(v)) return '#NUM!';
  // The system long date and time formats, as an en-US system shows them.
  const fmt = fmtIn.startsWith('[$-F800]')
    ? 'dddd, mmmm d, yyyy'
    : fmtIn.startsWith('[$-F400]')
      ? 'hh:mm:ss'
      : fmtIn;
  if (fmt === '' || /^General$/i.test(fmt)) return formatGeneral(v);
  const all = splitSections(fmt);
  // A trailing text section (`…;@`) is not a number section.
  const sections = all.length > 1 && bare(all[all.length - 1]).includes('@') ? all.slice(0, -1) : all;
  const { fmt: sec, abs } = pickSection(sections, v);
  const val = abs ? Math.abs(v) : v;
  if (/^\s*General\s*$/i.test(bare(sec).trim()) && !/"/.test(sec)) {
    const g = formatGeneral(val);
    return sec.replace(/General/i, g).replace(/\[[^\]]*\]/g, '');
  }
  if (bare(sec).includes('@')) {
    // A number under a text section shows as General, unless the section mixes in date
    // parts, which Excel cannot show for a number (it fills the cell with #).
    return /[dmyhs]/i.test(bare(sec).replace(/AM\/PM/gi, 'h')) ? '#'.repeat(255) : formatGeneral(v);
  }
  const b = bare(sec).replace(/General/gi, '');
  if (/[dmyhs]/i.test(b.replace(/E[+-]/gi, '')) && !/[#?]/.test(b.replace(/0+/g, ''))) {
    if (val < 0) return '#'.repeat(255);
    return renderDate(sec, val, date1904);
  }
  const out = renderNumber(sec, val);
  // A lone section shows negatives with a minus sign.
  return out;
}

/** Text under a format's text section (`@`), or the text itself. */
export function formatText(fmt: string, s: string): string {
  const sections = splitSections(fmt);
  const sec = sections.length >= 4 ? sections[3] : sections.find((x) => x.includes('@'));
  if (!sec) return s;
  let out = '';
  for (let i = 0; i < sec.length; ) {
    const lit = literal(sec, i);
    if (lit) {
      out += lit.text;
      i = lit.next;
    } else {
      out += sec[i] === '@' ? s : sec[i];
      i++;
    }
  }
  return out;
}
