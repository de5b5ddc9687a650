/**
 * Dev tool: is the page's title h1 part of the main content by each dev set's truth, and which
 * policy (keep the title h1 that heads the content, or drop it) the measures reward, by fold.
 *
 * Per page it takes distill's output as it is and the same output with its level-1 headings
 * removed, and scores both: trafilatura-dev by snippets (pooled), WCXB dev by word F1 (mean over
 * pages) and by word-shingle F1 on its article pages (html-shingle-articles' measure, the held-out
 * article set's). It also counts, on the pages whose output holds a level-1 heading, whether that
 * heading's text is in trafilatura's `with` snippets, its `without`, or neither, and whether it is in
 * WCXB's main_content.
 *
 *   pnpm bench dev html-title-policy [--set wcxb|traf] [--show] [--lead] [--rules-off a,b]
 *   (--lead: remove only the level-1 headings above the first paragraph, the title heading it)
 *   (--show: each page where the heading is a `without` snippet, or missing from WCXB's truth)
 */

import { toMarkdown } from '@distill/core';
import { type Fold, foldOf } from '@distill/scorers/folds';
import {
  addCounts,
  markdownToPlain,
  normalizeSpace,
  type SnippetCounts,
  scoreSnippets,
  snippetPrf,
} from '@distill/scorers/snippets';
import { markdownToText, wordPrf } from '@distill/scorers/wcxb';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { type Counts, shingleCounts, summary } from '../shingles.js';
import { flagValue } from './flag.js';
import { trafDevPages, wcxbDevPages } from './html-dev-pages.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const only = flag('--set');
const show = args.includes('--show');
const leadOnly = args.includes('--lead');
// The output "as is" is the filter's with these rules off (rule-switch.ts), e.g. title-out.
const off = flag('--rules-off');
if (off) (globalThis as { __distillRulesOff?: Set<string> }).__distillRulesOff = new Set(off.split(','));

const H1 = /^# +(.+)$/gm;
const norm = (s: string) => normalizeSpace(markdownToPlain(s)).toLowerCase();
const headings = (md: string) => [...md.matchAll(H1)].map((m) => norm(m[1]));
const withoutH1 = (md: string) => md.replace(H1, '');
/** Only the level-1 headings above the first paragraph (80+ characters): the title heading the content. */
function withoutLeadH1(md: string): string {
  const blocks = md.split(/\n{2,}/);
  const first = blocks.findIndex((b) => !b.startsWith('#') && markdownToPlain(b).trim().length >= 80);
  return blocks.filter((b, i) => !(i < (first < 0 ? blocks.length : first) && /^# /.test(b))).join('\n\n');
}

const drop = (md: string) => (leadOnly ? withoutLeadH1(md) : withoutH1(md));

function markdown(html: Uint8Array, baseUrl?: string): string {
  try {
    return toMarkdown(htmlToDoc(html, { onlyMainContent: true, baseUrl }).blocks).markdown;
  } catch (e) {
    console.error(e);
    return '';
  }
}

const folds: (Fold | 'all')[] = ['all', 'a', 'b'];
const inFold = (f: Fold | 'all', id: string) => f === 'all' || foldOf(id) === f;

if (!only || only === 'traf') {
  const rows: { id: string; keep: SnippetCounts; drop: SnippetCounts; where: string }[] = [];
  for (const t of trafDevPages()) {
    const id = t.id;
    const md = markdown(t.html);
    const hs = headings(md);
    // A heading is asked for when a snippet is part of it or it is part of a snippet.
    const hit = (snips: string[]) =>
      hs.some((h) => h.length >= 8 && snips.map(norm).some((s) => s.includes(h) || h.includes(s)));
    const where = !hs.length ? 'no h1' : hit(t.with) ? 'with' : hit(t.without) ? 'without' : 'neither';
    const keep = scoreSnippets(markdownToPlain(md), t.with, t.without);
    const dropped = scoreSnippets(markdownToPlain(drop(md)), t.with, t.without);
    rows.push({ id, keep, drop: dropped, where });
    if (show && JSON.stringify(keep) !== JSON.stringify(dropped))
      console.log(
        `  traf ${id} [${foldOf(id)}] tp/fp ${keep.tp}/${keep.fp} -> ${dropped.tp}/${dropped.fp}: ${hs.join(' | ').slice(0, 100)}`,
      );
  }
  console.log('trafilatura-dev (snippet F1 / P / R, pooled): output as is -> level-1 headings removed');
  for (const f of folds) {
    const rs = rows.filter((r) => inFold(f, r.id));
    const k = snippetPrf(addCounts(rs.map((r) => r.keep)));
    const d = snippetPrf(addCounts(rs.map((r) => r.drop)));
    const n = (w: string) => rs.filter((r) => r.where === w).length;
    console.log(
      `  ${f.padEnd(3)} ${rs.length} pages; h1 kept on ${rs.length - n('no h1')}: in with ${n('with')}, in without ${n('without')}, neither ${n('neither')}; ` +
        `F1 ${k.f1.toFixed(4)} -> ${d.f1.toFixed(4)}  P ${k.precision.toFixed(4)} -> ${d.precision.toFixed(4)}  R ${k.recall.toFixed(4)} -> ${d.recall.toFixed(4)}`,
    );
  }
}

if (!only || only === 'wcxb') {
  const rows: {
    id: string;
    type: string;
    keep: number;
    drop: number;
    sk: Counts;
    sd: Counts;
    inRef?: boolean;
  }[] = [];
  for (const page of wcxbDevPages()) {
    const { id, ref } = page;
    const md = markdown(page.html, page.url);
    const hs = headings(md);
    const r = normalizeSpace(ref).toLowerCase();
    const inRef = hs.length ? hs.some((h) => r.includes(h)) : undefined;
    rows.push({
      id,
      type: page.type,
      keep: wordPrf(md, ref).f1,
      drop: wordPrf(drop(md), ref).f1,
      sk: shingleCounts(markdownToText(md), ref),
      sd: shingleCounts(markdownToText(drop(md)), ref),
      inRef,
    });
    if (show && inRef === false)
      console.log(`  wcxb ${id} [${foldOf(id)}] ${rows.at(-1)!.type} h1 not in truth: ${hs[0]}`);
  }
  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / (xs.length || 1);
  console.log(
    'WCXB dev (word F1 over pages; shingle F1 on article pages): output as is -> level-1 headings removed',
  );
  for (const f of folds) {
    const rs = rows.filter((r) => inFold(f, r.id));
    const arts = rs.filter((r) => r.type === 'article');
    const n = (v: boolean | undefined) => rs.filter((r) => r.inRef === v).length;
    console.log(
      `  ${f.padEnd(3)} ${rs.length} pages; h1 kept on ${rs.length - n(undefined)}: in truth ${n(true)}, not ${n(false)}; ` +
        `word F1 ${mean(rs.map((r) => r.keep)).toFixed(4)} -> ${mean(rs.map((r) => r.drop)).toFixed(4)}; ` +
        `articles (${arts.length}) shingle F1 ${summary(arts.map((r) => r.sk)).f.toFixed(4)} -> ${summary(arts.map((r) => r.sd)).f.toFixed(4)}`,
    );
  }
}
