import { blockText, toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { layoutsToBlocks, lineInlines } from '../assemble/to-doc.js';
import { page, run } from '../testing/page-input.js';
import type { PageInput, TextRun } from '../types.js';
import { analyzePage } from './analyze.js';
import { findFrameTables } from './frames.js';
import { findGutters } from './gutters.js';
import { buildLines, makeLine, withRotated } from './lines.js';
import { dropEmptyColumns, gridFromText } from './tables.js';

const md = (inputs: PageInput[]) => toMarkdown(layoutsToBlocks(inputs.map(analyzePage)).blocks).markdown;

describe('contents pages', () => {
  const entries = ['Executive Summary', 'Legal Framework', 'Election Administration', 'Civil Society'];
  const toc = page([
    run('Table of Contents', 72, 80, 20, true),
    ...entries.flatMap((t, i) => [
      run(t, 72, 140 + i * 24, 12, true),
      // Page numbers right-aligned at x = 540.
      run(String(4 + i * 5), 540 - String(4 + i * 5).length * 6, 140 + i * 24, 12, true),
    ]),
    ...Array.from({ length: 8 }, (_, i) =>
      run('Body text of the page that sets the body size here.', 72, 300 + i * 14),
    ),
  ]);

  it('joins each title with its right-aligned page number on one line', () => {
    const out = md([toc]);
    expect(out).toContain('Executive Summary 4');
    expect(out).toContain('Civil Society 19');
  });

  it('never makes a contents entry a heading', () => {
    const blocks = layoutsToBlocks([analyzePage(toc)]).blocks;
    const headings = blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b));
    expect(headings).toEqual(['Table of Contents']);
  });

  it('leaves a lone number beside ordinary text alone', () => {
    const p = page([run('Some text', 72, 100), run('12', 500, 100)]);
    const layout = analyzePage(p);
    const texts = layout.blocks.flatMap((b) =>
      b.kind === 'text' ? b.lines.map((l) => l.spans[0].text) : [],
    );
    expect(texts).not.toContain('Some text 12');
  });
});

describe('heading runs', () => {
  it('demotes three or more same-level headings in a row to text', () => {
    const items = ['1. Overview of the Pack', '2. Product Services', '3. Detail Specification'];
    const p = page([
      run('Contents', 72, 60, 24, true),
      ...items.map((t, i) => run(t, 72, 140 + i * 40, 16, true)),
      ...Array.from({ length: 10 }, (_, i) =>
        run('Body text of the page that sets the body size.', 72, 300 + i * 14),
      ),
    ]);
    const blocks = layoutsToBlocks([analyzePage(p)]).blocks;
    const headings = blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b));
    expect(headings).toEqual(['Contents']);
  });

  it('keeps two headings in a row', () => {
    const p = page([
      run('Prologue', 72, 60, 24, true),
      run('Programming and Understanding', 72, 100, 16, true),
      ...Array.from({ length: 10 }, (_, i) =>
        run('Body text of the page that sets the body size.', 72, 140 + i * 14),
      ),
    ]);
    const blocks = layoutsToBlocks([analyzePage(p)]).blocks;
    expect(blocks.filter((b) => b.kind === 'heading')).toHaveLength(2);
  });
});

