import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { layoutsToBlocks } from '../assemble/to-doc.js';
import { page, run } from '../testing/page-input.js';
import type { PageInput, TextRun } from '../types.js';
import { analyzePage } from './analyze.js';
import { BULLET, MARKER_ONLY, markerOf } from './markers.js';

const md = (input: PageInput) => toMarkdown(layoutsToBlocks([analyzePage(input)]).blocks).markdown;
const delimiterRows = (out: string) => out.split('\n').filter((l) => /^\|(?:\s*-{3,}\s*\|)+$/.test(l)).length;

/** Short items, each marker 18 pt left of its text (a hanging indent), 16 pt apart. */
function list(marker: (i: number) => string, items: string[], top: number): TextRun[] {
  return items.flatMap((t, i) => [run(marker(i), 90, top + i * 16, 11), run(t, 108, top + i * 16, 11)]);
}

const ITEMS = ['Measuring tape', 'Two ranging poles', 'Hand-held GPS receiver', 'Field book and pencils'];

describe('list markers', () => {
  it('takes one private-use glyph (a symbol font) as a bullet, but not a line all in one', () => {
    expect(BULLET.exec('\uf0b7 Measuring tape')?.[1]).toBe('\uf0b7');
    expect(BULLET.test('\uf041\uf042\uf043')).toBe(false);
    expect(MARKER_ONLY.test('\uf0fc')).toBe(true);
    expect(MARKER_ONLY.test('(iv)')).toBe(true);
    // An asterisk set as a bullet, apart from its text.
    expect(MARKER_ONLY.test('*')).toBe(true);
    expect(MARKER_ONLY.test('ab.')).toBe(false);
    expect(markerOf('b) the owners')).toBe('b)');
    expect(markerOf('by the owners')).toBeUndefined();
  });

  for (const [name, glyph] of [
    ['Symbol', '\uf0b7'],
    ['Wingdings tick', '\uf0fc'],
    ['mapped bullet', '•'],
  ] as const) {
    it(`reads a column of ${name} markers beside short items as a list, not a table`, () => {
      const out = md(
        page([
          run('The kit list below is checked before every trip.', 72, 80, 11),
          ...list(() => glyph, ITEMS, 100),
          run('Each team signs the kit out and back in at the store.', 72, 166, 11),
        ]),
      );
      expect(delimiterRows(out)).toBe(0);
      expect(out).toContain('* Measuring tape\n* Two ranging poles\n');
      expect(out).not.toMatch(/[\uE000-\uF8FF]/u);
      // The paragraph set left of the markers is no part of the last item.
      expect(out).toMatch(/\* Field book and pencils\n\nEach team signs/);
    });
  }

  it('starts a lettered list after a lead-in ending in a colon, the letters kept', () => {
    const out = md(
      page([
        run('The report is sent to:', 72, 80, 11),
        ...list((i) => `${'abc'[i]})`, ['the land registry', 'the owners', 'the district office'], 96),
      ]),
    );
    expect(out).toContain(
      'The report is sent to:\n\n* a) the land registry\n* b) the owners\n* c) the district office',
    );
  });

  it('starts a numbered list indented under a lead-in with no colon', () => {
    const out = md(
      page([
        run('To order a copy of the plan', 72, 80, 11),
        ...list(
          (i) => `${i + 1}.`,
          ['fill in the request form', 'pay the copying fee', 'collect the copy'],
          96,
        ),
      ]),
    );
    expect(out).toContain(
      'To order a copy of the plan\n\n1. fill in the request form\n2. pay the copying fee\n',
    );
  });

  it('keeps a numbered line under a contents entry in the contents', () => {
    const out = md(
      page([
        run('Human Traits Governed by Mendelian Genetics ........ 97', 72, 80, 11),
        run('1. Record your phenotype and genotype .. 97', 90, 94, 11),
        run('Pedigree Analysis ........................ 102', 72, 108, 11),
      ]),
    );
    expect(out).not.toMatch(/^1\. Record/m);
  });

  it('keeps a borderless table of short cells a table (no cell is a marker)', () => {
    const rows = [
      ['Fee', '2023', '2024'],
      ['Survey', '450', '480'],
      ['Drawing', '220', '240'],
      ['Filing', '35', '40'],
    ];
    const out = md(page(rows.flatMap((r, i) => r.map((t, j) => run(t, 72 + j * 150, 100 + i * 16, 11)))));
    expect(out).toContain('| Survey | 450 | 480 |');
  });

  it('reads a list set in three columns, each entry with its bullet, as a list, not a table', () => {
    const plants = ['Oak', 'Ash', 'Hazel', 'Holly', 'Bramble', 'Nettle', 'Foxglove', 'Bluebell', 'Elder'];
    const runs = plants.flatMap((t, i) => {
      const x = 72 + Math.floor(i / 3) * 160;
      const top = 100 + (i % 3) * 16;
      return [run('\uf0b7', x, top, 11), run(t, x + 18, top, 11)];
    });
    const out = md(page(runs));
    expect(delimiterRows(out)).toBe(0);
    for (const t of plants) expect(out).toContain(`* ${t}\n`);
  });
});
