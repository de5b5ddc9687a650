import type { ParserPlugin } from '@distill/core';
import { csvParser } from './csv/parser.js';
import { docParser } from './doc/parser.js';
import { odfParser } from './odf/parser.js';
import { docxParser, pptxParser, xlsxParser } from './ooxml/plugins.js';
import { pptParser } from './ppt/parser.js';
import { rtfParser } from './rtf/parser.js';
import { xlsParser } from './xls/parser.js';
import { xlsbParser } from './xlsb/parser.js';

export {
  csvParser,
  docParser,
  docxParser,
  odfParser,
  pptParser,
  pptxParser,
  rtfParser,
  xlsbParser,
  xlsParser,
  xlsxParser,
};
export { parseCsv, sniffDelimiter } from './csv/csv.js';
export { readDoc } from './doc/reader.js';
export { builtinFormat } from './numfmt/builtin.js';
export { isoToSerial, MONTHS, serialToParts } from './numfmt/date.js';
export {
  formatGeneral,
  formatNumber,
  formatText,
  formatValue,
  isDateFormat,
  type NumFmtOptions,
} from './numfmt/format.js';
export { parseOdf } from './odf/parser.js';
export { readPpt } from './ppt/reader.js';
export { readRtf } from './rtf/reader.js';
export { readXlsWorkbook } from './xls/workbook.js';

/** Every parser of this package, for registration. */
export const officeParsers: ParserPlugin[] = [
  csvParser,
  docxParser,
  pptxParser,
  xlsxParser,
  xlsbParser,
  odfParser,
  rtfParser,
  docParser,
  xlsParser,
  pptParser,
];
