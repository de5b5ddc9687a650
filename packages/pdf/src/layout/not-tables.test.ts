import { describe, expect, it } from 'vitest';
import { layoutsToBlocks } from '../assemble/to-doc.js';
import { page, run } from '../testing/page-input.js';
import type { TextRun } from '../types.js';
import { analyzePage } from './analyze.js';
import { formGrid, formPart, proseAcross } from './not-tables.js';

const tables = (runs: TextRun[]) => analyzePage(page(runs)).blocks.filter((b) => b.kind === 'table');
const cells = (rows: string[][]) => rows.map((r) => r.map((text) => ({ text })));

/** Rows of cells set at the given left edges, 22 points apart. */
function grid(rows: string[][], xs: number[], top = 120): TextRun[] {
  return rows.flatMap((r, i) => r.map((t, j) => run(t, xs[j], top + i * 22)));
}

describe('grids that are no tables', () => {
  it('takes labels beside blanks to fill in for a form, not a table', () => {
    const form = [
      ['Surname:', '________________', 'First name:', '________________'],
      ['Date of birth:', '________________', 'Telephone:', '________________'],
      ['Street:', '________________', 'Postcode:', '________________'],
      ['Town:', '________________', 'E-mail:', '________________'],
    ];
    expect(formGrid(cells(form))).toBe(true);
    const found = tables(grid(form, [60, 160, 320, 420]));
    expect(found).toEqual([]);
  });

  it('takes rows of tick boxes for a form', () => {
    expect(
      formGrid(
        cells([
          ['☐ Resident', '☐ Visitor', '☐ Business'],
          ['☐ Annual', '☐ Six months', '☐ Three months'],
        ]),
      ),
    ).toBe(true);
  });

  it('keeps a table whose stubs end in colons but whose cells hold figures', () => {
    const rows = [
      ['Item', '2023', '2024'],
      ['Income:', '1,204', '1,318'],
      ['Spending:', '987', '1,022'],
      ['Balance:', '217', '296'],
    ];
    expect(formGrid(cells(rows))).toBe(false);
    const found = tables(grid(rows, [60, 200, 300]));
    expect(found).toHaveLength(1);
  });

  it('takes justified prose cut at its wide spaces for prose', () => {
    const rows = [
      ['harder to plan. A', 'new approach', 'to', 'the'],
      ['regional', 'offices.', 'Most', 'of'],
      ['year and heard', 'evidence from', 'twelve', 'regions'],
    ];
    expect(proseAcross(cells(rows))).toBe(true);
  });

  it('keeps a table whose cells start in lower case only here and there', () => {
    const rows = [
      ['Sample', 'Mass', 'Unit'],
      ['Granite', '2.75', 'g/cm3'],
      ['Basalt', '3.01', 'g/cm3'],
      ['Marble', 'about 2.7', 'g/cm3'],
    ];
    expect(proseAcross(cells(rows))).toBe(false);
  });

  it('reads rows of a bold label and its value as lines, and keeps a table whose header is bold', () => {
    const record = [
      ['Customer number', '40-118-2291'],
      ['Name', 'Maria Jensen'],
      ['Company', 'Jensen Design ApS'],
      ['Phone', '+45 33 12 45 67'],
    ];
    const runs = (header: boolean) =>
      [...(header ? [['Field', 'Value']] : []), ...record].flatMap(([a, b], i) => [
        run(a, 60, 120 + i * 22, 10, true),
        run(b, 240, 120 + i * 22, 10, header && i === 0),
      ]);
    expect(tables(runs(false))).toEqual([]);
    // Each label read with its value, as a line of one block (no bold title left to head it).
    const blocks = layoutsToBlocks([analyzePage(page(runs(false)))]).blocks;
    expect(blocks.some((b) => b.kind === 'heading')).toBe(false);
    const text = JSON.stringify(blocks);
    expect(text).toContain('Customer number 40-118-2291');
    expect(text).toContain('Phone +45 33 12 45 67');
    expect(tables(runs(true))).toHaveLength(1);
  });
});

describe('form parts', () => {
  it('reads the same parts as the three expressions run on every line, colon or none', () => {
    // What formPart was before lines without a colon skipped the two expressions that need one.
    const LABEL = /\p{L}[\p{L}\s()*/-]*:\s*$/u;
    const reference = (text: string) => {
      const t = text.trim();
      if (/^[_.…\s]{3,}$/u.test(t) || /^[☐☑☒□■▢✓✔✗✘]/u.test(t) || /:\s*[_.…]{3,}\s*$/u.test(t))
        return 'blank';
      return LABEL.test(t) ? 'label' : undefined;
    };
    const lines = [
      'Surname:',
      'Date of birth :  ',
      'Colour: ______',
      'Colour:______ ',
      '________________',
      '☐ Resident',
      'Ratio 3:4 of the total',
      'Time: 10:30',
      'Étage :',
      'Body text of a page with no colon at all',
      '(a) Notes*/-:',
      ': ...',
      'x:…',
      '',
    ];
    for (const l of lines) expect([l, formPart(l)]).toEqual([l, reference(l)]);
  });
});
