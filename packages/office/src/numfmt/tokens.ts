/** Tokens of one section of an Excel number format. */
export type Token =
  | { t: 'lit'; v: string }
  | { t: 'general' }
  | { t: 'text' }
  | { t: 'ph'; v: '0' | '#' | '?' }
  | { t: 'dot' }
  | { t: 'comma' }
  | { t: 'pct' }
  | { t: 'exp'; sign: '+' | '-' }
  | { t: 'slash' }
  | { t: 'digit'; v: string }
  | { t: 'date'; v: string }
  | { t: 'elapsed'; unit: 'h' | 'm' | 's'; n: number }
  | { t: 'ampm'; v: string }
  | { t: 'sub'; n: number };

export interface Condition {
  op: '<' | '>' | '=' | '<=' | '>=' | '<>';
  value: number;
}

export interface Section {
  tokens: Token[];
  cond?: Condition;
  isDate: boolean;
  hasText: boolean;
  hasNumber: boolean;
}

/** Splits a format code into its `;`-separated sections, respecting quotes, escapes and brackets. */
export function splitSections(code: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end < 0 ? code.length : end;
      cur += code.slice(i, stop + 1);
      i = stop;
    } else if (c === '\\' || c === '_' || c === '*') {
      cur += code.slice(i, i + 2);
      i++;
    } else if (c === '[') {
      const end = code.indexOf(']', i + 1);
      const stop = end < 0 ? code.length : end;
      cur += code.slice(i, stop + 1);
      i = stop;
    } else if (c === ';') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const COLOR = /^(black|blue|cyan|green|magenta|red|white|yellow|colou?r\s*\d+)$/i;

export function tokenize(src: string): Section {
  const tokens: Token[] = [];
  let cond: Condition | undefined;
  const lit = (v: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.t === 'lit') last.v += v;
    else tokens.push({ t: 'lit', v });
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    const lower = c.toLowerCase();
    if (c === '"') {
      const end = src.indexOf('"', i + 1);
      const stop = end < 0 ? src.length : end;
      lit(src.slice(i + 1, stop));
      i = stop;
    } else if (c === '\\') {
      if (i + 1 < src.length) lit(src[i + 1]);
      i++;
    } else if (c === '_') {
      lit(' ');
      i++;
    } else if (c === '*') {
      i++; // fill character: repeats to the column width, which a text rendering does not have
    } else if (c === '[') {
      const end = src.indexOf(']', i + 1);
      const stop = end < 0 ? src.length : end;
      const inner = src.slice(i + 1, stop);
      i = stop;
      const m = /^(<=|>=|<>|<|>|=)\s*(-?[\d.]+(?:[eE][+-]?\d+)?)$/.exec(inner);
      if (m) cond = { op: m[1] as Condition['op'], value: Number(m[2]) };
      else if (inner.startsWith('$')) {
        const sym = inner.slice(1).split('-')[0];
        if (sym) lit(sym);
      } else if (/^h+$/i.test(inner)) tokens.push({ t: 'elapsed', unit: 'h', n: inner.length });
      else if (/^m+$/i.test(inner)) tokens.push({ t: 'elapsed', unit: 'm', n: inner.length });
      else if (/^s+$/i.test(inner)) tokens.push({ t: 'elapsed', unit: 's', n: inner.length });
      else if (COLOR.test(inner)) {
        // colours do not show in text
      }
    } else if (lower === 'g' && src.slice(i, i + 7).toLowerCase() === 'general') {
      tokens.push({ t: 'general' });
      i += 6;
    } else if (c === '@') tokens.push({ t: 'text' });
    else if (lower === 'a' && src.slice(i, i + 5).toUpperCase() === 'AM/PM') {
      tokens.push({ t: 'ampm', v: 'AM/PM' });
      i += 4;
    } else if (lower === 'a' && src.slice(i, i + 3).toUpperCase() === 'A/P') {
      tokens.push({ t: 'ampm', v: src.slice(i, i + 3) });
      i += 2;
    } else if (lower === 'e' && (src[i + 1] === '+' || src[i + 1] === '-')) {
      tokens.push({ t: 'exp', sign: src[i + 1] as '+' | '-' });
      i++;
    } else if ('ymdhse'.includes(lower)) {
      let j = i;
      while (j < src.length && src[j].toLowerCase() === lower) j++;
      tokens.push({ t: 'date', v: (lower === 'e' ? 'y' : lower).repeat(lower === 'e' ? 4 : j - i) });
      i = j - 1;
    } else if (c === '0' || c === '#' || c === '?') tokens.push({ t: 'ph', v: c });
    else if (c === '.') tokens.push({ t: 'dot' });
    else if (c === ',') tokens.push({ t: 'comma' });
    else if (c === '%') tokens.push({ t: 'pct' });
    else if (c === '/') tokens.push({ t: 'slash' });
    else if (c >= '1' && c <= '9') tokens.push({ t: 'digit', v: c });
    else if (lower === 'b' && /^b[12]/i.test(src.slice(i, i + 2))) i++;
    else lit(c);
  }
  const isDate = tokens.some((k) => k.t === 'date' || k.t === 'elapsed' || k.t === 'ampm');
  return {
    tokens: isDate ? dateTokens(tokens) : tokens,
    cond,
    isDate,
    hasText: tokens.some((k) => k.t === 'text'),
    hasNumber: tokens.some((k) => k.t === 'ph' || k.t === 'general'),
  };
}

/** In a date section, decimals after seconds become sub-seconds and the rest literals. */
function dateTokens(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const k = tokens[i];
    if (k.t === 'dot' && tokens[i + 1]?.t === 'ph' && (tokens[i + 1] as { v: string }).v === '0') {
      let n = 0;
      while (tokens[i + 1]?.t === 'ph' && (tokens[i + 1] as { v: string }).v === '0') {
        n++;
        i++;
      }
      out.push({ t: 'sub', n });
    } else if (k.t === 'dot') out.push({ t: 'lit', v: '.' });
    else if (k.t === 'comma') out.push({ t: 'lit', v: ',' });
    else if (k.t === 'slash') out.push({ t: 'lit', v: '/' });
    else if (k.t === 'pct') out.push({ t: 'lit', v: '%' });
    else if (k.t === 'ph' || k.t === 'digit') out.push({ t: 'lit', v: k.v });
    else out.push(k);
  }
  return out;
}
