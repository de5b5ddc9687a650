import { describe, expect, it } from 'vitest';
import { analyzePage } from '../layout/analyze.js';
import { page, run } from '../testing/page-input.js';
import type { LayoutBlock, PageInput, PageLayout, TextRun } from '../types.js';
import { joinContinuedTables } from './continued-tables.js';
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

  it("drops a table's header row left alone at a page's foot, under its caption, when the table opens the next page", () => {
    const one = [...prose(100), run('Table 3: Visits by station', 72, 712, 10), ...table([], 746, true)];
    const two = [...table(rowsOf(1, 5), 116, true), ...prose(300)];
    const doc = layoutsToBlocks([analyzePage(page(one, 1)), analyzePage(page(two, 2))]);
    const text = JSON.stringify(doc.blocks.filter((b) => b.kind !== 'table'));
    expect(tables([one, two])).toEqual([[head, ...rowsOf(1, 5)]]);
    expect(text).toContain('Table 3: Visits by station');
    expect(text).not.toMatch(/Retreat/);
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

  it('joins across a running footer set above the bottom band, but not across a note only one page has', () => {
    const footer = (text: string) => run(text, 72, 722, 9);
    const one = (foot: string) => [...prose(100), ...table(rowsOf(1, 5), 620, true), footer(foot)];
    const two = [...table(rowsOf(6, 4), 100, true), ...prose(200), footer('Prepared by the survey office')];
    expect(tables([one('Prepared by the survey office'), two])).toHaveLength(1);
    expect(tables([one('Source: survey of the northern shore'), two])).toHaveLength(2);
  });
});

describe('a boxed list broken by a page break', () => {
  const side = (x: number, y0: number, y1: number) => ({ x0: x, x1: x, y0, y1 });
  const across = (y: number) => ({ x0: 60, x1: 300, y0: y, y1: y });
  const items = (texts: string[], top: number) =>
    texts.map((t, i) => run(t, 70, top + i * 22, 10, i === 0 && t === 'Reading list'));
  const lists = (one: PageInput, two: PageInput) =>
    layoutsToBlocks([analyzePage(one), analyzePage(two)])
      .blocks.filter((b) => b.kind === 'table')
      .map((b) =>
        b.kind === 'table'
          ? b.rows.map((r) => r.map((c) => c.content.map((x) => (x.kind === 'text' ? x.text : '')).join('')))
          : [],
      );

  it('joins a box open at the foot of one page with a box of the same sides opening the next, its title row once', () => {
    // The box's sides run to the page's foot with no rule closing it; the next page draws the
    // box again with the title row repeated over the last items.
    const one = page([...prose(100), ...items(['Reading list', 'Harbour charts'], 680)], 1);
    one.rules = [across(672), side(60, 672, 730), side(300, 672, 730)];
    const two = page([...items(['Reading list', 'Tide tables', 'Pilot books'], 70), ...prose(160)], 2);
    two.rules = [across(62), side(60, 62, 132), side(300, 62, 132), across(132)];
    expect(lists(one, two)).toEqual([
      [['Reading list'], ['Harbour charts'], ['Tide tables'], ['Pilot books']],
    ]);
  });

  it("leaves a frame round each page's whole body alone (a page border, not a list's box)", () => {
    const one = page(items(['Reading list', 'Harbour charts', 'Tide notes'], 80), 1);
    one.rules = [across(60), side(60, 60, 740), side(300, 60, 740), across(740)];
    const two = page(items(['Pilot books', 'Light lists'], 80), 2);
    two.rules = [across(60), side(60, 60, 740), side(300, 60, 740), across(740)];
    expect(lists(one, two)).toEqual([]);
  });
});

