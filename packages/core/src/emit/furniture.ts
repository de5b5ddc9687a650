import type { Block } from '../model/types.js';
import type { FurnitureMode } from '../options/pdf-own.js';
import { provOf } from './markdown.js';

const isFurniture = (b: Block) => provOf(b)?.furniture === true;

export interface FurnitureSplit {
  /** The blocks the Markdown is written from. */
  shown: Block[];
  /** With `separate`: every block, furniture included, for `blocks`; `shownAt[i]` is block i's index in `shown`, or -1. */
  all?: { blocks: Block[]; shownAt: number[] };
  /** Furniture blocks left out of the Markdown. */
  dropped: number;
}

/**
 * The `furniture` option on a document's blocks: repeated page furniture (running headers and
 * footers, page numbers: blocks the parser marked `prov.furniture`) left out (`drop`), written
 * like any text (`keep`), or left out of the Markdown and listed in `blocks` (`separate`).
 */
export function splitFurniture(blocks: Block[], mode: FurnitureMode): FurnitureSplit {
  if (mode === 'keep' || !blocks.some(isFurniture)) return { shown: blocks, dropped: 0 };
  const shown: Block[] = [];
  const shownAt: number[] = [];
  for (const b of blocks) {
    if (isFurniture(b)) shownAt.push(-1);
    else {
      shownAt.push(shown.length);
      shown.push(b);
    }
  }
  const dropped = blocks.length - shown.length;
  return mode === 'separate' ? { shown, all: { blocks, shownAt }, dropped } : { shown, dropped };
}

/** Spans for every block from the spans of the shown ones; furniture gets null (listed without a span). */
export function spansOfAll(
  shownAt: readonly number[],
  spans: readonly [number, number][],
): ([number, number] | null)[] {
  return shownAt.map((i) => (i < 0 ? null : spans[i]));
}