describe('ruled tables', () => {
  it('reads a grid drawn with inside borders only, first and last rows and columns included', () => {
    const cells = [
      ['', 'OCR', 'Search'],
      ['Pack', 'Reads text', 'Finds data'],
      ['Use', 'Receipts', 'Catalogues'],
    ];
    const runs = cells.flatMap((row, r) =>
      row.filter((t) => t).map((t) => run(t, [40, 170, 320][row.indexOf(t)], 75 + r * 50, 10)),
    );
    const p = page(runs);
    // Horizontal rules run past the vertical ones to the table's sides; no frame.
    p.rules = [
      { x0: 20, y0: 100, x1: 500, y1: 100 },
      { x0: 20, y0: 150, x1: 500, y1: 150 },
      { x0: 150, y0: 60, x1: 150, y1: 200 },
      { x0: 300, y0: 60, x1: 300, y1: 200 },
    ];
    const tables = analyzePage(p).blocks.filter((b) => b.kind === 'table');
    expect(tables).toHaveLength(1);
    const t = tables[0];
    if (t.kind !== 'table') throw new Error('not a table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual(cells);
  });
});

describe('tables the lines vouch for', () => {
  const grid = (xs: number[], ys: number[]) => [
    ...ys.map((y) => ({ x0: xs[0], y0: y, x1: xs[xs.length - 1], y1: y })),
    ...xs.map((x) => ({ x0: x, y0: ys[0], x1: x, y1: ys[ys.length - 1] })),
  ];
  const tableRows = (p: PageInput) =>
    analyzePage(p)
      .blocks.filter((b) => b.kind === 'table')
      .map((t) => (t.kind === 'table' ? t.rows.map((r) => r.map((c) => c.text)) : []));

  it('parts a ruled band holding one value per line in every column into rows', () => {
    // Header row ruled; the three body rows share one band, values stacked one per line.
    const rows = [
      ['3-year-olds', '1,530', '1,029'],
      ['4-year-olds', '1,253', '855'],
      ['Total', '2,783', '1,884'],
    ];
    const p = page([
      run('Cohort', 80, 106, 10),
      run('Head Start', 220, 106, 10),
      run('Control', 360, 106, 10),
      ...rows.flatMap((r, i) => r.map((t, c) => run(t, [80, 220, 360][c], 126 + i * 14, 10))),
    ]);
    p.rules = grid([70, 200, 340, 480], [100, 120, 170]);
    expect(tableRows(p)).toEqual([[['Cohort', 'Head Start', 'Control'], ...rows]]);
  });

  it('keeps the wrapped lines of a ruled cell in one row', () => {
    const p = page([
      run('Source', 80, 106, 10),
      run('Definition', 220, 106, 10),
      run('Major area', 80, 126, 10),
      run('Emissions of ten tons', 220, 126, 10),
      run('a year or more', 220, 140, 10),
      run('of one air toxic', 220, 154, 10),
    ]);
    p.rules = grid([70, 200, 400], [100, 120, 170]);
    expect(tableRows(p)).toEqual([
      [
        ['Source', 'Definition'],
        ['Major area', 'Emissions of ten tons a year or more of one air toxic'],
      ],
    ]);
  });

  it('reads a boxed one-column list of items as a table', () => {
    const items = ['Safety goggles', 'Lab coat', 'Nitrile gloves', 'Closed shoes'];
    const p = page(items.map((t, i) => run(t, 80, 106 + i * 20, 10)));
    p.rules = grid([70, 300], [100, 120, 140, 160, 180]);
    expect(tableRows(p)).toEqual([items.map((t) => [t])]);
  });

  it('keeps two grids of one width drawn with lines apart when a paragraph stands between them', () => {
    const items = ['Safety goggles', 'Lab coat', 'Nitrile gloves'];
    const second = ['Goggles', 'Coat', 'Gloves'];
    const runs = [
      ...items.map((t, i) => run(t, 80, 106 + i * 20, 10)),
      ...second.map((t, i) => run(t, 80, 186 + i * 20, 10)),
    ];
    const between = run('Returned items are listed below.', 72, 165, 10);
    const rules = [...grid([70, 300], [100, 120, 140, 160]), ...grid([70, 300], [180, 200, 220, 240])];
    const p = page([...runs, between]);
    p.rules = rules;
    expect(tableRows(p)).toEqual([items.map((t) => [t]), second.map((t) => [t])]);
    // With nothing between them (a grid broken by a gap), they stay one table.
    const q = page(runs);
    q.rules = rules;
    expect(tableRows(q)).toEqual([[...items, ...second].map((t) => [t])]);
  });

  it('leaves lines of running text in a ruled box as text', () => {
    const lines = [
      'Visitors can find data sets on',
      'topics of interest, read blogs',
      'from agencies and comment on',
    ];
    const p = page(lines.map((t, i) => run(t, 80, 106 + i * 20, 10)));
    p.rules = grid([70, 300], [100, 120, 140, 160]);
    expect(tableRows(p)).toEqual([]);
  });

  it('parts a boxed one-column list under a ruled header into one row per item', () => {
    // Items one a line, each ending with room for the next line's first word: broken by hand.
    const items = ['Safety goggles', 'Lab coat', 'Nitrile gloves', 'Closed shoes'];
    const p = page([
      run('Required items', 80, 104, 10, true),
      ...items.map((t, i) => run(t, 80, 126 + i * 14, 10)),
    ]);
    p.rules = grid([70, 300], [100, 120, 185]);
    expect(tableRows(p)).toEqual([[['Required items'], ...items.map((t) => [t])]]);
  });

  it('keeps an empty second column under its header, the items below ruled off only as a block', () => {
    const items = ['Safety goggles', 'Lab coat', 'Nitrile gloves', 'Closed shoes'];
    const p = page([
      run('Item', 80, 104, 10, true),
      run('Notes', 220, 104, 10, true),
      ...items.map((t, i) => run(t, 80, 126 + i * 14, 10)),
    ]);
    p.rules = grid([70, 200, 400], [100, 120, 185]);
    expect(tableRows(p)).toEqual([[['Item', 'Notes'], ...items.map((t) => [t, ''])]]);
  });

  it('keeps the wrapped lines of a one-column ruled cell together, and a lone frame of short lines text', () => {
    // Each line is as full as the next word allows: wrapped, one entry.
    const wrapped = ['Emissions of ten tons or', 'more a year of one toxic', 'air pollutant in all'];
    const one = page([
      run('Definition', 80, 104, 10, true),
      ...wrapped.map((t, i) => run(t, 80, 126 + i * 14, 10)),
    ]);
    one.rules = grid([70, 205], [100, 120, 170]);
    expect(tableRows(one)).toEqual([]);
    // A frame round an address or a note: one drawn cell, whatever its lines.
    const lines = ['Field Office', '12 Harbour Road', 'Northport'];
    const box = page(lines.map((t, i) => run(t, 80, 106 + i * 14, 10)));
    box.rules = grid([70, 300], [100, 150]);
    expect(tableRows(box)).toEqual([]);
  });

  it('keeps a wide drawn column that is empty in every row', () => {
    const names = ['Signature', 'Date', 'Witness'];
    const p = page(names.map((t, i) => run(t, 80, 106 + i * 20, 10)));
    p.rules = grid([70, 200, 450], [100, 120, 140, 160]);
    expect(tableRows(p)).toEqual([names.map((t) => [t, ''])]);
  });
});

describe('figures side by side', () => {
  it('gives each figure of a run of figures its own column', () => {
    const rows = [
      ['Maine', '13,278', '13,077', '12,950'],
      ['Vermont', '17,100', '17,152', '16,779'],
      ['Iowa', '34,339', '33,547', '33,693'],
      ['Kansas', '30,155', '30,355', '29,818'],
      ['Ohio', '19,029', '16,702', '17,356'],
      ['Idaho', '15,547', '15,768', '16,096'],
      ['Utah', '30,253', '30,214', '29,050'],
    ];
    // The state names and the first figure are runs of their own; the other two come as one
    // run, a word space apart.
    const runs = rows.flatMap((r, i) => {
      const top = 100 + i * 12;
      return [run(r[0], 72, top, 8), run(r[1], 176, top, 8), run(`${r[2]} ${r[3]}`, 252, top, 8)];
    });
    expect(gridFromText(runs)).toEqual(rows.map((r) => r.map((text) => ({ text }))));
  });
});

describe('two-column tables of figures', () => {
  const rowsOf = (p: PageInput) =>
    analyzePage(p)
      .blocks.filter((b) => b.kind === 'table')
      .map((t) => (t.kind === 'table' ? t.rows.map((r) => r.map((c) => c.text)) : []));
  const body = Array.from({ length: 6 }, (_, i) =>
    run('Body text of the page that sets the body size here and runs on for a while.', 72, 400 + i * 14),
  );

  it('reads names with figures that go up and down as a table', () => {
    const rows = [
      ['Austria', '12.4'],
      ['Belgium', '8.1'],
      ['Denmark', '15.0'],
      ['Finland', '9.7'],
    ];
    const p = page([
      ...rows.flatMap((r, i) => [run(r[0], 72, 100 + i * 14), run(r[1], 300, 100 + i * 14)]),
      ...body,
    ]);
    expect(rowsOf(p)).toEqual([rows]);
  });

  it('leaves titles with page numbers that only go up (roman ones first) as a contents list', () => {
    const rows = [
      ['Preface', 'vii'],
      ['Acknowledgments', 'xi'],
      ['Introduction', '3'],
      ['Methods', '7'],
      ['Results', '12'],
      ['Discussion', '20'],
    ];
    const p = page([
      ...rows.flatMap((r, i) => [run(r[0], 72, 100 + i * 14), run(r[1], 300, 100 + i * 14)]),
      ...body,
    ]);
    expect(rowsOf(p)).toEqual([]);
  });
});

describe('typewritten tables', () => {
  // Courier: every character 0.6 em; columns laid out with spaces, figures right-aligned.
  const mono = (text: string, top: number): TextRun => ({
    ...run(text, 72, top, 10),
    x1: 72 + text.length * 6,
  });
  const pad = (cells: string[]) =>
    cells[0].padEnd(10) +
    ' .......' +
    cells
      .slice(1)
      .map((c) => c.padStart(6))
      .join('');
  const table = (rows: string[][], top: number) => [
    mono(`${'Proportion'.padEnd(18)}${rows[0].map((c) => c.padStart(6)).join('')}`, top),
    mono('-'.repeat(42), top + 12),
    ...rows.slice(1).map((r, i) => mono(pad(r), top + 24 + i * 12)),
  ];
  const first = [
    ['1.0', '1.1', '1.2', '1.3'],
    ['0.99', '800', '880', '960', '1,040'],
    ['0.95', '160', '176', '192', '208'],
    ['0.90', '80', '88', '96', '104'],
    ['0.85', '53', '59', '64', '69'],
    ['0.80', '40', '44', '48', '52'],
    ['0.75', '32', '35', '38', '42'],
  ];
  const second = [
    ['1.7', '1.8', '2.5', '3.5'],
    ['0.99', '1,360', '1,440', '2,000', '2,800'],
    ['0.95', '272', '288', '400', '560'],
    ['0.90', '136', '144', '200', '280'],
    ['0.85', '91', '96', '133', '187'],
    ['0.80', '68', '72', '100', '140'],
    ['0.75', '54', '58', '80', '112'],
  ].map((r, i) => (i === 0 ? r : [r[0].padEnd(8), ...r.slice(1)]));

  it('reads a table typed in a fixed-pitch font, leader dots and dashed rule dropped', () => {
    const p = page(table(first, 100));
    const t = analyzePage(p).blocks.filter((b) => b.kind === 'table');
    expect(t).toHaveLength(1);
    if (t[0].kind !== 'table') throw new Error('not a table');
    const rows = t[0].rows.map((r) => r.map((c) => c.text));
    expect(rows[0]).toEqual(['Proportion', ...first[0]]);
    expect(rows[1]).toEqual(first[1]);
    expect(rows).toHaveLength(first.length);
  });

  it('splits two typed tables stacked under one another with columns of their own', () => {
    const p = page([
      ...table(first, 100),
      ...table(second, 200).map((r) => ({ ...r, x0: r.x0 + 9, x1: r.x1 + 9 })),
    ]);
    const t = analyzePage(p).blocks.filter((b) => b.kind === 'table');
    expect(t).toHaveLength(2);
    const rows = t.map((b) => (b.kind === 'table' ? b.rows.map((r) => r.map((c) => c.text)) : []));
    expect(rows[1][0]).toEqual(['Proportion', ...second[0]]);
    expect(rows[1][1]).toEqual(['0.99', '1,360', '1,440', '2,000', '2,800']);
  });
});

describe('body size', () => {
  it('counts table text, so a title over a large table is still a heading', () => {
    const rows = Array.from({ length: 6 }, (_, r) => [
      `Row ${r} first cell text`,
      `Row ${r} second cell text`,
    ]);
    const runs = [
      run('Quarterly figures for every region', 40, 100, 14, true),
      ...rows.flatMap((row, r) => row.map((t, c) => run(t, 45 + c * 250, 145 + r * 30, 8))),
    ];
    const p = page(runs);
    const ys = Array.from({ length: 7 }, (_, r) => 140 + r * 30);
    p.rules = [
      ...ys.map((y) => ({ x0: 40, y0: y, x1: 540, y1: y })),
      ...[40, 290, 540].map((x) => ({ x0: x, y0: 140, x1: x, y1: 320 })),
    ];
    const blocks = layoutsToBlocks([analyzePage(p)]).blocks;
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'table']);
  });
});

