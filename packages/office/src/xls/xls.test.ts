import { readFileSync } from 'node:fs';
import { DistillError } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { truncated, withFatLoop, withStreamLoop } from '../../test/hostile-cfb.js';
import {
  corpus,
  displayedValueScore,
  flat,
  hasCorpora,
  markdownOf,
  markdownOfFile,
} from '../../test/legacy-support.js';
import { parseOdf } from '../odf/parser.js';
import { xlsParser } from './parser.js';
import { sheetBlocks } from './sheet-table.js';
import { readXlsWorkbook } from './workbook.js';

const workbookDoc = (file: string) => ({
  blocks: readXlsWorkbook(new Uint8Array(readFileSync(file))).sheets.flatMap((s) => sheetBlocks(s)),
  metadata: {},
});

describe.skipIf(!hasCorpora)('xls against Excel’s displayed values', () => {
  for (const name of ['formulae_test_simple', 'merge_cells', 'number_format', 'rich_text_stress']) {
    it(`${name}.xls shows at least 99% of Excel's displayed values in the right sheet`, () => {
      const file = corpus(`office/sheetjs/${name}.xls`);
      const r = displayedValueScore(workbookDoc(file), file);
      console.log(`${name}.xls ${r.found}/${r.total} misses: ${r.misses.slice(0, 5).join(' | ')}`);
      expect(r.found / r.total).toBeGreaterThanOrEqual(0.99);
    });
  }

  it('reads the tika Excel 5 workbook (BIFF5) in full', async () => {
    const md = flat(await markdownOfFile([xlsParser], corpus('office/tika/testEXCEL_5.xls')));
    expect(md).toContain('## Feuil1');
    expect(md).toContain('Sample Excel Worksheet - Numbers and their Squares');
    expect(md).toContain('| | 15 | 225 |');
    expect(md).toContain('Written and saved in Microsoft Excel X for Mac Service Release 1.');
  });

  it('passes the markitdown test.xls vector', async () => {
    const vectors = JSON.parse(readFileSync(corpus('office/markitdown/vectors.json'), 'utf8')) as {
      file: string;
      must_include: string[];
      must_not_include: string[];
    }[];
    const v = vectors.find((x) => x.file === 'test.xls')!;
    const md = await markdownOfFile([xlsParser], corpus('office/markitdown/test.xls'));
    for (const s of v.must_include) expect(md).toContain(s);
    for (const s of v.must_not_include) expect(md).not.toContain(s);
  });
});

describe.skipIf(!hasCorpora)('ods against Excel’s displayed values', () => {
  // number_format.ods keeps '#NAME?' where Excel ran VBA functions (and so no value for the
  // cells comparing them), and LibreOffice's own text for system date/time formats: 57 of
  // Excel's 1135 values are not in the file. Its score is held to what the file can give.
  for (const [name, min] of [
    ['merge_cells', 0.99],
    ['rich_text_stress', 0.99],
    ['number_format', 0.94],
  ] as const) {
    it(`${name}.ods shows Excel's displayed values`, () => {
      const file = corpus(`office/sheetjs/${name}.ods`);
      const r = displayedValueScore(parseOdf(new Uint8Array(readFileSync(file))), file);
      console.log(`${name}.ods ${r.found}/${r.total}`);
      expect(r.found / r.total).toBeGreaterThanOrEqual(min);
    });
  }
});

describe.skipIf(!hasCorpora)('xls hostile input', () => {
  const bytes = () => new Uint8Array(readFileSync(corpus('office/sheetjs/merge_cells.xls')));

  it('refuses a truncated compound file and a FAT loop with FILE_CORRUPT', async () => {
    for (const bad of [
      truncated(bytes(), 600),
      truncated(bytes(), 3000),
      withFatLoop(bytes()),
      withStreamLoop(bytes()),
    ]) {
      const err = await markdownOf([xlsParser], bad, 'bad.xls').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DistillError);
      expect((err as DistillError).code).toBe('FILE_CORRUPT');
    }
  });

  it('reports a FILEPASS record as FILE_ENCRYPTED', async () => {
    const b = bytes();
    // Turn the CODEPAGE record (type 0x42, length 2) of the globals into FILEPASS (0x2F).
    let at = -1;
    for (let i = 0; i + 4 < b.length && at < 0; i++)
      if (b[i] === 0x42 && b[i + 1] === 0 && b[i + 2] === 2 && b[i + 3] === 0) at = i;
    expect(at).toBeGreaterThan(0);
    b[at] = 0x2f;
    const err = await markdownOf([xlsParser], b, 'locked.xls').catch((e: unknown) => e);
    expect((err as DistillError).code).toBe('FILE_ENCRYPTED');
  });
});
