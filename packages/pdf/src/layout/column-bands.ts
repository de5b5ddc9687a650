/** What the runs of a table cover across: a gap of at most this (points) is still one column. */
const TOUCH = 1;

export interface Band {
  x0: number;
  x1: number;
}

/**
 * The column bands of a table: its runs' extents across the page, merged where they overlap
 * or touch. Between two bands lies the whitespace that parts the columns on every row; a
 * header cell wider than its column bridges two, and then there are fewer bands than columns
 * (the caller keeps bands only where they count the columns). With `gap`, extents nearer than
 * that merge too (a ruled form's cell fragments, row-ruled.ts).
 */
export function columnBands(runs: readonly Band[], gap = TOUCH): Band[] {
  const sorted = runs.map((r) => ({ x0: r.x0, x1: r.x1 })).sort((a, b) => a.x0 - b.x0 || a.x1 - b.x1);
  const out: Band[] = [];
  for (const r of sorted) {
    const cur = out[out.length - 1];
    if (cur && r.x0 <= cur.x1 + gap) cur.x1 = Math.max(cur.x1, r.x1);
    else out.push({ ...r });
  }
  return out;
}