describe('borderless tables', () => {
  it('leaves columns of cards (big figure, title, prose) as text', () => {
    const xs = [60, 230, 400];
    const runs = [
      ...['1.8X', '3 sec', 'SOTA'].map((t, c) => run(t, xs[c], 200, 23, true)),
      ...['Higher Return', 'Less Time', 'Best Model'].map((t, c) => run(t, xs[c], 230, 13, true)),
      ...[0, 1, 2, 3].flatMap((r) => xs.map((x) => run(`prose line ${r} here`, x, 255 + r * 14, 10))),
    ];
    const blocks = analyzePage(page(runs)).blocks;
    expect(blocks.some((b) => b.kind === 'table')).toBe(false);
  });
});

describe('text-frame tables', () => {
  const cols = [
    [40, 140],
    [160, 300],
    [320, 500],
  ];
  const cells = [
    ['Stage', 'Function', 'Benefit'],
    ['1. Create', 'Project setup', 'Faster start'],
    ['2. Label', 'Data storage', 'Less manual work'],
    ['3. Deploy', 'Endpoints', 'Quick rollout'],
  ];
  const runs = cells.flatMap((row, r) => row.map((t, c) => run(t, cols[c][0] + 2, 100 + r * 30, 8)));
  const frames = cells.flatMap((row, r) =>
    row.map((_, c) => ({ x0: cols[c][0], x1: cols[c][1], y0: 98 + r * 30, y1: 111 + r * 30 })),
  );

  it('reads text boxes stacked in columns, over a grid drawn as a picture, as a table', () => {
    const p = page(runs);
    p.rects = frames;
    p.images = [{ x0: 30, y0: 90, x1: 510, y1: 230 }];
    const blocks = analyzePage(p).blocks;
    expect(blocks.map((b) => b.kind)).toEqual(['table']);
    const t = blocks[0];
    if (t.kind !== 'table') throw new Error('not a table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual(cells);
  });

  it('leaves shading that tiles rows edge to edge to the ruled pass', () => {
    const tiled = cells.flatMap((row, r) =>
      row.map((_, c) => ({
        x0: [40, 150, 310][c],
        x1: [150, 310, 500][c],
        y0: 98 + r * 30,
        y1: 111 + r * 30,
      })),
    );
    expect(findFrameTables(runs, tiled, new Set())).toEqual([]);
    expect(findFrameTables(runs, frames, new Set())).toHaveLength(1);
  });
});

describe('word spacing', () => {
  it('reads a narrow gap where roman turns italic as a space, and none inside a word', () => {
    const his = run('In his', 72, 100, 11);
    const dict = { ...run('Dictionary,', his.x1 + 1.2, 100, 11), italic: true };
    const rest = run('Johnson', dict.x1 + 1.2, 100, 11);
    const tight = run('s', rest.x1 + 0.3, 100, 11);
    expect(makeLine([his, dict, rest, tight]).text).toBe('In his Dictionary, Johnsons');
  });
  it('reads a tight gap after a full stop before a capital as a space, and not inside a word', () => {
    const a = run('they did not know.', 72, 100, 9.5);
    const b = run('This question', a.x1 + 1.0, 100, 9.5);
    const c = run('was only', b.x1 + 3, 100, 9.5);
    expect(makeLine([a, b, c]).text).toBe('they did not know. This question was only');
    const d = run('U.', 72, 120, 9.5);
    expect(makeLine([d, run('S.', d.x1 + 0.3, 120, 9.5)]).text).toBe('U.S.');
  });
  it('spaces a footnote mark drawn small at the body size from the next word by its own width', () => {
    const word = run('properties.', 72, 100, 11);
    // "28" is 7.8 points wide: set at about 8 points, though it reports 11.
    const mark = { ...run('28', word.x1, 100, 11), x1: word.x1 + 7.8 };
    const next = run('The', mark.x1 + 1.8, 100, 11);
    expect(makeLine([word, mark, next]).text).toBe('properties.28 The');
  });
});

describe('column gutters', () => {
  it('splits two columns whose gutter is narrower than a font size', () => {
    const size = 9.5;
    const left = Array.from({ length: 8 }, (_, i) => `left column line number ${i} ends`);
    const right = Array.from({ length: 8 }, (_, i) => `right column line ${i} here`);
    const runs = [
      ...left.map((t, i) => ({ ...run(t, 40, 120 + i * 12, size), x1: 266 })),
      ...right.map((t, i) => ({ ...run(t, 275, 120 + i * 12, size), x1: 500 })),
    ];
    const text = md([page(runs)]);
    // The left column is read whole before the right one, never line by line across.
    expect(text.indexOf('left column line number 7')).toBeLessThan(text.indexOf('right column line 0'));
    expect(text).not.toMatch(/ends right/);
  });

  it('leaves justified prose, whose word gaps move from row to row, as whole lines', () => {
    const words = ['the', 'survey', 'established', 'a', 'general', 'profile', 'of', 'firms', 'interviewed'];
    const runs = Array.from({ length: 10 }, (_, i) => {
      const row = [];
      let x = 40;
      for (let k = 0; k < 6; k++) {
        const w = words[(i * 2 + k) % words.length];
        row.push(run(w, x, 120 + i * 12, 10));
        x += w.length * 5 + 4.5;
      }
      return row;
    }).flat();
    expect(findGutters(runs)).toEqual([]);
  });

  it('finds the same gutters at coordinates past the span it counts in an array', () => {
    const size = 9.5;
    const runs = (dx: number) => [
      ...Array.from({ length: 8 }, (_, i) => ({
        ...run(`left column line number ${i} ends`, 40 + dx, 120 + i * 12, size),
        x1: 266 + dx,
      })),
      ...Array.from({ length: 8 }, (_, i) => ({
        ...run(`right column line ${i} here`, 275 + dx, 120 + i * 12, size),
        x1: 500 + dx,
      })),
      // A row of two runs far left of the columns leaves a gap that stretches the span the
      // candidates are counted over past the array's (a Map then), and crosses no gutter.
      ...(dx ? [run('x', -1000, 60, size), run('y', 0, 60, size)] : []),
    ];
    const near = findGutters(runs(0));
    expect(near.length).toBe(1);
    const far = findGutters(runs(200_000));
    expect(far.map((g) => ({ ...g, x: g.x - 200_000 }))).toEqual(near);
  });
});

describe('lines of upright runs taken as read', () => {
  it('withRotated gives what buildLines gives, rotated runs and empty lines included', () => {
    const runs = [
      run('First line of text', 72, 100),
      run('second part', 300, 100),
      { ...run('rotated label', 20, 300), rotated: true },
      run('   ', 72, 130),
      run('Third line', 72, 160),
      { ...run(' ', 20, 500), rotated: true },
    ];
    const upright = buildLines(runs.filter((r) => !r.rotated));
    expect(withRotated(upright, runs)).toEqual(buildLines(runs));
  });
});

describe('sidebar headings', () => {
  it('makes a small bold title over regular text of its size a heading', () => {
    const body = Array.from({ length: 12 }, (_, i) =>
      run('Body text of the page sets the body size here.', 72, 100 + i * 16, 13),
    );
    const side = [
      run('Cellular Cycle', 430, 100, 10, true),
      run('A step by step guide to growing a cell', 430, 116, 11),
      run('and dividing it into two new cells.', 430, 129, 11),
    ];
    const blocks = layoutsToBlocks([analyzePage(page([...body, ...side]))]).blocks;
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b))).toEqual(['Cellular Cycle']);
  });

  it('makes a numbered section title at the body size a heading, not a numbered sentence', () => {
    const para = (top: number) =>
      Array.from({ length: 4 }, (_, i) =>
        run('Body text of the page sets the body size here and goes on.', 72, top + i * 14, 10),
      );
    const p = page([
      ...para(80),
      run('2.3 Sampling design', 72, 150, 10),
      ...para(172),
      run('2.4. The sample was drawn at random from the register.', 72, 242, 10),
      ...para(264),
    ]);
    const blocks = layoutsToBlocks([analyzePage(p)]).blocks;
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b))).toEqual([
      '2.3 Sampling design',
    ]);
  });

  it('takes levels from numbering depth at the body size, and a one-level number beside its subsections or in sequence', () => {
    const para = (top: number) =>
      Array.from({ length: 4 }, (_, i) =>
        run('Body text of the page sets the body size here and goes on.', 72, top + i * 14, 10),
      );
    const levels = (runs: TextRun[]) =>
      layoutsToBlocks([analyzePage(page(runs))])
        .blocks.filter((b) => b.kind === 'heading')
        .map((b) => `${b.kind === 'heading' ? b.level : 0} ${blockText(b)}`);
    // Numbered sections, no size change, no bold: the depth gives the level.
    expect(
      levels([
        run('1 Scope of the survey', 72, 100, 10),
        ...para(120),
        run('1.1 Sampling design', 72, 190, 10),
        ...para(210),
        run('1.1.1 Weights', 72, 280, 10),
        ...para(300),
        run('2 Results', 72, 370, 10),
        ...para(390),
        run('7 Appendix tables', 72, 460, 10),
        ...para(480),
      ]),
    ).toEqual(['1 1 Scope of the survey', '2 1.1 Sampling design', '3 1.1.1 Weights', '1 2 Results']);
    // Without subsections, one-level numbers are sections where they run 1, 2… in order, each
    // over text of its own; numbers out of sequence are as likely items of a numbered list.
    expect(
      levels([
        run('1 Scope of the survey', 72, 100, 10),
        ...para(120),
        run('2 Results', 72, 190, 10),
        ...para(212),
      ]),
    ).toEqual(['1 1 Scope of the survey', '1 2 Results']);
    expect(
      levels([
        run('1 Scope of the survey', 72, 100, 10),
        ...para(120),
        run('3 Results', 72, 190, 10),
        ...para(212),
      ]),
    ).toEqual([]);
    // A chapter word of any language with its number, at the body size, over text.
    expect(levels([run('Kapitel 4 Ergebnisse', 72, 100, 10), ...para(120)])).toEqual([
      '1 Kapitel 4 Ergebnisse',
    ]);
    // Set larger, depth 1 is level 1; a depth-2 number at the body size goes under it.
    expect(
      levels([
        run('3 Methods', 72, 100, 16),
        ...para(130),
        run('3.1 Instruments', 72, 200, 10),
        ...para(222),
      ]),
    ).toEqual(['1 3 Methods', '2 3.1 Instruments']);
  });

  it('parts a short title line from the full paragraph set close under it, and keeps a larger title at the top of the page', () => {
    const full = 'Each district office kept its own register of holdings, and the registers were';
    const blocks = layoutsToBlocks([
      analyzePage(
        page([
          run('Land registers of the districts', 72, 72, 13, true),
          run(full, 72, 93, 11),
          run('compared at the end of every quarter.', 72, 106, 11),
          run('1.1 Districts covered', 72, 130, 11),
          run(full, 72, 148, 11),
          run('compared at the end of every quarter.', 72, 161, 11),
          run('Short opening line of a poem', 72, 185, 11),
          run('and its second line, short too', 72, 198, 11),
        ]),
      ),
    ]).blocks;
    const texts = blocks.map((b) => `${b.kind} ${blockText(b).slice(0, 24)}`);
    expect(texts).toEqual([
      'heading Land registers of the di',
      'paragraph Each district office kep',
      'heading 1.1 Districts covered',
      'paragraph Each district office kep',
      'paragraph Short opening line of a ',
    ]);
  });

  it('reads a numbered label beside a picture as its caption in any language, and the same shape over text as a title', () => {
    const para = (top: number) =>
      Array.from({ length: 4 }, (_, i) =>
        run(
          'Der Text der Seite legt die Schriftgröße des Fließtextes fest und geht weiter.',
          72,
          top + i * 14,
          10,
        ),
      );
    const input = page([
      ...para(100),
      run('Abbildung 3: Wasserstand am Pegel', 72, 360, 10, true),
      run('Kapitel 4: Ergebnisse', 72, 420, 10, true),
      ...para(440),
    ]);
    input.pictures = [{ x0: 72, y0: 180, x1: 400, y1: 350, source: {} }];
    input.images = [{ x0: 72, y0: 180, x1: 400, y1: 350 }];
    const blocks = layoutsToBlocks([analyzePage(input)]).blocks;
    const caption = blocks.find((b) => blockText(b).startsWith('Abbildung'));
    expect(caption?.kind).toBe('paragraph');
    expect(caption?.kind === 'paragraph' && caption.prov?.label).toBe('caption');
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b))).toEqual([
      'Kapitel 4: Ergebnisse',
    ]);
  });

  it('makes no heading of a title set on page after page, nor of an appendix figure caption', () => {
    const para = (top: number) =>
      Array.from({ length: 5 }, (_, i) =>
        run('Body text of the page sets the body size here and goes on.', 72, top + i * 14, 10),
      );
    const pages = [1, 2, 3, 4].map((n) =>
      page(
        [
          run('Presentation of Findings', 72, 150, 14, true),
          ...para(180),
          run(`Section ${n} results`, 72, 280, 14, true),
          ...para(310),
          ...(n === 4
            ? [run('Figure A1: Density of financial losses', 72, 400, 14, true), ...para(430)]
            : []),
        ],
        n,
      ),
    );
    const blocks = layoutsToBlocks(pages.map(analyzePage)).blocks;
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b))).toEqual([
      'Section 1 results',
      'Section 2 results',
      'Section 3 results',
      'Section 4 results',
    ]);
  });

  it('takes bold for a title only when the body is not set in bold itself', () => {
    const para = (top: number, bold: boolean) =>
      Array.from({ length: 4 }, (_, i) =>
        run('Body text of the page sets the body size here and goes on.', 72, top + i * 14, 10, bold),
      );
    const doc = (bold: boolean) =>
      layoutsToBlocks([
        analyzePage(page([...para(80, bold), run('Opening hours', 72, 150, 10, true), ...para(172, bold)])),
      ]).blocks.filter((b) => b.kind === 'heading');
    expect(doc(false).map((b) => blockText(b))).toEqual(['Opening hours']);
    // A notice set all in bold: its short line is one more line of it.
    expect(doc(true)).toEqual([]);
  });

  it('reads a bold line at the body size right over a list as its label, colon or not, and over text as a title', () => {
    const para = (top: number) =>
      Array.from({ length: 4 }, (_, i) =>
        run('Body text of the page sets the body size here and goes on.', 72, top + i * 14, 10),
      );
    const items = (top: number) =>
      ['• Waterproof clothes', '• A packed lunch', '• A notebook and a pencil'].map((t, i) =>
        run(t, 80, top + i * 14, 10),
      );
    const headings = layoutsToBlocks([
      analyzePage(
        page([
          ...para(80),
          run('What to bring:', 72, 150, 10, true),
          ...items(164),
          run('Provided by the school', 72, 214, 10, true),
          ...items(228),
          run('Costs', 72, 278, 10, true),
          ...para(292),
        ]),
      ),
    ]).blocks.filter((b) => b.kind === 'heading');
    expect(headings.map((b) => blockText(b))).toEqual(['Costs']);
  });

  it('leaves a small bold line with nothing under it as text', () => {
    const body = Array.from({ length: 12 }, (_, i) =>
      run('Body text of the page sets the body size here.', 72, 100 + i * 16, 13),
    );
    const blocks = layoutsToBlocks([
      analyzePage(page([...body, run('Source: survey', 72, 400, 10, true)])),
    ]).blocks;
    expect(blocks.some((b) => b.kind === 'heading')).toBe(false);
  });
});

