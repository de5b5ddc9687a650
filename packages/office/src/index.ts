import type { ParserPlugin } from '@distill/core';
import { csvParser } from './csv/parser.js';

export { csvParser };
export { parseCsv, sniffDelimiter } from './csv/csv.js';

/** Every parser of this package, for registration. */
export const officeParsers: ParserPlugin[] = [csvParser];
