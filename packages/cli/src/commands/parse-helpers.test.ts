import { describe, expect, it } from 'vitest';
import { processCount } from './parse-helpers.js';

describe('processCount', () => {
  const fast = { parsers: [{ type: 'pdf', mode: 'fast' }] } as never;
  it('gives each cold process 1.5 cores by default', () => {
    expect(processCount(100, undefined, fast, 2)).toBe(1);
    expect(processCount(100, undefined, fast, 3)).toBe(2);
    expect(processCount(100, undefined, fast, 4)).toBe(2);
    expect(processCount(100, undefined, fast, 8)).toBe(5);
    expect(processCount(100, undefined, fast, 1)).toBe(1);
  });
  it('keeps one process per 8 files, and what -c asks', () => {
    expect(processCount(15, undefined, fast, 8)).toBe(1);
    expect(processCount(16, undefined, fast, 8)).toBe(2);
    expect(processCount(100, 2, fast, 2)).toBe(2);
    expect(processCount(10, 4, fast, 2)).toBe(1);
  });
  it('reads scans in one process unless asked', () => {
    const ocr = { parsers: [{ type: 'pdf', mode: 'ocr' }] } as never;
    expect(processCount(100, undefined, ocr, 8)).toBe(1);
    expect(processCount(100, 2, ocr, 8)).toBe(2);
  });
});
