import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Issue 20 through the built `distill parse`: lists whose markers sit apart from their text (a
// hanging indent) are lists in whatever font the marker is set: Symbol and Wingdings glyphs
// that come out of the PDF as private-use characters, a bullet mapped to U+2022, letters,
// roman and arabic numbers. A column of markers beside a column of short items is no table.
// LibreOffice PDF made by scripts/make-list-fixtures.sh (fixtures/pdf-lists).

const SYMBOL_BULLETS = resolve(ROOT, 'fixtures/pdf-lists/symbol-bullets.pdf');
const delimiterRows = (md: string) => md.split('\n').filter((l) => /^\|(?:\s*-{3,}\s*\|)+$/.test(l)).length;

beforeAll(() => {
  requireBuilt();
});

describe('PDF lists through the CLI', { timeout: 300_000 }, () => {
  it('reads symbol-font bullets, ticks and lettered items as lists, and only the real table as a table', async () => {
    const r = await distill(['parse', SYMBOL_BULLETS]);
    expect(r.status, r.stderr).toBe(0);
    const md = r.stdout;
    // One table on the page: the fees; the short Symbol-bullet items are no second one.
    expect(delimiterRows(md)).toBe(1);
    expect(md).toContain('| Survey | 450 | 480 |');
    expect(md).toContain(
      'The kit list below is checked before every trip.\n\n* Measuring tape\n* Two ranging poles\n* Hand-held GPS receiver\n* Field book and pencils\n\nEach team signs',
    );
    // Long Symbol-bullet items wrap under their text and stay one item each.
    expect(md).toMatch(/^\* The survey starts at the northern boundary stone[^\n]*\n {2}the river, where/m);
    // Wingdings ticks and arrows, and OpenSymbol's bullet.
    expect(md).toContain(
      'Done on the last visit:\n\n* Boundary stones found\n* Heights levelled\n* Photos taken',
    );
    expect(md).toContain('* Draw the plan\n* Check the areas\n* Send the report');
    expect(md).toContain('* Plans at 1:500\n* Sections at 1:100\n* Photographs in colour');
    // Letters and roman numbers are kept in the item's text; figures make an ordered list.
    expect(md).toContain(
      'The report is sent to:\n\n* a) the land registry\n* b) the owners\n* c) the district office',
    );
    expect(md).toContain('* i. a survey fee\n* ii. a drawing fee\n* iii. a filing fee');
    expect(md).toContain(
      'To order a copy of the plan\n\n1. fill in the request form\n2. pay the copying fee\n',
    );
    // No private-use character reaches the Markdown.
    expect(md).not.toMatch(/[\uE000-\uF8FF]/u);
  });
});