describe('shaded-row tables', () => {
  it('keeps the values of a bare row between shaded ones in their own cells', () => {
    const xs = [40, 150, 250, 350];
    const cells = [
      ['Port', 'Foreign', 'Domestic'],
      ['Manila', '2454', '6,125'],
      ['Cebu', '1138', '79,500'],
      ['Davao', '750', '17,807'],
    ];
    const runs = cells.flatMap((row, r) => row.map((t, c) => run(t, xs[c] + 4, 102 + r * 15, 10)));
    const p = page(runs);
    p.rules = [
      { x0: 40, y0: 100, x1: 350, y1: 100 },
      { x0: 40, y0: 160, x1: 350, y1: 160 },
      { x0: 150, y0: 100, x1: 150, y1: 160 },
    ];
    // Rows 0 and 2 shaded cell by cell; rows 1 and 3 bare.
    p.rects = [0, 2].flatMap((r) =>
      [0, 1, 2].map((c) => ({ x0: xs[c], x1: xs[c + 1], y0: 100 + r * 15, y1: 115 + r * 15 })),
    );
    const tables = analyzePage(p).blocks.filter((b) => b.kind === 'table');
    expect(tables).toHaveLength(1);
    const t = tables[0];
    if (t.kind !== 'table') throw new Error('not a table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual(cells);
  });
});

describe('open grids', () => {
  it('takes the header row set above the first rule, one piece per column', () => {
    const cells = [
      ['', 'OCR', 'Search'],
      ['Pack', 'Reads text', 'Finds data'],
      ['Use', 'Receipts', 'Catalogues'],
    ];
    const runs = cells.flatMap((row, r) =>
      row.filter((t) => t).map((t) => run(t, [40, 170, 320][row.indexOf(t)], 86 + r * 50, 10)),
    );
    const p = page([run('Table 1: Packs', 40, 60, 10), ...runs]);
    p.rules = [
      { x0: 20, y0: 100, x1: 500, y1: 100 },
      { x0: 20, y0: 150, x1: 500, y1: 150 },
      { x0: 150, y0: 100, x1: 150, y1: 200 },
      { x0: 300, y0: 100, x1: 300, y1: 200 },
    ];
    const blocks = analyzePage(p).blocks;
    const t = blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual(cells);
    // The caption above stays text.
    expect(blocks[0].kind).toBe('text');
  });
});

describe('page headers and footers', () => {
  const body = Array.from({ length: 20 }, (_, i) =>
    run('Body text of the page that sets the body size here.', 72, 120 + i * 14, 10),
  );
  const labels = (runs: ReturnType<typeof run>[]) =>
    analyzePage(page(runs)).blocks.map((b) =>
      b.kind === 'text' ? `${b.lines[0].spans[0].text}:${b.label ?? ''}` : b.kind,
    );

  it('labels the topmost and bottommost lines in the margins, a little inside the usual band', () => {
    // 792-point page: header ending at 0.098 of the height, footer starting at 0.92.
    const out = labels([run('At Home in Exile', 120, 68, 9), ...body, run('10', 72, 729, 9)]);
    expect(out[0]).toBe('At Home in Exile:page-header');
    expect(out[out.length - 1]).toBe('10:page-footer');
  });

  it('keeps a large title at the top a title, not a header', () => {
    const out = labels([run('Key Functions', 72, 66, 18, true), ...body]);
    expect(out[0]).toBe('Key Functions:');
  });
});

describe('captions', () => {
  it('labels numbered and unnumbered table captions, not "Table of Contents"', () => {
    const body = Array.from({ length: 10 }, (_, i) =>
      run('Body text of the page that sets the body size.', 72, 300 + i * 14, 10),
    );
    const label = (t: string) =>
      analyzePage(page([run(t, 72, 200, 10), ...body])).blocks.find(
        (b) => b.kind === 'text' && b.lines[0].spans[0].text === t,
      );
    expect(label('Table: Provisional results of registration')).toMatchObject({ label: 'caption' });
    expect(label('Figure 2.1: Surveyed firms by size')).toMatchObject({ label: 'caption' });
    expect(label('Table of Contents')).not.toHaveProperty('label');
  });
});

describe('drop caps and scripts', () => {
  it('joins a drop cap to the first word of the line beside it', () => {
    const lines = [
      'his report defines',
      'regulatory cholesterol as',
      'the policy actions of the',
      'three arms of the State.',
    ];
    const runs = [
      { ...run('T', 300, 80, 77), x1: 352, y1: 172, base: 155 },
      ...lines.map((t, i) => run(t, 356, 113 + i * 16, 10.5)),
    ];
    const text = md([page(runs)]);
    expect(text).toContain('This report defines');
    expect(text).not.toMatch(/^T$/m);
  });

  it('keeps small text beside a big heading in another column on its own line', () => {
    const runs = [
      { ...run('III.', 100, 100, 36), base: 126.5 },
      run('This report defines', 356, 113, 10.5),
      run('regulatory cholesterol', 356, 129, 10.5),
    ];
    const lines = buildLines(runs).map((l) => l.text);
    expect(lines).toContain('regulatory cholesterol');
  });

  it('still folds a footnote mark into the line it sits on', () => {
    const word = run('order.', 72, 100, 10);
    const mark = { ...run('19', word.x1, 97, 6), base: 102 };
    expect(buildLines([word, mark]).map((l) => l.text)).toEqual(['order.19']);
  });

  it('starts a note at each line that opens with a raised mark, one paragraph per note', () => {
    const body = Array.from({ length: 6 }, (_, i) =>
      run('Body text of the page sets the body size here and goes on.', 72, 100 + i * 14, 10),
    );
    const note = (n: string, text: string, top: number) => [
      { ...run(n, 72, top - 1.5, 4.5), base: top + 2.5 },
      run(text, 76, top, 7.5),
    ];
    const blocks = analyzePage(
      page([
        ...body,
        ...note('1', 'Figures are rounded to the nearest whole number of cases.', 300),
        run('and may not add up.', 76, 309, 7.5),
        ...note('2', 'Provisional figures for the last quarter.', 318),
      ]),
    ).blocks.filter((b) => b.kind === 'text' && b.size < 9);
    expect(blocks.map((b) => (b.kind === 'text' ? b.lines.length : 0))).toEqual([2, 1]);
  });
});

describe('dot leaders', () => {
  it('closes spaced leader dots into one leader between title and page number', () => {
    expect(makeLine([run('Foreword to the 2021 Edition . . . . . . . xi', 72, 100)]).text).toBe(
      'Foreword to the 2021 Edition ....... xi',
    );
    expect(makeLine([run('The Lost Homeland . . . . . . .5', 72, 100)]).text).toBe(
      'The Lost Homeland ....... 5',
    );
    // An ellipsis in prose is left alone.
    expect(makeLine([run('and so on... Then', 72, 100)]).text).toBe('and so on... Then');
  });
});

describe('borderless table columns', () => {
  it('splits columns set closer than a font size when every row leaves the gap', () => {
    const rows = [
      ['Interval', 'Low', 'Mid', 'Top'],
      ...Array.from({ length: 8 }, (_, r) => [
        `${110 + r * 30}-${140 + r * 30}`,
        `0.${r + 1}`,
        `0.${r + 2}`,
        '1.0',
      ]),
    ];
    const runs = rows.flatMap((row, r) => row.map((t, c) => run(t, [60, 130, 200, 218][c], 100 + r * 12, 8)));
    const p = page([
      ...runs,
      ...Array.from({ length: 6 }, (_, i) =>
        run('Body text of the page sets the body size here.', 60, 300 + i * 14, 10),
      ),
    ]);
    const t = analyzePage(p).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual(rows);
  });
});

describe('lead sentences', () => {
  it('does not make a slightly larger full sentence a heading', () => {
    const body = Array.from({ length: 12 }, (_, i) =>
      run('Body text of the page sets the body size here.', 72, 200 + i * 14, 10),
    );
    const lead = run('The pack can reduce the time it takes to find what the user means.', 72, 150, 11);
    const title = run('Semantic Search', 72, 120, 11, true);
    const blocks = layoutsToBlocks([analyzePage(page([title, lead, ...body]))]).blocks;
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => blockText(b))).toEqual(['Semantic Search']);
  });
});

