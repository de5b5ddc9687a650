/**
 * Dev tool: NID of our Markdown against Docling's for its HTML test documents (onlyMainContent
 * off), per file, then the mean with each of Docling's style choices imitated in turn — so the
 * report can say how much of the gap is style rather than content. The product imitates none.
 *
 *   pnpm bench dev html-docling-nid [file.html]
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Block, type TableCell, toMarkdown } from '@distill/core';
import { markdownNid } from '@distill/scorers/nid';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';

/** Docling writes a spanned table as a pipe table with the merged cell repeated in every cell. */
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

const dashBullets = (md: string) => md.replace(/^(\s*)\* /gm, '$1- ');
const imagePlaceholders = (md: string) => md.replace(/!\[[^\]]*\]\([^)]*\)/g, '<!-- image -->');
const variants: [string, (blocks: Block[]) => string][] = [
  ['as written', (b) => toMarkdown(b).markdown],
  ["'-' bullets", (b) => dashBullets(toMarkdown(b).markdown)],
  ['spans repeated', (b) => toMarkdown(b.map(expandSpans)).markdown],
  ['<!-- image -->', (b) => imagePlaceholders(toMarkdown(b).markdown)],
  ["'-' + spans repeated", (b) => dashBullets(toMarkdown(b.map(expandSpans)).markdown)],
  ['all three', (b) => imagePlaceholders(dashBullets(toMarkdown(b.map(expandSpans)).markdown))],
];

const dir = path.resolve(CORPORA, 'office/docling/html');
const files = readdirSync(path.join(dir, 'sources')).sort();
const sums = variants.map(() => 0);
for (const f of files) {
  const html = readFileSync(path.join(dir, 'sources', f));
  const gt = readFileSync(path.join(dir, 'groundtruth', `${f}.md`), 'utf8');
  const blocks = htmlToDoc(new Uint8Array(html), { onlyMainContent: false }).blocks;
  variants.forEach(([, emit], i) => {
    sums[i] += markdownNid(gt, emit(blocks));
  });
  const md = variants[0][1](blocks);
  console.log(`${f.padEnd(40)} ${markdownNid(gt, md).toFixed(3)}`);
  if (process.argv[2] === f) console.log(md);
}
variants.forEach(([name], i) => {
  console.log(`mean NID, ${name.padEnd(22)} ${(sums[i] / files.length).toFixed(3)} over ${files.length}`);
});
