import { type Block, CfbFile, type ParserPlugin } from '@distill/core';
import { summaryMetadata } from '../doc/summary.js';
import { sheetBlocks } from './sheet-table.js';
import { readXlsWorkbook } from './workbook.js';

/** Excel 97–2003 (BIFF8) and Excel 5/95 (BIFF5) workbooks: one heading and table per sheet. */
export const xlsParser: ParserPlugin = {
  name: 'xls',
  formats: ['xls'],
  parse(bytes, ctx) {
    const cfb = new CfbFile(bytes);
    const wb = readXlsWorkbook(cfb, () => ctx.checkpoint());
    const blocks: Block[] = wb.sheets.flatMap((sh, i) => sheetBlocks(sh, (m) => ctx.warn(m), i + 1));
    return { blocks, metadata: { ...summaryMetadata(cfb), sheets: wb.sheets.length } };
  },
};
