/**
 * Dev tool: word P/R/F1 of htmlToDoc's main content on the WCXB dev pages, overall and per page
 * type, as the corpora README defines the metric. Not the official benchmark (that lives in
 * benchmarks/); this is for iterating on the filter.
 *
 *   pnpm bench dev html-wcxb-eval [dir] [--worst N] [--type T] [--only ID] [--fold a|b]
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';
import { flagValue } from './flag.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const dir = args[0] && !args[0].startsWith('--') ? args[0] : path.resolve(CORPORA, 'html/wcxb-dev');
const worst = Number(flag('--worst') ?? 0);
const onlyType = flag('--type');
const only = flag('--only');
const fold = flag('--fold');

/** Markdown to the words a reader sees: link targets, image syntax and markup dropped. */
export function scoredText(md: string): string {
  return md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<https?:[^>\s]*>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

export function tokens(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export function prf(pred: string, ref: string): { p: number; r: number; f: number } {
  const a = tokens(pred);
  const b = tokens(ref);
  let na = 0;
  let nb = 0;
  let overlap = 0;
  for (const v of a.values()) na += v;
  for (const [k, v] of b) {
    nb += v;
    overlap += Math.min(v, a.get(k) ?? 0);
  }
  if (na === 0 || nb === 0) return { p: 0, r: 0, f: 0 };
  const p = overlap / na;
  const r = overlap / nb;
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

const gtDir = path.join(dir, 'ground-truth');
const rows: { id: string; type: string; p: number; r: number; f: number; ms: number; blank: boolean }[] = [];
let bytes = 0;
let totalMs = 0;
for (const f of readdirSync(gtDir).sort()) {
  const id = f.replace('.json', '');
  if (only && id !== only) continue;
  if (fold && foldOf(id) !== fold) continue;
  const gt = JSON.parse(readFileSync(path.join(gtDir, f), 'utf8'));
  const ref: string | undefined = gt.ground_truth?.main_content;
  const type: string = gt._internal?.page_type?.primary ?? 'unknown';
  if (ref === undefined) continue;
  if (onlyType && type !== onlyType) continue;
  const html = gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`)));
  bytes += html.length;
  const t0 = performance.now();
  let md = '';
  try {
    const doc = htmlToDoc(new Uint8Array(html), { onlyMainContent: true, baseUrl: gt.url });
    md = toMarkdown(doc.blocks).markdown;
  } catch (e) {
    console.error(id, e);
  }
  const ms = performance.now() - t0;
  totalMs += ms;
  if (only) console.log(md);
  // A reference without a word scores 0 whatever the engine returns (prf above).
  rows.push({ id, type, ms, blank: tokens(ref).size === 0, ...prf(scoredText(md), ref) });
}

const out = flag('--out');
if (out)
  (await import('node:fs')).writeFileSync(
    out,
    rows.map((r) => `${r.id} ${r.type} ${r.p.toFixed(3)} ${r.r.toFixed(3)} ${r.f.toFixed(3)}`).join('\n'),
  );
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const line = (label: string, rs: typeof rows) =>
  `${label.padEnd(14)} n=${String(rs.length).padStart(3)}  P=${mean(rs.map((r) => r.p)).toFixed(3)}  R=${mean(rs.map((r) => r.r)).toFixed(3)}  F1=${mean(rs.map((r) => r.f)).toFixed(3)}`;
console.log(line('all', rows));
if (!fold)
  for (const k of ['a', 'b'])
    console.log(
      line(
        `fold ${k}`,
        rows.filter((r) => foldOf(r.id) === k),
      ),
    );
// Pages whose reference is empty are 0 for every engine and not spread evenly over the folds
// (1 of fold a's 263 pages, 5 of fold b's 237): the mean over the others tells a fold's gap that
// the filter can close from the gap it cannot.
const scorable = rows.filter((r) => !r.blank);
console.log(line('ref not empty', scorable));
if (!fold)
  for (const k of ['a', 'b'])
    console.log(
      line(
        `  fold ${k}`,
        scorable.filter((r) => foldOf(r.id) === k),
      ),
    );
for (const t of [...new Set(rows.map((r) => r.type))].sort())
  console.log(
    line(
      t,
      rows.filter((r) => r.type === t),
    ),
  );
console.log(
  `time ${totalMs.toFixed(0)} ms for ${(bytes / 1e6).toFixed(1)} MB (${(bytes / 1e6 / (totalMs / 1000)).toFixed(1)} MB/s)`,
);
if (worst) {
  for (const r of [...rows].sort((a, b) => a.f - b.f).slice(0, worst))
    console.log(`${r.id} ${r.type.padEnd(13)} P=${r.p.toFixed(2)} R=${r.r.toFixed(2)} F1=${r.f.toFixed(2)}`);
}
