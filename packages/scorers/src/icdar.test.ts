import { describe, expect, it } from 'vitest';
import {
  aggregateIcdar,
  bestReading,
  markdownTables,
  normalizeCellText,
  parseStructureXml,
  relations,
  scoreTables,
} from './icdar.js';

const XML = `<?xml version="1.0"?>
<document>
 <table id="1">
  <region col-increment="0" id="1" page="1" row-increment="0">
   <cell end-col="2" id="1" start-col="1" start-row="0"><bounding-box x1="0" x2="1" y1="0" y2="1"/><content>Releases &amp; more</content></cell>
   <cell id="2" start-col="0" start-row="1"><content>Name</content></cell>
   <cell id="3" start-col="1" start-row="1"><content>to air</content></cell>
   <cell id="4" start-col="2" start-row="1"><content>to water</content></cell>
   <cell id="5" start-col="0" start-row="2"><content>Lead</content></cell>
   <cell id="6" start-col="1" start-row="2"><content>20</content></cell>
   <cell id="7" start-col="2" start-row="2"><content>5</content></cell>
  </region>
 </table>
</document>`;

const HTML = `Some text.

<table><tr><td></td><td colspan="2">Releases &amp; more</td></tr><tr><td>Name</td><td>to air</td><td>to water</td></tr><tr><td>Lead</td><td>20</td><td>5</td></tr></table>
`;

describe('icdar adjacency relations', () => {
  it('normalises text as the competition scorer does', () => {
    expect(normalizeCellText(' “a”  b–c **d** ')).toBe('"a"b-cd');
    expect(normalizeCellText('ﬁ 1')).toBe('fi1');
  });

  it('reads cells with spans and increments from -str.xml', () => {
    const [t] = parseStructureXml(XML);
    expect(t).toHaveLength(7);
    expect(t[0]).toMatchObject({ row: 0, col: 1, colSpan: 2, rowSpan: 1, text: 'Releases & more' });
  });

  it('relates every non-blank cell to its nearest non-blank neighbours, spans along each row/col', () => {
    const [t] = parseStructureXml(XML);
    const r = relations(t);
    // spanning header: down to "to air" and "to water"; Name→to air→to water, Lead→20→5,
    // Name↓Lead, to air↓20, to water↓5: 2 + 4 + 3 = 9
    expect([...r.values()].reduce((a, b) => a + b, 0)).toBe(9);
    expect(r.get('D\u0000Releases&more\u0000toair')).toBe(1);
    expect(r.get('R\u0000Name\u0000toair')).toBe(1);
  });

  it('skips blank cells to the next non-blank one', () => {
    const [t] = markdownTables('| a | | b |\n|---|---|---|\n| | | c |\n');
    const r = relations(t);
    expect(r.get('R\u0000a\u0000b')).toBe(1);
    expect(r.get('D\u0000b\u0000c')).toBe(1);
    expect(r.size).toBe(2);
  });

  it('an HTML table with the same spans scores 1, a pipe table without them a little less', () => {
    const truth = parseStructureXml(XML);
    const s = scoreTables(truth, markdownTables(HTML));
    expect(s).toMatchObject({ shared: 9, predicted: 9, truth: 9, found: 1, missed: 0, spurious: 0 });
    const pipe = '| | Releases & more | |\n|---|---|---|\n| Name | to air | to water |\n| Lead | 20 | 5 |\n';
    const p = scoreTables(truth, markdownTables(pipe));
    expect(p.shared).toBe(8);
    expect(p.truth).toBe(9);
  });

  it('counts missed and spurious tables; pairs greedily; picks the better reading', () => {
    const truth = parseStructureXml(XML);
    const md = `${HTML}\n| x | y |\n|---|---|\n| 1 | 2 |\n`;
    const s = scoreTables(truth, markdownTables(md));
    expect(s).toMatchObject({ found: 1, spurious: 1, missed: 0, shared: 9, predicted: 13 });
    const none = scoreTables(truth, []);
    expect(none).toMatchObject({ found: 0, missed: 1, shared: 0 });
    expect(bestReading([[], truth], markdownTables(HTML)).found).toBe(1);
    const m = aggregateIcdar([s, none]);
    expect(m.micro_precision).toBeCloseTo(9 / 13);
    expect(m.micro_recall).toBeCloseTo(9 / 18);
    expect(m.macro_recall).toBeCloseTo(0.5);
    expect(m).toMatchObject({ tables: 2, found: 1, missed: 1, spurious: 1 });
  });
});
