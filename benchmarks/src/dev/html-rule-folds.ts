/**
 * Dev tool: what each structural rule of the main-content filter is worth, fold by fold, on both
 * dev sets. One pass with every rule on scores each page (WCXB: word F1 averaged over pages;
 * trafilatura-dev: snippet counts pooled) and records which rules acted on it (rule-switch.ts);
 * then, rule by rule, only the pages it acted on are converted again with it off. A rule is
 * tuned on fold a and checked on fold b; its delta is (all on) - (that rule off).
 *
 *   pnpm bench dev html-rule-folds [--rules a,b] [--set wcxb|traf] [--show]
 *   (--show: each page whose score a rule changes, with and without it)
 */

import { toMarkdown } from '@distill/core';
import { type Fold, foldOf } from '@distill/scorers/folds';
import { addCounts, markdownToPlain, scoreSnippets, snippetPrf } from '@distill/scorers/snippets';
import { wordPrf } from '@distill/scorers/wcxb';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { flagValue } from './flag.js';
import { trafDevPages, wcxbDevPages } from './html-dev-pages.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const only = flag('--set');
const wanted = flag('--rules')?.split(',');
const show = args.includes('--show');

const g = globalThis as { __distillRulesOff?: Set<string>; __distillRulesAsked?: Set<string> };

interface Page {
  id: string;
  fold: Fold;
  html: Uint8Array;
  baseUrl?: string;
  score: (md: string) => Counts;
}
/** WCXB: one page's F1 (averaged over pages); trafilatura: snippet counts (pooled). */
type Counts = { f1: number; tp: number; fn: number; fp: number; tn: number };

function convert(p: Page): { counts: Counts; asked: string[] } {
  g.__distillRulesAsked = new Set();
  let md = '';
  try {
    md = toMarkdown(htmlToDoc(p.html, { onlyMainContent: true, baseUrl: p.baseUrl }).blocks).markdown;
  } catch (e) {
    console.error(p.id, e);
  }
  const asked = [...g.__distillRulesAsked];
  g.__distillRulesAsked = undefined;
  return { counts: p.score(md), asked };
}

function wcxbPages(): Page[] {
  return wcxbDevPages().map((p) => ({
    id: p.id,
    fold: foldOf(p.id),
    html: p.html,
    baseUrl: p.url,
    score: (md: string) => ({ f1: wordPrf(md, p.ref).f1, tp: 0, fn: 0, fp: 0, tn: 0 }),
  }));
}

function trafPages(): Page[] {
  return trafDevPages().map((p) => ({
    id: p.id,
    fold: foldOf(p.id),
    html: p.html,
    score: (md: string) => {
      const s = scoreSnippets(markdownToPlain(md), p.with, p.without);
      return { f1: 0, tp: s.tp, fn: s.fn, fp: s.fp, tn: s.tn };
    },
  }));
}

const sets: [string, () => Page[], (rows: Counts[]) => number][] = [
  ['wcxb-dev', wcxbPages, (rows) => rows.reduce((a, r) => a + r.f1, 0) / (rows.length || 1)],
  ['trafilatura-dev', trafPages, (rows) => snippetPrf(addCounts(rows)).f1],
];

for (const [name, load, summary] of sets) {
  if (only && !name.startsWith(only)) continue;
  const pages = load();
  const base = new Map<string, Counts>();
  const actedOn = new Map<string, Page[]>();
  for (const p of pages) {
    const { counts, asked } = convert(p);
    base.set(p.id, counts);
    for (const r of asked) if (!wanted || wanted.includes(r)) actedOn.set(r, [...(actedOn.get(r) ?? []), p]);
  }
  const figure = (fold: Fold | 'all', over: Map<string, Counts>) =>
    summary(pages.filter((p) => fold === 'all' || p.fold === fold).map((p) => over.get(p.id)!));
  console.log(
    `${name}: all ${figure('all', base).toFixed(4)}  fold a ${figure('a', base).toFixed(4)}  fold b ${figure('b', base).toFixed(4)}`,
  );
  for (const [rule, acted] of [...actedOn].sort()) {
    g.__distillRulesOff = new Set([rule]);
    const without = new Map(base);
    let changed = 0;
    for (const p of acted) {
      const c = convert(p).counts;
      if (JSON.stringify(c) !== JSON.stringify(base.get(p.id))) {
        changed++;
        if (show)
          console.log(
            `    ${rule} ${p.id} [${p.fold}] on ${JSON.stringify(base.get(p.id))} off ${JSON.stringify(c)}`,
          );
      }
      without.set(p.id, c);
    }
    g.__distillRulesOff = undefined;
    const d = (f: Fold | 'all') => (figure(f, base) - figure(f, without)).toFixed(5);
    const n = (f: Fold) => acted.filter((p) => p.fold === f).length;
    console.log(
      `  ${rule.padEnd(22)} acts on ${String(acted.length).padStart(3)} pages (a ${n('a')}, b ${n('b')}; score changed on ${changed})` +
        `  delta all ${d('all')}  fold a ${d('a')}  fold b ${d('b')}`,
    );
  }
}
