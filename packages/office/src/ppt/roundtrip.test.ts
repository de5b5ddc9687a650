import { describe, expect, it } from 'vitest';
import { roundtripFixture, structureOf } from '../../test/legacy-support.js';
import { parseOdf } from '../odf/parser.js';
import { readPpt } from './reader.js';

// fixtures/office-roundtrip/source-slides.md through pandoc (pptx) and LibreOffice (ppt, odp).
const TITLES = ['# Launch Plan', '# Budget Table', '# Closing Slide'];
const ITEMS = ['Kickoff meeting', 'Design review'];
const CELLS = ['Item', 'Cost', 'Servers', '4000', 'Licenses', '1500'];

describe('presentations round-tripped through LibreOffice', () => {
  it('odp keeps slide titles, list items and table cells', () => {
    const s = structureOf(parseOdf(roundtripFixture('roundtrip.odp')).blocks);
    expect(s.headings).toEqual(TITLES);
    expect(s.items).toEqual(ITEMS);
    expect(s.cells).toEqual(CELLS);
    expect(s.text).toContain('Thanks for listening');
  });

  it('ppt keeps slide titles, list items (bullets from the text style) and table cells (table groups)', () => {
    const blocks = readPpt(roundtripFixture('roundtrip.ppt'));
    const s = structureOf(blocks);
    expect(s.headings).toEqual(TITLES);
    expect(s.items).toEqual(ITEMS);
    expect(s.cells).toEqual(CELLS);
    expect(s.text).toContain('Thanks for listening');
    expect(blocks.filter((b) => b.kind === 'comment').length).toBe(3);
  });
});
