/**
 * Dev tool: precision in the style of the held-out article set (issue 21's 181 news and blog
 * articles), measured on WCXB dev's article pages: word-shingle P/R/F1 of the main content
 * against WCXB's main_content, by fold, with readability+turndown and defuddle beside.
 *
 * The measure is scrapinghub's article-extraction-benchmark's (shingles.ts). WCXB's main_content is
 * not the articleBody that set uses (it may hold the title), so the level differs; the gap to
 * the peers and which pages leak are what this is for.
 *
 *   pnpm bench dev html-shingle-articles [--type T] [--worst N] [--engines distill,readability+turndown]
 *   (--worst N: the N pages where distill's precision is furthest below the best peer's)
 *
 * The peers' answers come through the html quality suites' page pool and its cache, distill's
 * in process from the source.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import { markdownToText } from '@distill/scorers/wcxb';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { wcxbInputs } from '../inputs.js';
import { convertPages } from '../page-pool.js';
import { CORPORA } from '../paths.js';
import { type Counts, precision, recall, shingleCounts, summary } from '../shingles.js';
import { flagValue } from './flag.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const dir = path.resolve(CORPORA, 'html/wcxb-dev');
const type = flag('--type') ?? 'article';
const worst = Number(flag('--worst') ?? 0);
const engines = (flag('--engines') ?? 'distill,readability+turndown,defuddle').split(',');

const files = wcxbInputs(dir).filter((f) => {
  const gt = JSON.parse(readFileSync(path.join(dir, 'ground-truth', `${f.id}.json`), 'utf8'));
  return (gt._internal?.page_type?.primary ?? 'unknown') === type;
});
const refs = files.map(
  (f) =>
    JSON.parse(readFileSync(path.join(dir, 'ground-truth', `${f.id}.json`), 'utf8')).ground_truth
      .main_content,
);

async function markdowns(engine: string): Promise<string[]> {
  if (engine === 'distill')
    return files.map((f) => {
      try {
        const html = gunzipSync(readFileSync(f.path));
        return toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: true }).blocks).markdown;
      } catch (e) {
        console.error(f.id, e);
        return '';
      }
    });
  const o = await convertPages(engine, files, { workers: 2, pageTimeoutMs: 60_000, cache: true });
  return o.md.map((m) => m ?? '');
}

const per = new Map<string, Counts[]>();
for (const e of engines)
  per.set(
    e,
    (await markdowns(e)).map((md, i) => shingleCounts(markdownToText(md), refs[i])),
  );

console.log(`WCXB dev, page type ${type}: word-shingle (4) P/R/F1`);
for (const [label, keep] of [
  ['all', () => true],
  ['fold a', (i: number) => foldOf(files[i].id) === 'a'],
  ['fold b', (i: number) => foldOf(files[i].id) === 'b'],
] as const) {
  const n = files.filter((_, i) => keep(i)).length;
  const cols = engines.map((e) => {
    const s = summary(per.get(e)!.filter((_, i) => keep(i)));
    return `${e} P=${s.p.toFixed(4)} R=${s.r.toFixed(4)} F1=${s.f.toFixed(4)}`;
  });
  console.log(`${label.padEnd(7)} n=${String(n).padStart(3)}  ${cols.join('  |  ')}`);
}
if (worst) {
  // With peers beside, the pages where distill's precision falls furthest below the best peer's
  // (what they drop and it keeps); alone, its lowest precisions.
  const mine = per.get(engines[0])!;
  const gap = (i: number) =>
    precision(mine[i]) - Math.max(0, ...engines.slice(1).map((e) => precision(per.get(e)![i])));
  const order = files.map((_, i) => i).sort((a, b) => gap(a) - gap(b));
  for (const i of order.slice(0, worst))
    console.log(
      `${files[i].id} fold ${foldOf(files[i].id)}  ${engines
        .map((e) => `${e} P=${precision(per.get(e)![i]).toFixed(2)} R=${recall(per.get(e)![i]).toFixed(2)}`)
        .join('  ')}`,
    );
}
