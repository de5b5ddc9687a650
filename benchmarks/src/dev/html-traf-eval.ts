/**
 * Dev tool: trafilatura's snippet P/R/F1 of htmlToDoc's main content on the trafilatura-dev
 * pages (the benchmark's scorer, in process, distill only), overall and per fold, listing the
 * pages that lose the most. The benchmark (`pnpm bench quality html-trafilatura`) is the official
 * figure; this is for iterating on the filter.
 *
 *   pnpm bench dev html-traf-eval [dir] [--fold a|b] [--worst N] [--only ID] [--out FILE] [--by-lang]
 *
 * `--by-lang`: the same figures per language group (the page's `<html lang>`, or a guess from its
 * words: page-language.ts), by fold, weakest first; the held-out third of the set is
 * multilingual, so a rule that reads English words shows here.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import {
  addCounts,
  markdownToPlain,
  type SnippetPage,
  scoreSnippets,
  snippetPrf,
} from '@distill/scorers/snippets';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';
import { flagValue } from './flag.js';
import { pageLanguage } from './page-language.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const dir = args[0] && !args[0].startsWith('--') ? args[0] : path.resolve(CORPORA, 'html/trafilatura-dev');
const fold = flag('--fold');
const worst = Number(flag('--worst') ?? 0);
const only = flag('--only');
const truth = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<
  string,
  { url: string; with: string[]; without: string[] }
>;
const rows: (SnippetPage & { id: string; fold: string; lang: string })[] = [];
let ms = 0;
for (const id of Object.keys(truth).sort()) {
  if (only && id !== only) continue;
  if (fold && foldOf(id) !== fold) continue;
  const html = gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`)));
  const t0 = performance.now();
  let md = '';
  try {
    md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: true }).blocks).markdown;
  } catch (e) {
    console.error(id, e);
  }
  ms += performance.now() - t0;
  if (only) console.log(md);
  rows.push({
    id,
    fold: foldOf(id),
    lang: pageLanguage(html.toString('latin1')),
    ...scoreSnippets(markdownToPlain(md), truth[id].with, truth[id].without),
  });
}
const line = (label: string, rs: typeof rows) => {
  const c = addCounts(rs);
  const s = snippetPrf(c);
  return `${label.padEnd(8)} n=${String(rs.length).padStart(3)} P=${s.precision.toFixed(3)} R=${s.recall.toFixed(3)} F1=${s.f1.toFixed(3)}  tp=${c.tp} fn=${c.fn} fp=${c.fp} tn=${c.tn}`;
};
console.log(line('all', rows));
for (const k of ['a', 'b'])
  console.log(
    line(
      `fold ${k}`,
      rows.filter((r) => r.fold === k),
    ),
  );
console.log(`time ${ms.toFixed(0)} ms`);
if (args.includes('--by-lang')) {
  // Languages with fewer than 10 pages are pooled as "other": their figures alone are noise.
  const byLang = new Map<string, typeof rows>();
  for (const r of rows) byLang.set(r.lang, [...(byLang.get(r.lang) ?? []), r]);
  const group = (l: string) => ((byLang.get(l)?.length ?? 0) >= 10 ? l : 'other');
  const groups = new Map<string, typeof rows>();
  for (const r of rows) groups.set(group(r.lang), [...(groups.get(group(r.lang)) ?? []), r]);
  const f1 = (rs: typeof rows) => snippetPrf(addCounts(rs)).f1;
  console.log(`languages: ${[...byLang].map(([l, rs]) => `${l} ${rs.length}`).join(', ')}`);
  for (const [g, rs] of [...groups].sort((x, y) => f1(x[1]) - f1(y[1]))) {
    console.log(line(g, rs));
    for (const k of ['a', 'b'])
      console.log(
        line(
          `  ${k}`,
          rs.filter((r) => r.fold === k),
        ),
      );
  }
}
const out = flag('--out');
if (out) writeFileSync(out, rows.map((r) => `${r.id} ${r.tp} ${r.fn} ${r.fp} ${r.tn}`).join('\n'));
if (worst)
  for (const r of [...rows].sort((a, b) => b.fn + b.fp - (a.fn + a.fp)).slice(0, worst)) {
    console.log(`${r.id} [${r.fold}] fn=${r.fn} fp=${r.fp} ${truth[r.id].url}`);
    for (const m of r.missed) console.log(`   - missed: ${m.slice(0, 100)}`);
    for (const m of r.leaked) console.log(`   + leaked: ${m.slice(0, 100)}`);
  }
