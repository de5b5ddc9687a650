import type { ParserPlugin } from '@distill/core';
import { csvParser } from './csv/parser.js';
import { odfParser } from './odf/parser.js';

export { csvParser, odfParser };
export { parseCsv, sniffDelimiter } from './csv/csv.js';
export { parseOdf } from './odf/parser.js';

/** Every parser of this package, for registration. */
export const officeParsers: ParserPlugin[] = [csvParser, odfParser];
