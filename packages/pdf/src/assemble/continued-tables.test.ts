import { describe, expect, it } from 'vitest';
import { analyzePage } from '../layout/analyze.js';
import { page, run } from '../testing/page-input.js';
import type { TextRun } from '../types.js';
import { layoutsToBlocks } from './to-doc.js';

const X = [72, 250, 340];
const head = ['Station', 'Retreat', 'Visits'];
const rowsOf = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => [`Station ${from + i}`, `${(from + i) / 10}`, `${from + i + 3}`]);
/** A borderless table of `rows` from `top`, with its header when asked. */
const table = (rows: string[][], top: number, header: boolean): TextRun[] => [
  ...(header ? head.map((t, c) => run(t, X[c], top - 16, 10, true)) : []),
  ...rows.flatMap((r, i) => r.map((t, c) => run(t, X[c], top + i * 14, 10))),
];
const prose = (top: number) =>
  Array.from({ length: 4 }, (_, i) =>
    run('Body text of the page sets the body size here.', 72, top + i * 14, 10),
  );
const tables = (pages: TextRun[][]) =>
  layoutsToBlocks(pages.map((runs, i) => analyzePage(page(runs, i + 1))))
    .blocks.filter((b) => b.kind === 'table')
    .map((b) =>
      b.kind === 'table'
        ? b.rows.map((r) => r.map((c) => c.content.map((x) => (x.kind === 'text' ? x.text : '')).join('')))
        : [],
    );

describe('tables continued across a page break', () => {
  it('joins a table ending one page with the same columns opening the next, its repeated header dropped', () => {
    const one = [...prose(100), ...table(rowsOf(1, 5), 640, true)];
    // A running header in the top band does not stop it.
    const two = [run('Coastal survey 2023', 72, 30, 9), ...table(rowsOf(6, 4), 100, true), ...prose(200)];
    expect(tables([one, two])).toEqual([[head, ...rowsOf(1, 5), ...rowsOf(6, 4)]]);
  });

  it('keeps two tables apart when a title opens the next page, lower than running headers are set', () => {
    // The page's topmost line (labelled a header) at 70 pt: a new table's title.
    const one = [...prose(100), ...table(rowsOf(1, 5), 640, true)];
    const two = [run('Pesticides', 72, 70, 10), ...table(rowsOf(6, 4), 110, true), ...prose(200)];
    expect(tables([one, two])).toHaveLength(2);
  });

  it('keeps two tables apart when the next page opens with a caption of its own', () => {
    const one = [...prose(100), ...table(rowsOf(1, 5), 640, true)];
    const two = [
      run('Table 2. Visits by season', 72, 70, 10),
      ...table(rowsOf(6, 4), 100, true),
      ...prose(200),
    ];
    expect(tables([one, two])).toHaveLength(2);
  });

  it('keeps two tables apart when text follows the first on its page', () => {
    const one = [...prose(100), ...table(rowsOf(1, 5), 400, true), ...prose(600)];
    const two = [...table(rowsOf(6, 4), 100, true), ...prose(200)];
    expect(tables([one, two])).toHaveLength(2);
  });

  it('joins a table over three pages, the middle one filled by the table alone', () => {
    const one = [...prose(100), ...table(rowsOf(1, 5), 640, true)];
    const two = table(rowsOf(6, 40), 60, false);
    const three = [...table(rowsOf(46, 3), 60, false), ...prose(200)];
    expect(tables([one, two, three])).toEqual([[head, ...rowsOf(1, 5), ...rowsOf(6, 40), ...rowsOf(46, 3)]]);
  });
});
