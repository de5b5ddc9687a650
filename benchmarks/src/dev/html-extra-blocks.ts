/**
 * Dev tool: the blocks of distill's output that the truth leaves out, on WCXB dev pages of one
 * type, ranked by what they cost in word-shingle precision (html-shingle-articles' measure, the
 * held-out article set's), to sort the leaks into kinds by shape.
 *
 * Blocks are the Markdown's (by blank lines) read as the scorer reads them (markdownToText: no
 * images, no link targets), so a picture's alt text, which the measure never sees, is not listed
 * as kept. A block is listed when most of its shingles are not in the page's main_content; its
 * cost is its false shingles over all the page's shingles, averaged over the pages of the run
 * (the share of mean precision it takes), with its index among the page's blocks.
 *
 *   pnpm bench dev html-extra-blocks [--type article] [--fold a|b] [--top N]
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import { markdownToText } from '@distill/scorers/wcxb';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { wcxbInputs } from '../inputs.js';
import { CORPORA } from '../paths.js';
import { flagValue } from './flag.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const type = flag('--type') ?? 'article';
const fold = flag('--fold');
const top = Number(flag('--top') ?? 100);
const dir = path.resolve(CORPORA, 'html/wcxb-dev');

/** The 4-word shingles of a text, tokens as shingles.ts reads them (a short text is one). */
function shingles(text: string): string[] {
  const ts = text.match(/[\p{L}\p{M}\p{N}_]+/gu) ?? [];
  const out: string[] = [];
  for (let i = 0; i < Math.max(1, ts.length - 3); i++) {
    const k = ts.slice(i, i + 4).join(' ');
    if (k !== '') out.push(k);
  }
  return out;
}

interface Row {
  id: string;
  cost: number;
  at: number;
  of: number;
  text: string;
}
const rows: Row[] = [];
let pages = 0;
for (const f of wcxbInputs(dir)) {
  if (fold && foldOf(f.id) !== fold) continue;
  const gt = JSON.parse(readFileSync(path.join(dir, 'ground-truth', `${f.id}.json`), 'utf8'));
  if ((gt._internal?.page_type?.primary ?? 'unknown') !== type || !gt.ground_truth?.main_content) continue;
  pages++;
  const ref = new Set(shingles(gt.ground_truth.main_content));
  const html = gunzipSync(readFileSync(f.path));
  const md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: true }).blocks).markdown;
  const all = shingles(markdownToText(md)).length;
  const blocks = md.split(/\n{2,}/);
  blocks.forEach((b, at) => {
    const s = shingles(markdownToText(b));
    const miss = s.filter((k) => !ref.has(k)).length;
    if (miss > 0 && miss > s.length / 2)
      rows.push({ id: f.id, cost: miss / all, at, of: blocks.length, text: b.replace(/\n/g, ' ⏎ ') });
  });
}
rows.sort((a, b) => b.cost - a.cost || a.id.localeCompare(b.id) || a.at - b.at);
const total = rows.reduce((a, r) => a + r.cost, 0) / Math.max(1, pages);
console.log(
  `WCXB dev ${type} pages${fold ? ` fold ${fold}` : ''}: ${pages}; precision the listed blocks take ${total.toFixed(4)}`,
);
for (const r of rows.slice(0, top))
  console.log(
    `${r.id} [${foldOf(r.id)}] -${(r.cost / pages).toFixed(5)} #${r.at}/${r.of} ${r.text.slice(0, 160)}`,
  );
