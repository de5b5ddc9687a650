import { describe, expect, it } from 'vitest';
import { roundtripFixture, structureOf } from '../../test/legacy-support.js';
import { parseOdf } from '../odf/parser.js';
import { sheetBlocks } from './sheet-table.js';
import { readXlsWorkbook } from './workbook.js';

// A flat ODS written in scripts/make-office-roundtrip-fixtures.sh, saved by LibreOffice as
// xlsx, then as xls and ods: dates, percentages, a merged cell, a formula and a boolean.
const SHEETS = ['## Sales', '## Notes'];
const CELLS = [
  'Product',
  'Units',
  'Share',
  'Shipped',
  'Widget',
  '42',
  '12.5%',
  '2024-03-15',
  'Gadget',
  '7.5',
  '87.5%',
  '2023-12-01',
  'Merged note',
  '49.5',
  'TRUE',
  'Remark',
  'Second sheet text',
];

describe('workbooks round-tripped through LibreOffice', () => {
  it('xls keeps every sheet and displayed cell value', () => {
    const s = structureOf(
      readXlsWorkbook(roundtripFixture('roundtrip.xls')).sheets.flatMap((s) => sheetBlocks(s)),
    );
    expect(s.headings).toEqual(SHEETS);
    expect(s.cells).toEqual(CELLS);
  });

  it('ods keeps every sheet and displayed cell value', () => {
    const s = structureOf(parseOdf(roundtripFixture('roundtrip.ods')).blocks);
    expect(s.headings).toEqual(SHEETS);
    expect(s.cells).toEqual(CELLS);
  });
});
