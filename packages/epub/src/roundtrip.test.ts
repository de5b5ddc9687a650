import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Block, inlineText } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { readEpub } from './parser.js';

// fixtures/office-roundtrip/source-doc.md → pandoc docx → pandoc epub
// (scripts/make-office-roundtrip-fixtures.sh).
const fixture = path.resolve(process.cwd(), 'fixtures/office-roundtrip/roundtrip.epub');

function collect(blocks: Block[]) {
  const headings: string[] = [];
  const items: string[] = [];
  const cells: string[] = [];
  const visit = (b: Block) => {
    if (b.kind === 'heading') headings.push(`${'#'.repeat(b.level)} ${inlineText(b.content)}`);
    if (b.kind === 'list')
      for (const it of b.items) {
        const first = it.blocks[0];
        if (first?.kind === 'paragraph') items.push(inlineText(first.content));
        it.blocks.slice(1).forEach(visit);
      }
    if (b.kind === 'table') for (const r of b.rows) for (const c of r) cells.push(inlineText(c.content));
  };
  blocks.forEach(visit);
  return { headings, items, cells };
}

describe('EPUB round-tripped through pandoc', () => {
  it('keeps every heading, list item and table cell, and the book metadata', () => {
    const doc = readEpub(new Uint8Array(readFileSync(fixture)));
    const s = collect(doc.blocks);
    expect(s.headings.filter((h) => h !== '# Quarterly Report Book')).toEqual([
      '# Quarterly Report',
      '## Regional Results',
      '### Outlook Section',
    ]);
    // pandoc's EPUB writes the footnote as an endnote list item; it is checked apart.
    expect(s.items.filter((i) => !i.startsWith('A footnote'))).toEqual([
      'Alpha region item',
      'Beta region item',
      'Nested gamma item',
      'First numbered step',
      'Second numbered step',
    ]);
    expect(s.cells).toEqual(['Region', 'Revenue', 'Growth', 'North', '1200', '5%', 'South', '950', '3%']);
    expect(s.items.some((i) => i.startsWith('A footnote about the outlook.'))).toBe(true);
    expect(doc.metadata.title).toBe('Quarterly Report Book');
    expect(doc.metadata.author).toBe('Round Trip');
  });
});
