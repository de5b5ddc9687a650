import type { ParserPlugin } from '@distill/core';
import { htmlParser } from './parser.js';

export { decodeHtml, sniffDeclaredCharset } from './decode.js';
export { type HtmlToDocOptions, htmlParser, htmlToDoc } from './parser.js';
export { matches, parseSelector, type SelectorList } from './selectors.js';

/** Every parser of this package, for registration. */
export const htmlParsers: ParserPlugin[] = [htmlParser];
