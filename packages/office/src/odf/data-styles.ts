import { attr, children, localName, textContent, type XmlElement } from '@distill/core';

/**
 * ODF data styles (number:number-style, currency, percentage, date, time, boolean and text
 * styles, with their style:map conditions) turned into Excel format codes, so that the one
 * number-format renderer of this package shows a typed ODS cell's value as the suite would.
 */

export interface OdfCondition {
  op: '<' | '>' | '=' | '<=' | '>=' | '<>';
  value: number;
}

export interface OdfDataStyle {
  kind: 'number' | 'date' | 'boolean' | 'text';
  /** Excel format code of this style's own section (no conditions). */
  code: string;
  /** Conditional styles in document order: the first whose condition holds is used. */
  maps: { cond: OdfCondition; style: string }[];
}

/** A literal in an Excel format code: quoted, with quotes themselves escaped. */
const lit = (s: string) =>
  s === ''
    ? ''
    : s
        .split('"')
        .map((p) => (p ? `"${p}"` : ''))
        .join('\\"');

const num = (el: XmlElement, name: string): number | undefined => {
  const v = attr(el, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** Bounded digit counts: a hostile style cannot make a code of millions of placeholders. */
const digits = (n: number | undefined, fallback = 0) => Math.max(0, Math.min(30, Math.floor(n ?? fallback)));

/** `number:number`: integer placeholders (with grouping and embedded text), decimals, scaling. */
function numberCode(el: XmlElement): string {
  const dpAttr = num(el, 'number:decimal-places');
  const minInt = digits(num(el, 'number:min-integer-digits'), 1);
  const grouping = attr(el, 'number:grouping') === 'true';
  const embedded = children(el, 'number:embedded-text')
    .map((e) => ({ pos: digits(num(e, 'number:position')), text: textContent(e) }))
    .sort((a, b) => a.pos - b.pos);
  // Without decimal places the suite shows the number in its standard (General) form.
  if (dpAttr === undefined && embedded.length === 0) return 'General';
  const maxPos = embedded.reduce((m, e) => Math.max(m, e.pos), 0);
  // Embedded text needs a digit on its left, as in `###-####`.
  const width = Math.max(minInt, 1, maxPos > 0 ? maxPos + 1 : 0, grouping ? 4 : 0);
  // Integer placeholders built from the decimal point leftwards; embedded text sits before the
  // digit at its position (position 0: right of the last integer digit).
  let int = '';
  for (let i = 0; i < width; i++) {
    for (const e of embedded) if (e.pos === i) int = lit(e.text) + int;
    int = (i < minInt ? '0' : '#') + int;
    if (grouping && i === width - 2) int = `,${int}`;
  }
  for (const e of embedded) if (e.pos >= width) int = lit(e.text) + int;
  const dp = digits(dpAttr);
  const minDp = digits(num(el, 'number:min-decimal-places') ?? num(el, 'loext:min-decimal-places') ?? dp);
  const frac = dp > 0 ? `.${'0'.repeat(Math.min(minDp, dp))}${'#'.repeat(Math.max(0, dp - minDp))}` : '';
  const factor = num(el, 'number:display-factor') ?? 1;
  const scale = factor > 1 ? ','.repeat(Math.max(0, Math.min(5, Math.round(Math.log10(factor) / 3)))) : '';
  return `${int}${frac}${scale}`;
}

function scientificCode(el: XmlElement): string {
  const minInt = digits(num(el, 'number:min-integer-digits'), 1);
  const interval = digits(num(el, 'number:exponent-interval') ?? num(el, 'loext:exponent-interval'), 1);
  const dp = digits(num(el, 'number:decimal-places'));
  const minExp = Math.max(1, digits(num(el, 'number:min-exponent-digits'), 1));
  const int = '#'.repeat(Math.max(0, interval - minInt)) + '0'.repeat(Math.max(1, minInt));
  return `${int}${dp > 0 ? `.${'0'.repeat(dp)}` : ''}E+${'0'.repeat(minExp)}`;
}

function fractionCode(el: XmlElement): string {
  const intAttr = num(el, 'number:min-integer-digits');
  const whole = intAttr === undefined ? '' : `${intAttr > 0 ? '0'.repeat(digits(intAttr)) : '#'} `;
  const numer = '?'.repeat(Math.max(1, digits(num(el, 'number:min-numerator-digits'), 1)));
  const fixed = num(el, 'number:denominator-value');
  const denDigits = Math.max(
    1,
    digits(num(el, 'loext:max-denominator-digits') ?? num(el, 'number:min-denominator-digits'), 1),
  );
  const denom = fixed && fixed >= 1 && fixed < 1e9 ? String(Math.floor(fixed)) : '?'.repeat(denDigits);
  return `${whole}${numer}/${denom}`;
}

const long = (el: XmlElement) => attr(el, 'number:style') === 'long';

/** The code of one data style's own content, without its maps. */
function sectionCode(style: XmlElement, kind: string): string {
  const elapsed = attr(style, 'number:truncate-on-overflow') === 'false';
  let firstTime = true;
  const timeUnit = (u: string) => {
    const s = firstTime && elapsed ? `[${u}]` : u;
    firstTime = false;
    return s;
  };
  let out = '';
  for (const el of children(style)) {
    switch (localName(el.name)) {
      case 'number':
        out += numberCode(el);
        break;
      case 'scientific-number':
        out += scientificCode(el);
        break;
      case 'fraction':
        out += fractionCode(el);
        break;
      case 'currency-symbol':
        out += lit(textContent(el));
        break;
      case 'text': {
        const t = textContent(el);
        // A percentage style's '%' is the one that scales the value by 100.
        out += kind === 'percentage-style' ? t.split('%').map(lit).join('%') : lit(t);
        break;
      }
      case 'text-content':
        out += '@';
        break;
      case 'day':
        out += long(el) ? 'dd' : 'd';
        break;
      case 'month':
        out += attr(el, 'number:textual') === 'true' ? (long(el) ? 'mmmm' : 'mmm') : long(el) ? 'mm' : 'm';
        break;
      case 'year':
        out += long(el) ? 'yyyy' : 'yy';
        break;
      case 'day-of-week':
        out += long(el) ? 'dddd' : 'ddd';
        break;
      case 'hours':
        out += timeUnit(long(el) ? 'hh' : 'h');
        break;
      case 'minutes':
        out += timeUnit(long(el) ? 'mm' : 'm');
        break;
      case 'seconds': {
        const dp = digits(num(el, 'number:decimal-places'));
        out += timeUnit(long(el) ? 'ss' : 's') + (dp > 0 ? `.${'0'.repeat(Math.min(3, dp))}` : '');
        break;
      }
      case 'am-pm':
        out += 'AM/PM';
        break;
      case 'boolean':
        out += 'TRUE';
        break;
      default:
        break;
    }
  }
  return out;
}

const OPS: Record<string, OdfCondition['op']> = {
  '<': '<',
  '>': '>',
  '=': '=',
  '==': '=',
  '<=': '<=',
  '>=': '>=',
  '!=': '<>',
  '<>': '<>',
};

export function parseCondition(s: string): OdfCondition | undefined {
  const m = /^\s*value\(\)\s*(<=|>=|!=|<>|==|<|>|=)\s*(-?[\d.]+(?:[eE][+-]?\d+)?)\s*$/.exec(s);
  if (!m) return undefined;
  const value = Number(m[2]);
  return Number.isFinite(value) ? { op: OPS[m[1]], value } : undefined;
}

export function testCondition(c: OdfCondition, v: number): boolean {
  switch (c.op) {
    case '<':
      return v < c.value;
    case '>':
      return v > c.value;
    case '=':
      return v === c.value;
    case '<=':
      return v <= c.value;
    case '>=':
      return v >= c.value;
    case '<>':
      return v !== c.value;
  }
}

const KINDS: Record<string, OdfDataStyle['kind']> = {
  'number-style': 'number',
  'currency-style': 'number',
  'percentage-style': 'number',
  'date-style': 'date',
  'time-style': 'date',
  'boolean-style': 'boolean',
  'text-style': 'text',
};

/** A data style element as code and maps, or undefined when it is not a data style. */
export function readDataStyle(el: XmlElement): OdfDataStyle | undefined {
  const kind = KINDS[localName(el.name)];
  if (!kind) return undefined;
  const maps: OdfDataStyle['maps'] = [];
  for (const m of children(el, 'style:map')) {
    const cond = parseCondition(attr(m, 'style:condition') ?? '');
    const style = attr(m, 'style:apply-style-name');
    if (cond && style) maps.push({ cond, style });
  }
  return { kind, code: sectionCode(el, localName(el.name)), maps };
}
