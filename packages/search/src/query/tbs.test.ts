import { describe, expect, it } from 'vitest';
import { inRange, parseTbs } from './tbs.js';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3600_000;

describe('parseTbs', () => {
  it('reads each predefined range back from now', () => {
    for (const [q, ms] of [
      ['h', HOUR],
      ['d', 24 * HOUR],
      ['w', 7 * 24 * HOUR],
      ['m', 31 * 24 * HOUR],
      ['y', 366 * 24 * HOUR],
    ] as const) {
      const f = parseTbs(`qdr:${q}`, NOW)!;
      expect(f.qdr).toBe(q);
      expect(f.to).toBe(NOW);
      expect(f.from).toBe(NOW - ms);
    }
  });

  it('reads a custom range as whole UTC days, both ends included', () => {
    const f = parseTbs('cdr:1,cd_min:10/1/2026,cd_max:10/31/2026', NOW)!;
    expect(f.custom).toBe(true);
    expect(f.from).toBe(Date.UTC(2026, 9, 1));
    expect(f.to).toBe(Date.UTC(2026, 9, 31, 23, 59, 59, 999));
    expect(inRange(f, Date.UTC(2026, 9, 31, 20))).toBe(true);
    expect(inRange(f, Date.UTC(2026, 10, 1))).toBe(false);
    expect(inRange(f, undefined)).toBe(false);
  });

  it('combines sort by date with a range, and sbd alone only sorts', () => {
    const f = parseTbs('sbd:1,qdr:w', NOW)!;
    expect(f.sortByDate).toBe(true);
    expect(f.qdr).toBe('w');
    const s = parseTbs('sbd:1', NOW)!;
    expect(s.sortByDate).toBe(true);
    expect(s.from).toBeUndefined();
    expect(inRange(s, undefined)).toBe(true);
    expect(parseTbs(undefined)).toBeUndefined();
  });
});
