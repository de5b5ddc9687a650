import { describe, expect, it } from 'vitest';
import { formatGeneral, formatNumber, formatText } from './numfmt.js';

describe('Excel number formats', () => {
  it('renders General like Excel', () => {
    expect(formatGeneral(12345.6789)).toBe('12345.6789');
    expect(formatGeneral(-12345.67891)).toBe('-12345.67891');
    expect(formatGeneral(0.1 + 0.2)).toBe('0.3');
    expect(formatGeneral(123456789012345)).toBe('1.23457E+14');
    expect(formatGeneral(0.00001234)).toBe('1.234E-05');
  });
  it('renders fixed, thousands, percent, scientific and sections', () => {
    expect(formatNumber('#,##0.00', 12345.6789)).toBe('12,345.68');
    expect(formatNumber('0.00%', 0.1234)).toBe('12.34%');
    expect(formatNumber('0.00E+00', 12345.6789)).toBe('1.23E+04');
    expect(formatNumber('##0.0E+0', 12345.6789)).toBe('12.3E+3');
    expect(formatNumber('#,##0 ;(#,##0)', -12345.6789)).toBe('(12,346)');
    expect(formatNumber('#,##0.00 [$€-407]', 1.2)).toBe('1.20 €');
    expect(formatNumber('0.00', 1.005)).toBe('1.01');
    expect(formatNumber('0%', 0.285)).toBe('29%');
    expect(formatNumber('[<=9999999]###-####;(###) ###-####', 5551234)).toBe('555-1234');
  });
  it('renders fractions as Excel does (convergents only)', () => {
    expect(formatNumber('# ?/?', 12345.6789)).toBe('12345 2/3');
    expect(formatNumber('# ??/??', -123.456)).toBe('-123 26/57');
    expect(formatNumber('# ?/4', 12.3)).toBe('12 1/4');
  });
  it('renders dates and times in both date systems', () => {
    expect(formatNumber('m/d/yy', 12345.6789)).toBe('10/18/33');
    expect(formatNumber('d-mmm-yy', 12345.6789)).toBe('18-Oct-33');
    expect(formatNumber('h:mm:ss AM/PM', 12345.6789)).toBe('4:17:37 PM');
    expect(formatNumber('[h]:mm:ss', 1.5)).toBe('36:00:00');
    expect(formatNumber('yyyy-mm-dd', 0, true)).toBe('1904-01-01');
    expect(formatNumber('yyyy-mm-dd', 60)).toBe('1900-02-29');
    expect(formatNumber('m/d/yy', -1)).toMatch(/^#+$/);
  });
  it('applies the text section', () => {
    expect(formatText('0;-0;0;"<"@">"', 'x')).toBe('<x>');
  });
});