describe('sentences and notes set as titles', () => {
  const body = Array.from({ length: 12 }, (_, i) =>
    run('Body text of the page sets the body size here.', 72, 300 + i * 14, 10),
  );
  const headings = (runs: ReturnType<typeof run>[]) =>
    layoutsToBlocks([analyzePage(page([...runs, ...body]))])
      .blocks.filter((b) => b.kind === 'heading')
      .map((b) => blockText(b));

  it('leaves a larger lead-in ending in a colon or a footnote mark as text', () => {
    const lead = run('The distribution of the participating institutions is as follows:', 72, 150, 12);
    const marked = run('Two meetings were held on the same day in the capital city.73', 72, 200, 12);
    expect(headings([run('Meeting Participation', 72, 120, 12), lead, marked])).toEqual([
      'Meeting Participation',
    ]);
  });

  it('leaves a larger line starting in lower case as text, not an enumerated title', () => {
    const cont = run('two meetings are related to the initial meeting', 72, 150, 12);
    expect(headings([cont, run('c. Regulated Storage and Use', 72, 200, 12)])).toEqual([
      'c. Regulated Storage and Use',
    ]);
  });

  it('leaves the larger tail of a sentence ("cropping.") as text, however short', () => {
    const tail = run('cropping.', 72, 150, 12);
    expect(headings([run('Field Methods', 72, 120, 12), tail])).toEqual(['Field Methods']);
  });

  it('leaves a bold note of two sentences or with a note mark as text', () => {
    const note = run('*Double these amounts for the long tube. See table below', 72, 150, 10, true);
    const two = run('Fill the tube with water. Then add the yeast', 72, 200, 10, true);
    expect(headings([run('Materials', 72, 120, 10, true), note, two])).toEqual(['Materials']);
  });
});

