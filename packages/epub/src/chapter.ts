import type { Block } from '@distill/core';
import { xhtmlToBlocks } from './xhtml-fallback.js';

export interface ChapterOptions {
  /** The chapter's archive path, against which its relative links and images resolve. */
  baseUrl: string;
}

/**
 * One chapter's XHTML to blocks. This is the single step that belongs to the html package:
 * once @distill/html is merged it becomes
 *   `htmlToDoc(source, { onlyMainContent: false, baseUrl: options.baseUrl }).blocks`
 * (with the image/link resolution in parser.ts kept). Until then a minimal XHTML reader
 * stands in.
 */
export function chapterToBlocks(source: string, _options: ChapterOptions): Block[] {
  return xhtmlToBlocks(source);
}
