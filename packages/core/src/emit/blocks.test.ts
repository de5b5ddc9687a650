import { describe, expect, it } from 'vitest';
import { text } from '../model/build.js';
import type { Block, Doc, Prov } from '../model/types.js';
import { toBlockPages } from './blocks.js';
import { toMarkdown } from './markdown.js';

const prov = (y: number, label?: string): Prov => ({ page: 1, bbox: [0.1, y, 0.9, y + 0.05], label });
const para = (s: string, p?: Prov): Block => ({ kind: 'paragraph', content: [text(s)], prov: p });

function blocksOf(blocks: Block[]) {
  const doc: Doc = { blocks, metadata: {} };
  const md = toMarkdown(blocks);
  const items = toBlockPages(doc, md.spans).flatMap((p) => p.items);
  return { md: md.markdown, items };
}

describe('toBlockPages lists', () => {
  it('gives one block per boxed list item, each span slicing that item', () => {
    const { md, items } = blocksOf([
      para('Intro', prov(0.1, 'text')),
      {
        kind: 'list',
        ordered: true,
        start: 9,
        items: [
          { blocks: [para('first *one*', prov(0.2, 'list-item'))] },
          { blocks: [para('second', prov(0.3, 'list-item'))] },
          { blocks: [para('third', prov(0.4, 'list-item'))] },
        ],
        prov: prov(0.2, 'list'),
      },
      para('After', prov(0.5, 'text')),
    ]);
    expect(items.map((i) => i.label)).toEqual(['text', 'list-item', 'list-item', 'list-item', 'text']);
    expect(items.map((i) => md.slice(i.markdownSpan![0], i.markdownSpan![1]))).toEqual([
      'Intro',
      '9. first \\*one\\*',
      '10. second',
      '11. third',
      'After',
    ]);
    expect(items[2]).toMatchObject({ type: 'list-item', content: 'second', bbox: [0.1, 0.3, 0.9, 0.35] });
    expect(items.map((i) => i.readingOrder)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps spans exact in a loose list and widens an item box over its children', () => {
    const { md, items } = blocksOf([
      {
        kind: 'list',
        ordered: false,
        items: [
          { blocks: [para('a', prov(0.2)), para('a2', { page: 1, bbox: [0.05, 0.25, 0.5, 0.3] })] },
          { blocks: [para('b', prov(0.4))] },
        ],
      },
    ]);
    expect(items.map((i) => md.slice(i.markdownSpan![0], i.markdownSpan![1]))).toEqual([
      '* a\n\n  a2',
      '* b',
    ]);
    expect(items[0].bbox).toEqual([0.05, 0.2, 0.9, 0.3]);
  });

  it('keeps a list whole when its items have no boxes', () => {
    const { md, items } = blocksOf([
      { kind: 'list', ordered: false, items: [{ blocks: [para('x')] }, { blocks: [para('y')] }] },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'list', content: 'x\ny' });
    expect(md.slice(items[0].markdownSpan![0], items[0].markdownSpan![1])).toBe('* x\n* y');
  });
});
