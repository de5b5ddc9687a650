import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Tables ruled cell by cell, found by the pdf-web-tables check (benchmarks/src/dev/pdf-web-tables.ts):
// a browser printing a table with border-collapse draws each cell's share of a rule on its own,
// so the rules of a booktabs table over narrow columns come in pieces shorter than a word
// (layout/rule-pieces.ts). Fixtures printed by Chromium (scripts/make-chromium-class-fixtures.mjs).

const fixture = (name: string) => resolve(ROOT, 'fixtures/pdf-classes', `${name}.pdf`);

beforeAll(() => {
  requireBuilt();
});

describe('PDF tables ruled cell by cell through the CLI', { timeout: 300_000 }, () => {
  it('reads a booktabs table whose three rules are drawn in pieces over narrow columns', async () => {
    const r = await distill(['parse', fixture('cell-drawn-rules')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '| Tier | Journals | Readers | Copies | Rooms | Desk Staff | Archives / Lending |\n| --- | --- | --- | --- | --- | --- | --- |\n| Starter Set | 2 + 1 Reading | 250 | 6,200/yr | 1 | 1 |  |',
    );
    expect(r.stdout).toContain('| Main | 100 | 100,000 | Open shelf | 100 | 25 | + Rare books, Microfilm |');
    expect(r.stdout).toContain('\n\nFigures for the reading rooms follow in the autumn report');
  });

  it('reads a contents page set as a table ruled under every entry as text, not a table', async () => {
    const r = await distill(['parse', fixture('contents-cell-rules')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('|');
    expect(r.stdout).not.toContain('<table');
    expect(r.stdout).toContain('Archives, rare books and the microfilm collection 14');
  });
});
