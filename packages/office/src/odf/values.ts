import { attr, type XmlElement } from '@distill/core';
import type { OdfStyles } from './styles.js';

/**
 * The displayed form of a typed ODS cell that carries no text paragraph (rare: writers other
 * than office suites). Office suites always write the displayed text, which is preferred.
 */
export function renderOdfValue(c: XmlElement, _styles: OdfStyles): string {
  const type = attr(c, 'office:value-type');
  switch (type) {
    case 'float':
    case 'currency':
      return attr(c, 'office:value') ?? '';
    case 'percentage': {
      const v = Number(attr(c, 'office:value'));
      return Number.isFinite(v) ? `${+(v * 100).toPrecision(12)}%` : '';
    }
    case 'date':
      return (attr(c, 'office:date-value') ?? '').replace(/T00:00:00$/, '');
    case 'time':
      return attr(c, 'office:time-value') ?? '';
    case 'boolean':
      return attr(c, 'office:boolean-value') === 'true' ? 'TRUE' : 'FALSE';
    case 'string':
      return attr(c, 'office:string-value') ?? '';
    default:
      return '';
  }
}
