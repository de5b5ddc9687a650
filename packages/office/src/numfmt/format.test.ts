import { describe, expect, it } from 'vitest';
import { formatGeneral, formatNumber, formatText, formatValue, isDateFormat } from './format.js';

describe('General', () => {
  it('shows integers and decimals up to eleven characters', () => {
    expect(formatGeneral(12345.6789)).toBe('12345.6789');
    expect(formatGeneral(-12345.67891)).toBe('-12345.67891');
    expect(formatGeneral(0.1 + 0.2)).toBe('0.3');
    expect(formatGeneral(1234567890123)).toBe('1.23457E+12');
    expect(formatGeneral(0.000000000123)).toBe('1.23E-10');
  });
});

describe('numbers', () => {
  const v = 12345.6789;
  it.each([
    ['0', '12346'],
    ['0.00', '12345.68'],
    ['#,##0', '12,346'],
    ['#,##0.00', '12,345.68'],
    ['0%', '1234568%'],
    ['0.00%', '1234567.89%'],
    ['0.00E+00', '1.23E+04'],
    ['##0.0E+0', '12.3E+3'],
    ['# ?/?', '12345 2/3'],
    ['# ??/??', '12345 55/81'],
    ['"$"#,##0.00', '$12,345.68'],
    ['[$€-407]#,##0.00', '€12,345.68'],
    ['#,##0,"K"', '12K'],
    ['00000', '12346'],
    ['000\\-00\\-0000', '000-01-2346'],
    ['[<=9999999]###\\-####;\\(###\\)\\ ###\\-####', '1-2346'],
    ['@', '12345.6789'],
  ])('%s', (fmt, want) => {
    expect(formatNumber(v, fmt)).toBe(want);
  });

  it('uses the negative section without a sign and keeps the sign otherwise', () => {
    expect(formatNumber(-1234.5, '#,##0.00;(#,##0.00)')).toBe('(1,234.50)');
    expect(formatNumber(-1234.5, '#,##0.00')).toBe('-1,234.50');
    expect(formatNumber(0, '0.00;-0.00;"zero"')).toBe('zero');
  });

  it('rounds half away from zero on the written decimals', () => {
    expect(formatNumber(1.005, '0.00')).toBe('1.01');
    expect(formatNumber(2.5, '0')).toBe('3');
  });

  it('shows fractions, with fixed denominators', () => {
    expect(formatNumber(-123.456, '# ??/??')).toBe('-123 26/57');
    expect(formatNumber(1.25, '# ?/4')).toBe('1 1/4');
    expect(formatNumber(1, '# ?/?').trimEnd()).toBe('1');
  });

  it('ignores colours and fill, turns padding into spaces', () => {
    expect(formatNumber(-5, '[Red]0;[Blue]-0')).toBe('-5');
    expect(formatNumber(1.2, '_("$"* #,##0.00_)').trim()).toBe('$1.20');
  });

  it('honours conditions', () => {
    expect(formatNumber(150, '[>100]"big";"small"')).toBe('big');
    expect(formatNumber(50, '[>100]"big";"small"')).toBe('small');
  });
});

describe('dates and times', () => {
  const v = 12345.6789; // 1933-10-18 16:17:37
  it.each([
    ['m/d/yy', '10/18/33'],
    ['d-mmm-yy', '18-Oct-33'],
    ['mmmm d, yyyy', 'October 18, 1933'],
    ['dddd', 'Wednesday'],
    ['h:mm AM/PM', '4:17 PM'],
    ['h:mm:ss', '16:17:37'],
    ['mm:ss', '17:37'],
    ['[h]:mm:ss', '296296:17:37'],
    ['mmss.0', '1737.0'],
    ['yyyy-mm-dd hh:mm', '1933-10-18 16:17'],
    ['mmmmm', 'O'],
  ])('%s', (fmt, want) => {
    expect(formatNumber(v, fmt)).toBe(want);
  });

  it('keeps the 1900 leap-year bug and the 1904 system', () => {
    expect(formatNumber(60, 'yyyy-mm-dd')).toBe('1900-02-29');
    expect(formatNumber(61, 'yyyy-mm-dd')).toBe('1900-03-01');
    expect(formatNumber(1, 'dddd, mmmm d, yyyy')).toBe('Sunday, January 1, 1900');
    expect(formatNumber(0, 'yyyy-mm-dd', { date1904: true })).toBe('1904-01-01');
  });

  it('rounds times to the shown precision', () => {
    expect(formatNumber(0.99999999, 'h:mm:ss')).toBe('0:00:00');
    expect(formatNumber(1.5 / 86400, 'mm:ss.0')).toBe('00:01.5');
  });

  it('shows invalid dates as hashes', () => {
    expect(formatNumber(-1, 'm/d/yy')).toMatch(/^#+$/);
  });

  it('recognises date formats', () => {
    expect(isDateFormat('yyyy-mm-dd')).toBe(true);
    expect(isDateFormat(14)).toBe(true);
    expect(isDateFormat('#,##0.00')).toBe(false);
  });
});

describe('text and other values', () => {
  it('applies the text section', () => {
    expect(formatText('abc', '0;-0;0;"<"@">"')).toBe('<abc>');
    expect(formatText('abc', '0.00')).toBe('abc');
  });
  it('writes booleans as Excel does', () => {
    expect(formatValue(true)).toBe('TRUE');
    expect(formatValue(false, '0.00')).toBe('FALSE');
  });
});

describe('placeholder positions', () => {
  it('shows a digit for every place right of the leftmost zero', () => {
    expect(formatNumber(1, '0#')).toBe('01');
    expect(formatNumber(1, '\\1\\.0#')).toBe('1.01');
    expect(formatNumber(5, '#0')).toBe('5');
  });
});