describe('joining table parts (blocks)', () => {
  const cells = (...t: string[]) => t.map((text) => ({ text }));
  const layout = (n: number, blocks: LayoutBlock[]): PageLayout => ({
    pageNumber: n,
    width: 600,
    height: 800,
    blocks,
    chars: 1,
  });
  const part = (rows: { text: string }[][], y0: number, y1: number, ruled = true): LayoutBlock => ({
    kind: 'table',
    box: { x0: 60, y0, x1: 540, y1 },
    rows,
    ruled,
  });
  const rowsOfJoined = (pages: PageLayout[]) => {
    const [first] = joinContinuedTables(pages);
    const t = first.blocks.find((b) => b.kind === 'table');
    return t?.kind === 'table' ? t.rows.map((r) => r.map((c) => c.text)) : [];
  };

  it("takes a wrapped header row alone at a page's foot, read a line a row, as the one header row the next part opens with", () => {
    const rows = rowsOfJoined([
      layout(1, [part([cells('Station', 'Water', 'Sample'), cells('name', 'depth (m)', '')], 740, 780)]),
      layout(2, [part([cells('Station name', 'Water depth (m)', 'Sample'), cells('A', '1', 'x')], 20, 200)]),
    ]);
    expect(rows).toEqual([
      ['Station name', 'Water depth (m)', 'Sample'],
      ['A', '1', 'x'],
    ]);
  });

  it('drops a header of two rows repeated on the next page', () => {
    const header = [cells('Station', 'Counts', 'Depth'), cells('name', 'visits', '(m)')];
    const rows = rowsOfJoined([
      layout(1, [part([...header, cells('A', '1', '2'), cells('B', '3', '4')], 500, 780)]),
      layout(2, [part([...header, cells('C', '5', '6')], 20, 200)]),
    ]);
    expect(rows).toEqual([
      ['Station', 'Counts', 'Depth'],
      ['name', 'visits', '(m)'],
      ['A', '1', '2'],
      ['B', '3', '4'],
      ['C', '5', '6'],
    ]);
  });

  it('joins a row broken by the page end into one row, where the first column names every row', () => {
    const header = cells('Station', 'Visits', 'Remarks');
    const pages = (second: { text: string }[][]) => [
      layout(1, [
        part([header, cells('A', '1', 'Sampled at'), cells('B', '3', 'Sampled at the bridge and')], 500, 780),
      ]),
      layout(2, [part([header, ...second], 20, 200)]),
    ];
    expect(rowsOfJoined(pages([cells('', '', 'again at the weir'), cells('C', '5', 'Dry')]))).toEqual([
      ['Station', 'Visits', 'Remarks'],
      ['A', '1', 'Sampled at'],
      ['B', '3', 'Sampled at the bridge and again at the weir'],
      ['C', '5', 'Dry'],
    ]);
    // Where the first column is left empty under a group's first row, an empty cell says nothing.
    expect(rowsOfJoined(pages([cells('', '4', 'Second visit'), cells('', '5', 'Third visit')]))).toHaveLength(
      5,
    );
  });

  it("gives a cut row's lines read into the repeated header's cells back to the row, a header-rule part joining an unruled one", () => {
    const header = cells('Station', 'Remarks', 'Owner');
    const rows = rowsOfJoined([
      layout(1, [
        part([header, cells('A', 'Dry', 'Parks'), cells('B', 'Sampled at the', 'Harbour')], 500, 780),
      ]),
      layout(2, [
        part(
          [cells('Station', 'Remarks bridge', 'Owner office'), cells('C', 'Wet', 'Parks')],
          20,
          200,
          false,
        ),
      ]),
    ]);
    expect(rows).toEqual([
      ['Station', 'Remarks', 'Owner'],
      ['A', 'Dry', 'Parks'],
      ['B', 'Sampled at the bridge', 'Harbour office'],
      ['C', 'Wet', 'Parks'],
    ]);
    // Without the header printed again, a ruled part and an unruled one stay two tables.
    const apart = joinContinuedTables([
      layout(1, [part([header, cells('A', 'Dry', 'Parks')], 500, 780)]),
      layout(2, [part([cells('C', 'Wet', 'Parks')], 20, 200, false)]),
    ]);
    expect(apart[1].blocks).toHaveLength(1);
  });

  it('drops a "continued" caption over the part it joins', () => {
    const caption: LayoutBlock = {
      kind: 'text',
      lines: [
        { spans: [{ text: 'Table 4 (continued)' }], box: { x0: 60, y0: 10, x1: 200, y1: 18 }, size: 10 },
      ],
      box: { x0: 60, y0: 10, x1: 200, y1: 18 },
      size: 10,
      bold: false,
    };
    const header = cells('Station', 'Visits');
    const [first, second] = joinContinuedTables([
      layout(1, [part([header, cells('A', '1')], 500, 780)]),
      layout(2, [caption, part([header, cells('B', '2')], 20, 200)]),
    ]);
    expect(first.blocks).toHaveLength(1);
    expect(second.blocks).toEqual([]);
  });

  it("puts a cut row's lines left apart over the next part back on the row, column by column", () => {
    const cols = [
      { x0: 60, x1: 150 },
      { x0: 200, x1: 350 },
      { x0: 400, x1: 540 },
    ];
    const line = (text: string, x0: number, x1: number, y0: number): LayoutBlock => ({
      kind: 'text',
      lines: [{ spans: [{ text }], box: { x0, y0, x1, y1: y0 + 10 }, size: 10 }],
      box: { x0, y0, x1, y1: y0 + 10 },
      size: 10,
      bold: false,
    });
    const header = cells('Station', 'Remarks', 'Owner');
    const unruled = (rows: { text: string }[][], y0: number, y1: number) => ({
      ...part(rows, y0, y1, false),
      cols,
    });
    const pages = (apart: LayoutBlock[]) => [
      layout(1, [
        unruled([header, cells('A', 'Dry', 'Parks'), cells('B', 'Sampled at the', 'Harbour')], 500, 780),
      ]),
      layout(2, [...apart, unruled([cells('C', 'Wet', 'Parks'), cells('D', 'Dry', 'Roads')], 60, 200)]),
    ];
    expect(
      rowsOfJoined(pages([line('bridge and weir', 205, 300, 30), line('office', 405, 450, 30)])),
    ).toEqual([
      ['Station', 'Remarks', 'Owner'],
      ['A', 'Dry', 'Parks'],
      ['B', 'Sampled at the bridge and weir', 'Harbour office'],
      ['C', 'Wet', 'Parks'],
      ['D', 'Dry', 'Roads'],
    ]);
    // A line across two columns, or in the first (a title, a note), is no cut row's.
    expect(rowsOfJoined(pages([line('Visits in the second year', 60, 330, 30)]))).toHaveLength(3);
    expect(rowsOfJoined(pages([line('Note', 62, 100, 30)]))).toHaveLength(3);
  });
});
