import type { Line } from './lines.js';

/** How far (points) a piece may start or end off the full rows' pieces of its column. */
const EDGE_TOL = 3;
/** How far right of the group's left edge (points) a row's first piece leaves the first column empty. */
const INDENT = 8;

/**
 * Rows of a table with empty cells ("Restwert | 12'000" beside "Kaufpreis Auto | 30'000 |
 * 30'000", "Differenz | | 876") hold fewer pieces than its full rows, so a table where many
 * cells are empty fails the test that most rows are alike. Such a row agrees with the full rows
 * (`n` pieces) on the columns it fills: each of its pieces starts or ends where a piece of one
 * column of the full rows does (text set flush left or figures flush right) and lies over that
 * column, its pieces in the columns' order. Prose and a form's labels beside a block of cells
 * start and end where they will. Counts the rows of two pieces or more, fewer than `n`, that
 * agree, leaving out those `skip` names (header and wrapped lines) and those the caller already
 * counts as one piece short with the first column empty.
 */
export function partialRowsAgree(
  group: readonly Line[][],
  n: number,
  left: number,
  skip: (k: number) => boolean,
): number {
  const full = group.filter((r) => r.length === n);
  if (full.length < 2) return 0;
  const spans = Array.from({ length: n }, (_, c) => ({
    x0: Math.min(...full.map((r) => r[c].x0)),
    x1: Math.max(...full.map((r) => r[c].x1)),
  }));
  const agrees = (f: Line, c: number) =>
    f.x0 < spans[c].x1 &&
    f.x1 > spans[c].x0 &&
    full.some((r) => Math.abs(r[c].x0 - f.x0) <= EDGE_TOL || Math.abs(r[c].x1 - f.x1) <= EDGE_TOL);
  let count = 0;
  group.forEach((r, k) => {
    if (skip(k) || r.length < 2 || r.length >= n) return;
    if (r.length === n - 1 && r[0].x0 - left > INDENT) return;
    let c = 0;
    for (const f of r) {
      while (c < n && !agrees(f, c)) c++;
      if (c === n) return;
      c++;
    }
    count++;
  });
  return count;
}
