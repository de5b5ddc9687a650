import type { ParserPlugin } from '@distill/core';
import { epubParser } from './parser.js';

export { type ChapterOptions, chapterToBlocks } from './chapter.js';
export { epubParser, readEpub } from './parser.js';

/** Every parser of this package, for registration. */
export const epubParsers: ParserPlugin[] = [epubParser];
