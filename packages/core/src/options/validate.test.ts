import { describe, expect, it } from 'vitest';
import { parseOptionsSchema } from './parse-options.js';
import { validate, validateMemo } from './validate.js';

describe('validateMemo', () => {
  const input = { formats: ['markdown'], parsers: [{ type: 'pdf', mode: 'fast' }] };

  it('gives what validate gives, first and again, as separate copies', () => {
    const want = validate(parseOptionsSchema, input, 'parse options');
    const first = validateMemo(parseOptionsSchema, input, 'parse options');
    const again = validateMemo(parseOptionsSchema, structuredClone(input), 'parse options');
    expect(first).toEqual(want);
    expect(again).toEqual(want);
    expect(again).not.toBe(first);
    // A caller that changes what it got does not change the next caller's options.
    (again.formats as unknown[]).push('html');
    expect(validateMemo(parseOptionsSchema, input, 'parse options')).toEqual(want);
  });

  it('copies nested objects too', () => {
    const nested = { parsers: [{ type: 'pdf', mode: 'fast' }], formats: ['markdown'] };
    const first = validateMemo(parseOptionsSchema, nested, 'parse options') as {
      parsers: { mode: string }[];
    };
    first.parsers[0].mode = 'ocr';
    const again = validateMemo(parseOptionsSchema, nested, 'parse options') as {
      parsers: { mode: string }[];
    };
    expect(again.parsers[0].mode).toBe('fast');
  });

  it('throws for bad input every time', () => {
    const bad = { formats: ['markdown'], timeout: -5 };
    expect(() => validateMemo(parseOptionsSchema, bad, 'parse options')).toThrow(/timeout/);
    expect(() => validateMemo(parseOptionsSchema, bad, 'parse options')).toThrow(/timeout/);
  });

  it('keeps undefined apart from absent, as zod does', () => {
    const withKey = validateMemo(parseOptionsSchema, { formats: ['markdown'], timeout: undefined }, 'x');
    const without = validateMemo(parseOptionsSchema, { formats: ['markdown'] }, 'x');
    expect(without).toEqual(validate(parseOptionsSchema, { formats: ['markdown'] }, 'x'));
    expect(withKey).toEqual(validate(parseOptionsSchema, { formats: ['markdown'], timeout: undefined }, 'x'));
  });
});
