import { type Block, decodeText, type ParserPlugin, type TableCell, text } from '@distill/core';
import { readCsv, sniffDelimiter } from './csv.js';

/**
 * The memory bound of a CSV: at most MAX_CSV_CELLS cells reach the document model (about 150
 * bytes each in the model and as much again while emitting, so ~200 MB of RSS at the cap, measured whatever the
 * input's size) and at most MAX_CSV_COLUMNS fields per row (Excel's own width). Anything cut
 * is named in a warning: rows kept and an estimate of the rows left out, fields dropped.
 */
export const MAX_CSV_CELLS = 500_000;
export const MAX_CSV_COLUMNS = 16_384;

/** Shared padding cells: a ragged row's missing fields cost a pointer each, not an object. */
const EMPTY: TableCell = Object.freeze({ content: [] }) as unknown as TableCell;
const EMPTY_HEADER: TableCell = Object.freeze({ content: [], header: true }) as unknown as TableCell;

/** Counts the line ends left after `from` (an estimate of the rows not read: quoted newlines count too). */
function linesAfter(s: string, from: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** CSV to one table: the first row is the header; ragged rows are padded to the widest row. */
export const csvParser: ParserPlugin = {
  name: 'csv',
  formats: ['csv'],
  parse(bytes, ctx) {
    const decoded = decodeText(bytes, ctx.charset);
    const source = decoded.text.replace(/^\uFEFF/, '');
    const delimiter = sniffDelimiter(source);
    const read = readCsv(source, delimiter, { maxCells: MAX_CSV_CELLS, maxColumns: MAX_CSV_COLUMNS });
    const rows = read.rows;
    while (rows.length > 0 && rows[rows.length - 1].every((f) => f.trim() === '')) rows.pop();
    ctx.checkpoint();
    if (read.stoppedAt !== undefined) {
      const left = linesAfter(source, read.stoppedAt);
      ctx.warn(
        `CSV cut at ${MAX_CSV_CELLS.toLocaleString('en-US')} cells: the first ${rows.length.toLocaleString('en-US')} rows are kept; about ${left.toLocaleString('en-US')} more rows (from character ${read.stoppedAt.toLocaleString('en-US')} of ${source.length.toLocaleString('en-US')}) were left out.`,
      );
    }
    if (read.droppedFields > 0) {
      ctx.warn(
        `CSV rows wider than ${MAX_CSV_COLUMNS.toLocaleString('en-US')} fields were cut to that width: ${read.droppedFields.toLocaleString('en-US')} fields were left out.`,
      );
    }
    const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
    const blocks: Block[] = [];
    if (rows.length > 0 && width > 0) {
      const table: TableCell[][] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        // Building half a million cells takes seconds: the parse timeout is checked as it goes.
        if ((i & 4095) === 4095) ctx.checkpoint();
        const r = rows[i];
        const header = i === 0;
        const cells: TableCell[] = new Array(width);
        for (let k = 0; k < width; k++) {
          const f = k < r.length ? r[k].trim() : '';
          cells[k] =
            f === ''
              ? header
                ? EMPTY_HEADER
                : EMPTY
              : header
                ? { content: [text(f)], header }
                : { content: [text(f)] };
        }
        // The strings are now in the cells; let the row arrays go as we build.
        rows[i] = [];
        table[i] = cells;
      }
      blocks.push({ kind: 'table', rows: table });
    }
    return {
      blocks,
      metadata: {
        encoding: decoded.encoding,
        delimiter: delimiter === '\t' ? 'tab' : delimiter,
        rows: rows.length,
        columns: width,
      },
    };
  },
};
