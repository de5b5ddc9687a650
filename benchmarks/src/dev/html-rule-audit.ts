/**
 * Dev tool: which pruning rules of the main-content filter remove words the WCXB ground truth
 * keeps (recall lost) and how many words they rightly remove, summed over the dev pages.
 *
 *   pnpm bench dev html-rule-audit [--type T]
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fullText, type PElement } from '../../../packages/html/src/dom.js';
import { CORPORA } from '../paths.js';

const args = process.argv.slice(2);
const onlyType = args.includes('--type') ? args[args.indexOf('--type') + 1] : undefined;
const show = args.includes('--why') ? args[args.indexOf('--why') + 1] : undefined;
const dir = path.resolve(CORPORA, 'html/wcxb-dev');
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

let gt = new Map<string, number>();
const lost = new Map<string, number>();
const removed = new Map<string, number>();
const pages = new Map<string, Set<string>>();
let current = '';
(globalThis as Record<string, unknown>).__distillPruneHook = (el: PElement, why: string) => {
  let l = 0;
  let r = 0;
  for (const w of words(fullText(el))) {
    const n = gt.get(w) ?? 0;
    if (n > 0) {
      gt.set(w, n - 1);
      l++;
    } else r++;
  }
  if (show && why === show && l > 10)
    console.log(
      `${current} lost ${l} kept-out ${r} <${el.tagName} class="${el.attrs.find((a) => a.name === 'class')?.value ?? ''}"> ${fullText(el).replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  // Only elements made mostly of ground-truth words count as lost: common words in a menu
  // match the ground truth's bag too.
  const real = l > 10 && l > 2 * r;
  lost.set(why, (lost.get(why) ?? 0) + (real ? l : 0));
  removed.set(why, (removed.get(why) ?? 0) + (real ? 0 : r + l));
  if (real && l > 20) {
    const s = pages.get(why) ?? new Set();
    s.add(`${current}:${l}`);
    pages.set(why, s);
  }
};
const { htmlToDoc } = await import('../../../packages/html/src/index.js');
for (const f of readdirSync(path.join(dir, 'ground-truth')).sort()) {
  const id = f.replace('.json', '');
  const j = JSON.parse(readFileSync(path.join(dir, 'ground-truth', f), 'utf8'));
  const type = j._internal?.page_type?.primary ?? 'unknown';
  if (onlyType && type !== onlyType) continue;
  gt = new Map();
  for (const w of words(j.ground_truth?.main_content ?? '')) gt.set(w, (gt.get(w) ?? 0) + 1);
  current = `${id}/${type.slice(0, 4)}`;
  htmlToDoc(new Uint8Array(gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`)))), {});
}
const rows = [...new Set([...lost.keys()])].sort((a, b) => (lost.get(b) ?? 0) - (lost.get(a) ?? 0));
for (const k of rows.slice(0, 40))
  console.log(
    `${k.padEnd(28)} lost ${String(lost.get(k)).padStart(6)}  removed ${String(removed.get(k)).padStart(7)}  ${[...(pages.get(k) ?? [])].slice(0, 6).join(' ')}`,
  );
