import { describe, expect, it } from 'vitest';
import { roundtripFixture, structureOf } from '../../test/legacy-support.js';
import { parseOdf } from '../odf/parser.js';
import { readRtf } from '../rtf/reader.js';
import { readDoc } from './reader.js';

// fixtures/office-roundtrip/source-doc.md, through pandoc (docx) and LibreOffice (doc, odt, rtf);
// made by scripts/make-office-roundtrip-fixtures.sh.
const HEADINGS = ['# Quarterly Report', '## Regional Results', '### Outlook Section'];
const ITEMS = [
  'Alpha region item',
  'Beta region item',
  'Nested gamma item',
  'First numbered step',
  'Second numbered step',
];
const CELLS = ['Region', 'Revenue', 'Growth', 'North', '1200', '5%', 'South', '950', '3%'];

const readers = {
  doc: (b: Uint8Array) => readDoc(b),
  odt: (b: Uint8Array) => parseOdf(b).blocks,
  rtf: (b: Uint8Array) => readRtf(b).blocks,
};

describe('text documents round-tripped through LibreOffice', () => {
  for (const [ext, read] of Object.entries(readers)) {
    it(`${ext} keeps every heading, list item, table cell and the footnote`, () => {
      const blocks = read(roundtripFixture(`roundtrip.${ext}`));
      const s = structureOf(blocks);
      const notes = blocks.filter((b) => b.kind === 'footnote');
      expect(notes).toHaveLength(1);
      expect(JSON.stringify(notes[0])).toContain('A footnote about the outlook.');
      expect(s.headings).toEqual(HEADINGS);
      expect(s.items).toEqual(ITEMS);
      expect(s.cells).toEqual(CELLS);
      expect(s.text).toContain('Opening paragraph with bold and italic words.');
      expect(s.text).toContain('Closing paragraph with a link.');
    });
  }
});
