/**
 * Real web articles printed to PDF: a heading set whose headings nobody here wrote or tuned on.
 * The articles of the HTML dev sets' pages (webheadings/extract.ts: the `<article>` or `<main>`
 * element with two headings or more and 300 words or more; their headings, paragraphs, lists and
 * bold runs as published) are each printed by Chromium in five styles (webheadings/print.ts: the
 * browser's default, a numbered serif book, a corporate report with coloured capitals at the body
 * size, a dense two-column page, headings only bold at the body size); distill and liteparse read
 * the PDFs in the same run, scored with the dpbench scorers (MHS against the article's h1–h6, NID
 * over the whole text with emphasis stripped, as the truth has none), plus heading recall and
 * precision by text (a heading counts as found when a predicted heading has the same words,
 * case and spaces aside) to tell a missed heading from a false one.
 * Folds split by a hash of the source page's id. --per-set N takes the first N articles of each
 * HTML set (default 60; 0 for all).
 *   pnpm bench dev pdf-web-headings [--fold a|b] [--style S] [--per-set N] [--no-peers] [--worst N] [--docs] [--keep DIR]
 * PDFs are cached under the temp folder by a hash of the page printed (liteparse's answers too, by
 * its version), so a rerun prints and reads only what changed. Needs Chromium (/usr/bin/chromium
 * or CHROME_PATH).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DpScores, scoreDocument } from '@distill/scorers/dpbench';
import { type Fold, foldOf } from '@distill/scorers/folds';
import { mean } from '@distill/scorers/fsum';
import { CORPORA } from '../paths.js';
import {
  cachedPdf,
  closePeers,
  distillMarkdown,
  liteparseMarkdown,
  liteVersion,
  printMissing,
} from '../printed-pdfs.js';
import { webArticles } from '../webheadings/extract.js';
import { printArticle, STYLES, type Style } from '../webheadings/print.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const FOLD = opt('--fold') as Fold | undefined;
const STYLE = opt('--style') as Style | undefined;
const WORST = Number(opt('--worst') ?? 0);
const PER_SET = Number(opt('--per-set') ?? 60);
const KEEP = opt('--keep');
const PEERS = !args.includes('--no-peers');
if (STYLE && !STYLES.includes(STYLE)) throw new Error(`--style one of ${STYLES.join(', ')}`);

const cache = join(tmpdir(), 'distill-pdf-web-headings');
mkdirSync(cache, { recursive: true });
if (KEEP) mkdirSync(KEEP, { recursive: true });

interface Doc {
  id: string;
  fold: Fold;
  style: Style;
  truth: string;
  pdf: string;
}

const perSet = new Map<string, number>();
const articles = webArticles(CORPORA).filter((a) => {
  const set = a.id.split('/')[0];
  perSet.set(set, (perSet.get(set) ?? 0) + 1);
  return !PER_SET || perSet.get(set)! <= PER_SET;
});
const docs: Doc[] = [];
for (const a of articles) {
  const fold = foldOf(a.id);
  if (FOLD && fold !== FOLD) continue;
  for (const style of STYLES) {
    if (STYLE && style !== STYLE) continue;
    const { html, truth } = printArticle(a, style);
    docs.push({ id: `${a.id}|${style}`, fold, style, truth, pdf: cachedPdf(cache, html) });
  }
}

const version = await printMissing(docs.map((d) => d.pdf));
const distill = distillMarkdown;
const liteparse = liteparseMarkdown;
const engines: [string, (path: string) => Promise<string>][] = [['distill', distill]];
if (PEERS) engines.push(['liteparse', liteparse]);

/** The heading texts of a Markdown page, case and spaces aside, `**` and trailing `#`s dropped. */
const headingsOf = (md: string) =>
  md
    .split('\n')
    .map((l) => /^#{1,6}\s+(.*)$/.exec(l)?.[1])
    .filter((t): t is string => t !== undefined)
    .map((t) =>
      t
        .replace(/\*\*|__|\s+#+\s*$/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
interface Counts {
  truth: number;
  pred: number;
  found: number;
}
function headingCounts(truth: string, md: string): Counts {
  const t = headingsOf(truth);
  const left = headingsOf(md);
  const pred = left.length;
  let found = 0;
  for (const h of t) {
    const i = left.indexOf(h);
    if (i >= 0) {
      found++;
      left.splice(i, 1);
    }
  }
  return { truth: t.length, pred, found };
}

const scores = new Map<string, { dp: DpScores; h: Counts }[]>();
for (const [name, run] of engines) {
  const s: { dp: DpScores; h: Counts }[] = [];
  for (const d of docs) {
    const md = (await run(d.pdf)).replace(/\r\n?/g, '\n');
    if (KEEP) {
      const base = join(KEEP, d.id.replace(/[/#|]/g, '_'));
      writeFileSync(`${base}.${name}.md`, md);
      writeFileSync(`${base}.truth.md`, d.truth);
      writeFileSync(`${base}.pdf`, readFileSync(d.pdf));
    }
    s.push({ dp: scoreDocument(d.truth, md, { stripEmphasis: true }), h: headingCounts(d.truth, md) });
  }
  scores.set(name, s);
}
await closePeers();

const f3 = (v: number | null) => (v === null || Number.isNaN(v) ? '   - ' : v.toFixed(3).replace(/^0/, ' '));
const avg = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
};
const heads = articles.filter((a) => !FOLD || foldOf(a.id) === FOLD);
console.log(
  `pdf-web-headings: ${heads.length} articles (${heads.reduce((n, a) => n + a.blocks.filter((b) => b.kind === 'h').length, 0)} headings) × ${STYLE ? `1 style (${STYLE})` : `${STYLES.length} styles`} = ${docs.length} PDFs (Chromium ${version}, liteparse ${liteVersion})`,
);
console.log(
  `${'part'.padEnd(14)}   n  ${[...scores.keys()].map((e) => `${e.padEnd(9)}  mhs mhs-s  nid   h-R   h-P `).join(' |  ')}`,
);
const line = (label: string, pick: (d: Doc) => boolean) => {
  const cells = [...scores.values()].map((s) => {
    const part = s.filter((_, i) => pick(docs[i]));
    const sum = (k: keyof Counts) => part.reduce((n, x) => n + x.h[k], 0);
    const dp = (['mhs', 'mhs_s', 'nid'] as const).map((m) => f3(avg(part.map((x) => x.dp[m]))));
    return `${''.padEnd(9)} ${dp.join(' ')} ${f3(sum('found') / sum('truth'))} ${f3(sum('found') / sum('pred'))}`;
  });
  console.log(`${label.padEnd(14)} ${String(docs.filter(pick).length).padStart(4)} ${cells.join(' |  ')}`);
};
for (const fold of FOLD ? [FOLD] : (['a', 'b'] as Fold[])) {
  console.log(`— fold ${fold}`);
  for (const style of STYLES)
    if (!STYLE || style === STYLE) line(`  ${style}`, (d) => d.fold === fold && d.style === style);
  line(`  all`, (d) => d.fold === fold);
}
if (!FOLD) line('all', () => true);
for (const [name, s] of scores) {
  const order = docs
    .map((d, i) => ({ d, v: s[i] }))
    .sort((x, y) => (x.v.dp.mhs ?? 0) - (y.v.dp.mhs ?? 0) || (x.d.id < y.d.id ? -1 : 1));
  const shown = args.includes('--docs') ? order : order.slice(0, WORST);
  if (shown.length) console.log(`${name}, lowest MHS first (mhs nid, headings found/truth/predicted):`);
  for (const { d, v } of shown)
    console.log(
      `  ${f3(v.dp.mhs)} ${f3(v.dp.nid)}  ${v.h.found}/${v.h.truth}/${v.h.pred}  ${d.id}  ${d.pdf.split('/').pop()}`,
    );
}
