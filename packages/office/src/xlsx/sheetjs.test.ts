import { describe, expect, it } from 'vitest';
import { hasCorpora } from '../ooxml/testing/corpus.js';
import { sheetAgreement, sheetjsWorkbooks } from '../ooxml/testing/sheet-agreement.js';

describe.skipIf(!hasCorpora)('sheetjs workbooks against Excel 2016 CSV exports', () => {
  for (const file of hasCorpora ? sheetjsWorkbooks() : []) {
    it(`${file}: ≥ 99% of Excel's displayed cells appear in our tables`, async () => {
      const a = await sheetAgreement(file);
      expect(a.expected).toBeGreaterThan(0);
      const share = a.matched / a.expected;
      expect(share, JSON.stringify(a.misses.slice(0, 20))).toBeGreaterThanOrEqual(0.99);
    }, 30_000);
  }
});