describe('line joins', () => {
  const line = (spans: { text: string; href?: string }[]) => ({
    spans,
    box: { x0: 0, y0: 0, x1: 100, y1: 10 },
    size: 10,
  });
  it('keeps a link wrapped onto the next line one link', () => {
    const url = 'https://example.org/a';
    const out = lineInlines([
      line([{ text: 'see ' }, { text: 'https://example.org/', href: url }]),
      line([{ text: 'a.', href: url }, { text: ' for more' }]),
    ]);
    expect(out.filter((n) => n.kind === 'link')).toHaveLength(1);
    expect(toMarkdown([{ kind: 'paragraph', content: out }]).markdown.trim()).toBe(
      `see [https://example.org/\na.](${url}) for more`,
    );
  });
  it('rejoins a hyphenated word but keeps the hyphens of a compound broken at one', () => {
    const text = (ls: string[]) =>
      lineInlines(ls.map((t) => line([{ text: t }])))
        .map((n) => (n.kind === 'text' ? n.text : ''))
        .join('');
    expect(text(['the lan-', 'guage model'])).toBe('the language\nmodel');
    expect(text(['a mixture-of-', 'experts model'])).toBe('a mixture-of-\nexperts model');
  });
});

describe('footnotes in columns', () => {
  it('reads the notes of the left column after the right column, before the page number', () => {
    const col = (x: number, word: string, n: number) =>
      Array.from({ length: n }, (_, i) =>
        run(`${word} column body text, a long line number ${i}`, x, 80 + i * 14, 10),
      );
    // The left column's note sits higher than the right column's last lines.
    const notes = [
      run('25 A note of the left column.', 72, 590, 8),
      run('30 A note of the right column.', 320, 650, 8),
    ];
    const out = md([
      page([...col(72, 'Left', 36), ...col(320, 'Right', 40), ...notes, run('73', 300, 760, 10)]),
    ]);
    const at = (t: string) => out.indexOf(t);
    expect(at('Right column body text, a long line number 39')).toBeLessThan(at('25 A note'));
    expect(at('25 A note')).toBeLessThan(at('30 A note'));
    expect(at('30 A note')).toBeLessThan(at('73'));
  });
});

