import { type Block, cell, decodeText, type ParserPlugin, type TableCell } from '@distill/core';
import { parseCsv, sniffDelimiter } from './csv.js';

/** CSV to one table: the first row is the header; ragged rows are padded to the widest row. */
export const csvParser: ParserPlugin = {
  name: 'csv',
  formats: ['csv'],
  parse(bytes, ctx) {
    const decoded = decodeText(bytes, ctx.charset);
    const text = decoded.text.replace(/^\uFEFF/, '');
    const delimiter = sniffDelimiter(text);
    const rows = parseCsv(text, delimiter);
    while (rows.length > 0 && rows[rows.length - 1].every((f) => f.trim() === '')) rows.pop();
    ctx.checkpoint();
    const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
    const blocks: Block[] = [];
    if (rows.length > 0 && width > 0) {
      const table: TableCell[][] = rows.map((r, i) => {
        const cells = r.map((f) => cell(f.trim(), i === 0 ? { header: true } : {}));
        while (cells.length < width) cells.push(cell('', i === 0 ? { header: true } : {}));
        return cells;
      });
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
