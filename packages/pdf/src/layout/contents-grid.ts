import type { TableCellOut } from './tables.js';

/** A page number: arabic, or roman for front matter. */
const PAGE_NO = /^(?:\d{1,4}|[ivxlc]{1,7})$/i;

/**
 * A contents list read as a grid: two columns, titles beside page numbers that never go down
 * (roman front matter before the arabic pages), a title wrapped onto a line with no number. Word processors set contents in a table ruled
 * under every entry, which the rule-bound reading takes as a table of two columns; the figures
 * of a two-column table (amounts, shares) go up and down.
 */
export function contentsGrid(rows: TableCellOut[][]): boolean {
  if (rows.length < 3 || rows.some((r) => r.length !== 2)) return false;
  // A title wrapped over two lines leaves its first or second line's number blank.
  const last = rows.map((r) => r[1].text.trim()).filter(Boolean);
  if (last.length < 3 || !last.every((t) => PAGE_NO.test(t))) return false;
  const arabic = last.filter((t) => /^\d+$/.test(t)).map(Number);
  return arabic.every((n, k) => k === 0 || n >= arabic[k - 1]);
}
