import { describe, expect, it } from 'vitest';
import { DistillError, toDistillError } from './distill-error.js';

describe('DistillError across copies of core', () => {
  it('is instanceof for an error of another copy of the class (the CommonJS build beside the ESM one)', async () => {
    // Another copy of the module, as `require` of the CommonJS build gives one: the same
    // source evaluated a second time (a query makes it a module of its own) is another class.
    const copy = './distill-error.js?second-copy';
    const Other = ((await import(/* @vite-ignore */ copy)) as { DistillError: typeof DistillError })
      .DistillError;
    expect(Other).not.toBe(DistillError);
    const e = new Other('MISSING_DEPENDENCY', 'OCR language "deu" is not installed');
    expect(e instanceof DistillError).toBe(true);
    expect(toDistillError(e)).toBe(e);
    expect(toDistillError(e).code).toBe('MISSING_DEPENDENCY');
  });

  it('is not instanceof for other errors', () => {
    expect(new Error('x') instanceof DistillError).toBe(false);
    expect({ code: 'MISSING_DEPENDENCY' } instanceof DistillError).toBe(false);
    expect((null as unknown as object) instanceof DistillError).toBe(false);
    expect(toDistillError(new TypeError('bug')).code).toBe('UNKNOWN_ERROR');
  });
});
