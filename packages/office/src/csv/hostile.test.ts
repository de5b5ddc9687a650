import { parseToDoc } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { registry } from '../ooxml/testing/corpus.js';
import { MAX_CSV_CELLS, MAX_CSV_COLUMNS } from './parser.js';

/**
 * Fuzz finding 2 (issue 23): CSV memory was unbounded (~170 MB RSS per MB of input; an 8 MB
 * CSV of 420,000 rows x 10 columns died under a 1 GB heap, so did a 20 MB one-line CSV). The
 * model now holds at most MAX_CSV_CELLS cells and MAX_CSV_COLUMNS fields per row, and says
 * what it cut.
 */
async function csvDoc(text: string) {
  const parsed = await parseToDoc(new TextEncoder().encode(text), {}, { filename: 'big.csv', registry });
  const table = parsed.doc.blocks.find((b) => b.kind === 'table');
  const rows = table && table.kind === 'table' ? table.rows : [];
  const cells = rows.reduce((n, r) => n + r.length, 0);
  return { rows, cells, warnings: parsed.warnings };
}

describe('hostile CSV: cells and rows bounded, what is cut is said', () => {
  it('420,000 rows x 10 columns (the 8 MB reproducer) keeps the first rows and names the rest', async () => {
    const line = (i: number) => Array.from({ length: 10 }, (_, k) => (i * 10 + k) % 97).join(',');
    const text = `${Array.from({ length: 10 }, (_, k) => `c${k}`).join(',')}\n${Array.from({ length: 420_000 }, (_, i) => line(i)).join('\n')}\n`;
    expect(text.length).toBeGreaterThan(8_000_000);
    const r = await csvDoc(text);
    expect(r.cells).toBeLessThanOrEqual(MAX_CSV_CELLS);
    expect(r.rows.length).toBe(MAX_CSV_CELLS / 10);
    expect(r.warnings.join('\n')).toMatch(
      /CSV cut at 500,000 cells: the first 50,000 rows are kept; about 370,001 more rows/,
    );
  }, 120_000);

  it('one 20 MB line is cut to 16,384 fields with a warning', async () => {
    const text = 'ab,'.repeat(7_000_000);
    expect(text.length).toBeGreaterThan(20_000_000);
    const r = await csvDoc(text);
    expect(r.rows.length).toBe(1);
    expect(r.rows[0].length).toBe(MAX_CSV_COLUMNS);
    expect(r.warnings.join('\n')).toMatch(/wider than 16,384 fields.*6,983,617 fields were left out/);
  }, 120_000);

  it('one 20 MB quoted field stays one cell (bounded by the input)', async () => {
    const text = `"${'x'.repeat(20_000_000)}`; // never closed
    const r = await csvDoc(text);
    expect(r.cells).toBe(1);
    expect(r.warnings).toEqual([]);
  }, 120_000);

  it('12 million rows stop at the cell cap', async () => {
    const text = '1\n'.repeat(12_000_000);
    const r = await csvDoc(text);
    expect(r.rows.length).toBe(MAX_CSV_CELLS);
    expect(r.warnings.join('\n')).toMatch(/about 11,500,000 more rows/);
  }, 120_000);
});

/**
 * Fuzz seed 23 cases 279, 3119, 5959, 6079 (csv.many-rows): 600,000 more rows of `1,2,3`
 * ran past the parse timeout and the fuzzer's hang limit, as building the 500,000 cells had no
 * checkpoint. The table is now built with the timeout checked as it goes: a checkpoint that
 * fails part-way stops the parse (no clock involved: the checkpoint is counted, not timed).
 */
describe('hostile CSV: the timeout reaches the table build', () => {
  it('the parser checks the timeout while building the cells of a 600,000-row CSV', async () => {
    const { csvParser } = await import('./parser.js');
    const text = `a,b,c\n${'1,2,3\n'.repeat(600_000)}`;
    let calls = 0;
    const ctx = {
      warn() {},
      checkpoint() {
        calls++;
        // The first checkpoint follows the read; later ones come from the table build.
        if (calls === 3) throw new Error('deadline passed');
      },
    };
    expect(() => csvParser.parse(new TextEncoder().encode(text), ctx as never)).toThrow('deadline passed');
    expect(calls).toBe(3);
  });
});
