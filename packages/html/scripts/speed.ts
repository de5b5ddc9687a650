import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { parse } from 'parse5';
import { htmlToDoc } from '../src/index.js';

const dir = '../shared/corpora/html/wcxb-dev/html';
const pages = readdirSync(dir)
  .slice(0, 200)
  .map((f) => gunzipSync(readFileSync(`${dir}/${f}`)));
const strs = pages.map((p) => p.toString('utf8'));
const mb = pages.reduce((a, p) => a + p.length, 0) / 1e6;
for (let round = 0; round < 2; round++) {
  let t = performance.now();
  for (const s of strs) parse(s);
  const tp = performance.now() - t;
  t = performance.now();
  for (const p of pages) toMarkdown(htmlToDoc(new Uint8Array(p), {}).blocks);
  const th = performance.now() - t;
  console.log(
    `parse5 ${(mb / (tp / 1000)).toFixed(1)} MB/s, distill ${(mb / (th / 1000)).toFixed(1)} MB/s, ratio ${(th / tp).toFixed(2)}`,
  );
}
