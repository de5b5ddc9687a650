import { attr, type XmlElement } from '@distill/core';
import { isoToSerial } from '../numfmt/date.js';
import { DATE_OVERFLOW, formatGeneral, formatNumber } from '../numfmt/format.js';
import { type OdfDataStyle, readDataStyle, testCondition } from './data-styles.js';
import { type OdfStyles, styleChain } from './styles.js';

const parsed = new WeakMap<XmlElement, OdfDataStyle | null>();

function dataStyle(styles: OdfStyles, name: string | undefined): OdfDataStyle | undefined {
  const el = name ? styles.dataStyles.get(name) : undefined;
  if (!el) return undefined;
  let ds = parsed.get(el);
  if (ds === undefined) {
    ds = readDataStyle(el) ?? null;
    parsed.set(el, ds);
  }
  return ds ?? undefined;
}

/** The data style of a cell style, looked up through its parents. */
export function cellDataStyleName(styles: OdfStyles, cellStyle: string | undefined): string | undefined {
  for (const s of styleChain(styles, cellStyle)) {
    const d = styles.cellDataStyle.get(s);
    if (d) return d;
  }
  return undefined;
}

/** An ISO 8601 duration (`PT296296H17M36S`, `-P1DT2H`) in days. */
export function durationDays(s: string): number | undefined {
  const m =
    /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      s.trim(),
    );
  if (!m) return undefined;
  const days =
    Number(m[2] ?? 0) + Number(m[3] ?? 0) / 24 + Number(m[4] ?? 0) / 1440 + Number(m[5] ?? 0) / 86400;
  return m[1] ? -days : days;
}

/**
 * A number shown through a data style: the first map whose condition holds picks the style
 * used. A section picked for negative numbers writes its own sign (LibreOffice exports
 * `#,##0;(#,##0)` as a "(…)" style mapped from `value()>=0`), so it gets the magnitude.
 */
export function formatWithDataStyle(v: number, styles: OdfStyles, name: string): string | undefined {
  const main = dataStyle(styles, name);
  if (!main) return undefined;
  let chosen = main;
  let via: OdfDataStyle['maps'][number] | undefined;
  for (const m of main.maps) {
    if (!testCondition(m.cond, v)) continue;
    const target = dataStyle(styles, m.style);
    if (target) {
      chosen = target;
      via = m;
    }
    break;
  }
  // A text style with maps is the text section of a format such as `m/d;@`: numbers no map
  // takes are shown by the numeric section, and a date section cannot show them at all.
  const numeric = main.maps.length > 0 ? dataStyle(styles, main.maps[0].style) : undefined;
  if (!via && main.kind === 'text' && numeric) {
    if (numeric.kind === 'date') return DATE_OVERFLOW;
    return formatNumber(v, numeric.code || 'General');
  }
  if (chosen.kind === 'boolean') return v !== 0 ? 'TRUE' : 'FALSE';
  const negativeSection =
    main.maps.length > 0 &&
    (!via || (via.cond.value <= 0 && (via.cond.op === '<' || via.cond.op === '<=' || via.cond.op === '=')));
  const value = v < 0 && negativeSection ? -v : v;
  return formatNumber(value, chosen.code || 'General');
}

/**
 * The displayed form of a typed ODS cell that carries no text paragraph (writers other than
 * office suites): its value through the cell's data style. Office suites write the displayed
 * text themselves, which is preferred.
 */
export function renderOdfValue(c: XmlElement, styles: OdfStyles): string {
  const type = attr(c, 'office:value-type');
  const styleName = cellDataStyleName(styles, attr(c, 'table:style-name'));
  let v: number | undefined;
  switch (type) {
    case 'float':
    case 'currency':
    case 'percentage':
      v = Number(attr(c, 'office:value'));
      if (!Number.isFinite(v)) return attr(c, 'office:value') ?? '';
      break;
    case 'date':
      v = isoToSerial(attr(c, 'office:date-value') ?? '', false);
      if (v === undefined || !styleName)
        return (attr(c, 'office:date-value') ?? '').replace(/T00:00:00$/, '');
      break;
    case 'time':
      v = durationDays(attr(c, 'office:time-value') ?? '');
      if (v === undefined || !styleName) return attr(c, 'office:time-value') ?? '';
      break;
    case 'boolean':
      return attr(c, 'office:boolean-value') === 'true' ? 'TRUE' : 'FALSE';
    case 'string':
      return attr(c, 'office:string-value') ?? '';
    default:
      return '';
  }
  const shown = styleName ? formatWithDataStyle(v, styles, styleName) : undefined;
  if (shown !== undefined) return shown;
  if (type === 'percentage') return `${+(v * 100).toPrecision(12)}%`;
  return formatGeneral(v);
}