describe('dashes at a line start', () => {
  it('continues a paragraph stopped mid-sentence, and starts list items after a full stop', () => {
    const out = md([
      page([
        run('Firms with six to 50 staff are small, and those with 51', 72, 100),
        run('– 99 staff are medium.', 72, 112),
        run('The kinds of firm were these.', 72, 140),
        run('– tourism', 72, 152),
        run('– handicraft', 72, 164),
      ]),
    ]);
    expect(out).toContain('those with 51\n– 99 staff are medium.');
    expect(out).toMatch(/[*-] tourism/);
  });
});

describe('empty grid columns', () => {
  it('drops a column only spanning cells cover, keeping a row-wide cell spanning what is left', () => {
    // A thin third column drawn in a few rows only: every cell of columns 2 and 3 spans both.
    const rows = [
      [{ text: 'Area' }, { text: 'Recycling', colSpan: 2 }],
      [{ text: 'Learning Outcomes', colSpan: 3 }],
      [{ text: 'Skills' }, { text: 'Sorting waste', colSpan: 2 }],
    ];
    expect(dropEmptyColumns(rows)).toEqual([
      [{ text: 'Area' }, { text: 'Recycling' }],
      [{ text: 'Learning Outcomes', colSpan: 2 }],
      [{ text: 'Skills' }, { text: 'Sorting waste' }],
    ]);
  });
});

describe('wrapped header cells', () => {
  it('folds the second line of a borderless table header into the cells above it', () => {
    const cols = [72, 200, 330];
    const line = (cells: string[], top: number) =>
      cells.map((t, i) => (t ? run(t, cols[i], top, 9) : undefined));
    const runs = [
      ...line(['Slope Gradient', 'Max Slope Length', 'P Value'], 100),
      ...line(['(%)', '(ft)', ''], 110),
      ...line(['1 - 2', '400', '0.6'], 124),
      ...line(['3 - 5', '300', '0.5'], 136),
      ...line(['6 - 8', '200', '0.5'], 148),
    ].filter((r) => r !== undefined);
    const t = analyzePage(page(runs)).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Slope Gradient (%)', 'Max Slope Length (ft)', 'P Value'],
      ['1 - 2', '400', '0.6'],
      ['3 - 5', '300', '0.5'],
      ['6 - 8', '200', '0.5'],
    ]);
  });
});

describe('columns first', () => {
  it('reads a figure row over two columns with its column, and a page number at the top first', () => {
    const col = (x: number, word: string) =>
      Array.from({ length: 20 }, (_, i) =>
        run(`${word} column text of the page, line ${i}`, x, 400 + i * 14, 10),
      );
    const p = page([
      run('73', 520, 30, 10),
      run('Figure 5.1 The left picture.', 57, 330, 9),
      run('Figure 5.2 The right picture.', 255, 330, 9),
      ...col(57, 'Left'),
      ...col(255, 'Right'),
    ]);
    p.images = [
      { x0: 57, y0: 60, x1: 240, y1: 320 },
      { x0: 255, y0: 60, x1: 500, y1: 320 },
    ];
    // The gutter (13 points) is far narrower than the gap under the captions (60 points).
    const out = md([p]);
    const at = (t: string) => out.indexOf(t);
    expect(at('73')).toBe(0);
    expect(at('Figure 5.1')).toBeLessThan(at('Left column text of the page, line 0'));
    expect(at('Left column text of the page, line 19')).toBeLessThan(at('Figure 5.2'));
    expect(at('Figure 5.2')).toBeLessThan(at('Right column text of the page, line 0'));
  });
});

describe('close columns in rule-bound tables', () => {
  it('keeps apart two header cells a font size apart when the body rows start a column there', () => {
    // Header cells 12 points apart at size 12 (one fragment by the line rule), body columns wide apart.
    const at = [96, 190, 268];
    const body = [
      ['North Point', '1.8', '8'],
      ['Gull Bay', '0.6', '8'],
      ['Harbour Wall', '0.1', '7'],
    ];
    const p = page([
      run('Station', 112, 482, 12, true),
      run('Retreat (m)', 190, 482, 12, true),
      run('Survey count', 268, 482, 12, true),
      ...body.flatMap((r, i) => r.map((t, c) => run(t, at[c], 506 + i * 22, 12))),
    ]);
    p.rules = [477, 502, 570].map((y) => ({ x0: 90, y0: y, x1: 374, y1: y }));
    const t = analyzePage(p).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Station', 'Retreat (m)', 'Survey count'],
      ...body,
    ]);
  });

  it('gives each column its own cell when a row sets them closer than a font size', () => {
    const rows = [
      ['Potosi Pupfish', 'Cyprinodon alvarezi'],
      ['La Palma Pupfish', 'Cyprinodon longidorsalis'],
      ['Butterfly Splitfin', 'Ameca splendens'],
      ['Golden Skiffia', 'Skiffia francesae'],
    ];
    // Second column at x = 132; "La Palma Pupfish" ends 7 points before it (size 8).
    const runs = rows.flatMap((row, r) => [
      { ...run(row[0], 60, 80 + r * 16, 8), x1: r === 1 ? 125 : 60 + row[0].length * 3.6 },
      run(row[1], 132, 80 + r * 16, 8),
    ]);
    const p = page([run('Fish species on the IUCN Red List', 60, 62, 8, true), ...runs]);
    p.rules = [
      { x0: 56, y0: 58, x1: 228, y1: 58 },
      { x0: 56, y0: 74, x1: 228, y1: 74 },
      { x0: 56, y0: 146, x1: 228, y1: 146 },
    ];
    const t = analyzePage(p).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.slice(1).map((r) => r.map((c) => c.text))).toEqual(rows);
  });
});

describe('borderless tables with banded rows and grouped headers', () => {
  const X = [72, 250, 340, 430];
  const body = [
    ['Northern region', '1,204', '1,310', '8.8%'],
    ['Southern region', '982', '1,021', '4.0%'],
    ['Eastern region', '1,530', '1,498', '-2.1%'],
    ['Western region', '701', '764', '9.0%'],
  ];
  const head = ['Region', '2022', '2023', 'Change'];
  const cells = (top: number) => [
    ...head.map((t, c) => run(t, X[c], top, 10, true)),
    ...body.flatMap((r, i) => r.map((t, c) => run(t, X[c], top + 18 + i * 16, 10))),
  ];
  const tableRows = (p: PageInput) =>
    analyzePage(p)
      .blocks.filter((b) => b.kind === 'table')
      .map((t) => (t.kind === 'table' ? t.rows.map((r) => r.map((c) => c.text)) : []));

  it('reads rows shaded every other one (no lines, no column drawn) by their text columns', () => {
    const p = page(cells(100));
    p.rects = [0, 2].map((i) => ({ x0: 66, y0: 114 + i * 16, x1: 480, y1: 130 + i * 16 }));
    expect(tableRows(p)).toEqual([[head, ...body]]);
  });

  it('takes a header row grouping the column headers above them, spanning its columns', () => {
    const p = page([run('Population (thousands)', 262, 86, 10, true), ...cells(100)]);
    const t = analyzePage(p).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows[0]).toEqual([{ text: '' }, { text: 'Population (thousands)', colSpan: 2 }, { text: '' }]);
    expect(t.rows.slice(1).map((r) => r.map((c) => c.text))).toEqual([head, ...body]);
  });

  it('leaves the last line of a centred caption above the header out of the table', () => {
    const p = page([
      run('Table 2. Regional population, in thousands, for the two survey', 110, 72, 10),
      run('years.', 262, 86, 10),
      ...cells(100),
    ]);
    expect(tableRows(p)).toEqual([[head, ...body]]);
  });
});

