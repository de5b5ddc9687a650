import type { ParserPlugin } from '@distill/core';
import { csvParser } from './csv/parser.js';
import { odfParser } from './odf/parser.js';
import { rtfParser } from './rtf/parser.js';
import { xlsParser } from './xls/parser.js';

export { csvParser, odfParser, rtfParser, xlsParser };
export { parseCsv, sniffDelimiter } from './csv/csv.js';
export { parseOdf } from './odf/parser.js';
export { readRtf } from './rtf/reader.js';
export { formatNumber } from './xls/numfmt.js';
export { readXlsWorkbook } from './xls/workbook.js';

/** Every parser of this package, for registration. */
export const officeParsers: ParserPlugin[] = [csvParser, odfParser, rtfParser, xlsParser];
