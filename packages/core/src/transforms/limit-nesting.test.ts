import { describe, expect, it } from 'vitest';
import { toHtml } from '../emit/html.js';
import { toMarkdown } from '../emit/markdown.js';
import { blockText, paragraph, text } from '../model/build.js';
import type { Block, Inline } from '../model/types.js';
import { limitNesting, MAX_NESTING } from './limit-nesting.js';

function deepList(depth: number): Block {
  let b: Block = { kind: 'list', ordered: false, items: [{ blocks: [paragraph('leaf')] }] };
  for (let i = 0; i < depth; i++)
    b = { kind: 'list', ordered: false, items: [{ blocks: [paragraph(`l${i}`), b] }] };
  return b;
}

describe('limitNesting', () => {
  it('leaves ordinary documents untouched', () => {
    const blocks = [deepList(5)];
    expect(limitNesting(blocks)).toEqual({ blocks, flattened: false });
  });

  it('flattens 100,000-deep lists, quotes and inline formatting without losing a word', () => {
    const list = deepList(100_000);
    let quote: Block = paragraph('inside');
    for (let i = 0; i < 100_000; i++) quote = { kind: 'quote', children: [quote] };
    let strong: Inline = text('bold core');
    for (let i = 0; i < 100_000; i++) strong = { kind: 'strong', children: [strong] };
    const { blocks, flattened } = limitNesting([list, quote, paragraph([strong])]);
    expect(flattened).toBe(true);
    const { markdown } = toMarkdown(blocks);
    expect(markdown).toContain('l99999');
    expect(markdown).toContain('leaf');
    expect(markdown).toContain('inside');
    expect(markdown).toContain('bold core');
    expect(toHtml(blocks)).toContain('l0');
    expect(blockText(blocks[0]).split('\n')).toHaveLength(100_001);
    const depth = markdown.split('\n').reduce((m, l) => Math.max(m, l.length - l.trimStart().length), 0);
    expect(depth).toBeLessThanOrEqual(2 * (MAX_NESTING + 1));
  });
});
