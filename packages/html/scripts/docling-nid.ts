/** Dev tool: NID of our Markdown against Docling's for its HTML test documents (onlyMainContent off). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Block, type TableCell, toMarkdown } from '@distill/core';
import { markdownNid } from '../../../benchmarks/src/scorers/nid.js';
import { htmlToDoc } from '../src/index.js';

/**
 * `--expand-spans`: what the score would be if the emitter wrote spanned tables as Docling does
 * (a pipe table, the merged cell's text repeated in every cell it covers). For the report only.
 */
const expand = process.argv.includes('--expand-spans');
function expandSpans(b: Block): Block {
  if (b.kind !== 'table' || !b.rows.some((r) => r.some((c) => (c.rowSpan ?? 1) > 1 || (c.colSpan ?? 1) > 1)))
    return b;
  const grid: TableCell[][] = [];
  b.rows.forEach((row, r) => {
    grid[r] ??= [];
    let col = 0;
    for (const c of row) {
      while (grid[r][col]) col++;
      const rs = c.rowSpan ?? 1;
      const cs = c.colSpan ?? 1;
      for (let i = 0; i < rs && r + i < b.rows.length; i++)
        for (let j = 0; j < cs; j++) {
          grid[r + i] ??= [];
          grid[r + i][col + j] = { content: c.content, header: c.header };
        }
      col += cs;
    }
  });
  const width = Math.max(...grid.map((r) => r.length));
  return {
    ...b,
    rows: grid.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? { content: [] })),
  };
}

const dir = path.resolve(process.cwd(), '../shared/corpora/office/docling/html');
let sum = 0;
let n = 0;
for (const f of readdirSync(path.join(dir, 'sources')).sort()) {
  const html = readFileSync(path.join(dir, 'sources', f));
  const gt = readFileSync(path.join(dir, 'groundtruth', `${f}.md`), 'utf8');
  const blocks = htmlToDoc(new Uint8Array(html), { onlyMainContent: false }).blocks;
  const md = toMarkdown(expand ? blocks.map(expandSpans) : blocks).markdown;
  const s = markdownNid(gt, md);
  sum += s;
  n++;
  console.log(`${f.padEnd(40)} ${s.toFixed(3)}`);
  if (process.argv[2] === f) console.log(md);
}
console.log(`mean NID ${(sum / n).toFixed(3)} over ${n}`);
