import type { ParserPlugin } from '@distill/core';
import { csvParser } from './csv/parser.js';
import { docxParser, pptxParser, xlsxParser } from './ooxml/plugins.js';
import { xlsbParser } from './xlsb/parser.js';

export { csvParser, docxParser, pptxParser, xlsbParser, xlsxParser };
export { parseCsv, sniffDelimiter } from './csv/csv.js';
export { builtinFormat } from './numfmt/builtin.js';
export { isoToSerial, serialToParts } from './numfmt/date.js';
export {
  formatGeneral,
  formatNumber,
  formatText,
  formatValue,
  isDateFormat,
  type NumFmtOptions,
} from './numfmt/format.js';

/** Every parser of this package, for registration. */
export const officeParsers: ParserPlugin[] = [csvParser, docxParser, pptxParser, xlsxParser, xlsbParser];
