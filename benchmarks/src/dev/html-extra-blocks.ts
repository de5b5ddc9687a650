/** Dev tool: for pages under a precision bar, print output blocks whose words are mostly absent from the ground truth. */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { blockText } from '@distill/core';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';

const dir = path.resolve(CORPORA, 'html/wcxb-dev');
const type = process.argv[2] ?? 'article';
const bar = Number(process.argv[3] ?? 0.8);
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
for (const f of readdirSync(path.join(dir, 'ground-truth')).sort()) {
  const gt = JSON.parse(readFileSync(path.join(dir, 'ground-truth', f), 'utf8'));
  if (gt._internal?.page_type?.primary !== type || !gt.ground_truth?.main_content) continue;
  const ref = new Set(words(gt.ground_truth.main_content));
  const html = gunzipSync(readFileSync(path.join(dir, 'html', f.replace('.json', '.html.gz'))));
  const doc = htmlToDoc(new Uint8Array(html), {});
  let all = 0;
  let hit = 0;
  const bad: string[] = [];
  for (const b of doc.blocks) {
    const w = words(blockText(b));
    const h = w.filter((x) => ref.has(x)).length;
    all += w.length;
    hit += h;
    if (w.length >= 3 && h / w.length < 0.5)
      bad.push(`  [${b.kind}] ${blockText(b).replace(/\s+/g, ' ').slice(0, 100)}`);
  }
  if (all && hit / all < bar) {
    console.log(`${f} P~${(hit / all).toFixed(2)} ${gt.url}`);
    console.log(bad.slice(0, 12).join('\n'));
  }
}
