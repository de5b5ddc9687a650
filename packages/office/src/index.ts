import type { ParserPlugin } from '@distill/core';
import { csvParser } from './csv/parser.js';
import { docParser } from './doc/parser.js';
import { odfParser } from './odf/parser.js';
import { pptParser } from './ppt/parser.js';
import { rtfParser } from './rtf/parser.js';
import { xlsParser } from './xls/parser.js';

export { csvParser, docParser, odfParser, pptParser, rtfParser, xlsParser };
export { parseCsv, sniffDelimiter } from './csv/csv.js';
export { readDoc } from './doc/reader.js';
export { parseOdf } from './odf/parser.js';
export { readPpt } from './ppt/reader.js';
export { readRtf } from './rtf/reader.js';
export { formatNumber } from './xls/numfmt.js';
export { readXlsWorkbook } from './xls/workbook.js';

/** Every parser of this package, for registration. */
export const officeParsers: ParserPlugin[] = [
  csvParser,
  docParser,
  odfParser,
  pptParser,
  rtfParser,
  xlsParser,
];
