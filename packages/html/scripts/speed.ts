/**
 * Dev tool: throughput of htmlToDoc + Markdown (main-content filter on) against parse5 alone
 * on the WCXB dev pages, alternating the two per page so machine load hits both alike.
 *
 *   node --conditions=distill-source --import tsx packages/html/scripts/speed.ts [count]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { parse } from 'parse5';
import { htmlToDoc } from '../src/index.js';

const dir = '../shared/corpora/html/wcxb-dev/html';
const pages = readdirSync(dir)
  .slice(0, Number(process.argv[2] ?? 501))
  .map((f) => gunzipSync(readFileSync(`${dir}/${f}`)));
const mb = pages.reduce((a, p) => a + p.length, 0) / 1e6;
let tp = 0;
let th = 0;
for (const p of pages) {
  // parse5 gets the decoded string (its floor); distill gets bytes and decodes itself.
  let t = performance.now();
  parse(p.toString('utf8'));
  tp += performance.now() - t;
  t = performance.now();
  toMarkdown(htmlToDoc(new Uint8Array(p), {}).blocks);
  th += performance.now() - t;
}
console.log(
  `${pages.length} pages, ${mb.toFixed(1)} MB: parse5 ${(mb / (tp / 1000)).toFixed(1)} MB/s, distill ${(mb / (th / 1000)).toFixed(1)} MB/s, distill/parse5 time ${(th / tp).toFixed(2)}, peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