describe('multi-column prose', () => {
  const words =
    'the survey measured retreat at twelve stations along the northern shore and each one was visited monthly with a total station while profiles were taken every five metres from a fixed benchmark near the road'.split(
      ' ',
    );
  const line = (k: number, n: number) =>
    Array.from({ length: n }, (_, i) => words[(k * 7 + i) % words.length]).join(' ');

  it('leaves three narrow columns of running text as text, not a table', () => {
    // Each column's lines run on (a line ends mid-sentence, the next opens in lower case).
    const runs = [0, 1, 2].flatMap((c) =>
      Array.from({ length: 20 }, (_, i) =>
        run(line(i + c * 5, 4 + ((i * 7 + c) % 3)), 50 + c * 180, 100 + i * 12, 8),
      ),
    );
    expect(analyzePage(page(runs)).blocks.filter((b) => b.kind === 'table')).toEqual([]);
  });

  it('still reads a borderless table whose cells hold several words each', () => {
    const rows = [
      ['Species', 'Habitat', 'Status'],
      ['Grey seal', 'Rocky shores and sandbanks', 'Least concern'],
      ['Harbour porpoise', 'Shallow coastal waters', 'Least concern'],
      ['Basking shark', 'Open water near fronts', 'Endangered species'],
    ];
    const p = page(rows.flatMap((r, i) => r.map((t, c) => run(t, [60, 200, 380][c], 100 + i * 14, 9))));
    const t = analyzePage(p).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual(rows);
  });
});

describe('wrapped first-column cells', () => {
  it('folds a stub wrapped onto a line in lower case into its row, and keeps section labels as rows', () => {
    const runs = [
      run('Programme', 72, 100, 10, true),
      run('Budget', 300, 100, 10, true),
      run('Staff', 400, 100, 10, true),
    ];
    const rows = [
      ['Coastal monitoring and', 'survey work', '120', '4'],
      ['Harbour dredging', '', '300', '6'],
      ['Inland', '', '', ''],
      ['Community outreach and', 'public events', '45', '2'],
      ['Data management', '', '60', '1'],
    ];
    let y = 116;
    for (const r of rows) {
      runs.push(run(r[0], 72, y));
      if (r[2]) runs.push(run(r[2], 300, y), run(r[3], 400, y));
      if (r[1]) {
        y += 12;
        runs.push(run(r[1], 72, y));
      }
      y += 16;
    }
    const t = analyzePage(page(runs)).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Programme', 'Budget', 'Staff'],
      ['Coastal monitoring and survey work', '120', '4'],
      ['Harbour dredging', '300', '6'],
      ['Inland', '', ''],
      ['Community outreach and public events', '45', '2'],
      ['Data management', '60', '1'],
    ]);
  });
});

describe('titles in capitals at the body size', () => {
  const para = 'Samples were drawn from each of the nine wells on the first working day of the month.';
  const headingsOf = (title: string) => {
    const runs = [
      run(para, 72, 80, 10),
      run(title, 72, 110, 10),
      ...Array.from({ length: 4 }, (_, i) => run(para, 72, 128 + i * 12, 10)),
      ...Array.from({ length: 6 }, (_, i) => run(para, 72, 220 + i * 12, 10)),
    ];
    return layoutsToBlocks([analyzePage(page(runs))])
      .blocks.filter((b) => b.kind === 'heading')
      .map((b) => blockText(b));
  };

  it('makes a line in capitals standing over more text a heading, in any script with case', () => {
    expect(headingsOf('MATERIALS AND METHODS')).toEqual(['MATERIALS AND METHODS']);
    expect(headingsOf('ΕΙΣΑΓΩΓΗ')).toEqual(['ΕΙΣΑΓΩΓΗ']);
    // Three short words are a title, where one or two are acronyms.
    expect(headingsOf('WHAT ARE THE')).toEqual(['WHAT ARE THE']);
  });

  it('leaves an acronym, a label with its blank and a sentence in capitals as text', () => {
    expect(headingsOf('OECD')).toEqual([]);
    expect(headingsOf('EU / UN')).toEqual([]);
    expect(headingsOf('NAME ________ DATE ______')).toEqual([]);
    expect(headingsOf('READ THE NOTES BEFORE YOU START.')).toEqual([]);
  });
});

describe('borderless headers of two rows', () => {
  const grid = (runs: TextRun[]) => gridFromText(runs) ?? [];
  const data = [
    ['North', '1,204', '1,318', '5,120'],
    ['South', '2,410', '2,455', '3,870'],
    ['East', '842', '903', '6,940'],
  ];
  const X = [60, 180, 300, 420];
  const body = data.flatMap((r, i) => r.map((t, c) => run(t, X[c], 130 + i * 16, 10)));

  it('keeps sub-headers under a group header as a row, with the spans they show', () => {
    const rows = grid([
      run('Region', 60, 100, 10),
      run('Population', 180, 100, 10),
      run('Area', 420, 100, 10),
      run('2022', 180, 112, 10),
      run('2023', 300, 112, 10),
      ...body,
    ]);
    expect(rows.slice(0, 2)).toEqual([
      [
        { text: 'Region', rowSpan: 2 },
        { text: 'Population', colSpan: 2 },
        { text: 'Area', rowSpan: 2 },
      ],
      [{ text: '2022' }, { text: '2023' }],
    ]);
  });

  it('folds a header cell wrapped onto a second line into its row, beside a header set on that line', () => {
    // Every piece of the upper line has its next line under it: no header row of its own.
    const rows = grid([
      run('Schools', 180, 100, 10),
      run('in sample', 180, 112, 10),
      run('Total', 300, 112, 10),
      ...body,
    ]);
    expect(rows[0].map((c) => c.text)).toEqual(['', 'Schools in sample', 'Total', '']);
  });
});

describe('typewritten runs', () => {
  it('keeps a label and its one number in a proportional font whole ("Gauge 1")', () => {
    // 7 characters over 42 pt at 10 pt: 0.6 em each, as a fixed-pitch font sets them.
    const rows = Array.from({ length: 6 }, (_, i) => [
      { ...run(`Gauge ${i + 1}`, 60, 100 + i * 16, 10), x1: 102 },
      run(`${40 + i}.5`, 200, 100 + i * 16, 10),
      run(`${60 + i}`, 300, 100 + i * 16, 10),
    ]);
    const t = analyzePage(page(rows.flat())).blocks.find((b) => b.kind === 'table');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows[0].map((c) => c.text)).toEqual(['Gauge 1', '40.5', '60']);
  });
});
