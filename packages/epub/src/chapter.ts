import type { Block } from '@distill/core';
import { htmlToDoc } from '@distill/html';

export interface ChapterOptions {
  /** The chapter's archive path, against which its relative links and images resolve. */
  baseUrl: string;
}

/**
 * One chapter's XHTML to blocks, through the html package with the main-content filter off
 * (a chapter is all content). Links and images keep their relative form here; parser.ts
 * resolves them inside the archive against the chapter's path.
 */
export function chapterToBlocks(source: string, _options: ChapterOptions): Block[] {
  return htmlToDoc(source, { onlyMainContent: false }).blocks;
}
