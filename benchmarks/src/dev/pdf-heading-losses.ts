/**
 * Where MHS (the heading score of dpbench) is lost, page by page: the ground truth's headings
 * distill's Markdown lacks (missed), the headings it gives that the ground truth lacks (false),
 * each with the evidence its layout block had (size over the page's body size, bold, numbering,
 * capitals, gap above in body lines, lines, terminal punctuation, label), and per fold the
 * counts of each class. MHS ignores levels (every dpbench ground-truth heading is `#`), so
 * levels are not listed.
 *   pnpm bench dev pdf-heading-losses [--fold a|b] [--id ID] [--quiet] [--pdfs DIR --truth DIR,...] [--peer liteparse]
 * With --peer liteparse, liteparse reads the same PDFs in the same run and its MHS is printed per
 * fold beside distill's (a set apart from dpbench-dev has no stored peer scores).
 * With --pdfs, the PDFs of DIR are scored against the Markdown of the --truth folders whose name
 * starts with the PDF's (`x.pdf` against `x.docx.md`): a heading set apart from dpbench-dev, for
 * example office documents saved as PDF by LibreOffice with their converters' Markdown.
 * With --groups, MHS is also printed per group of documents named `GROUP-N` (a heading set's
 * styles), per fold, beside the peer's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateHeadingLevel } from '@distill/scorers/dpbench';
import { foldOf } from '@distill/scorers/folds';
import { parse } from 'distill';
import { bodySizeOf } from '../../../packages/pdf/src/assemble/to-doc.js';
import { analyzePage } from '../../../packages/pdf/src/layout/analyze.js';
import { FastPdf } from '../../../packages/pdf/src/reader/index.js';
import type { LayoutBlock } from '../../../packages/pdf/src/types.js';
import { pdfPeers } from '../engines/pdf-peers.js';
import { CORPORA } from '../paths.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const onlyFold = opt('--fold');
const onlyId = opt('--id');
const quiet = args.includes('--quiet');
const peer = opt('--peer') ? pdfPeers.find((e) => e.name === opt('--peer')) : undefined;
if (opt('--peer') && !peer) throw new Error(`no PDF peer named ${opt('--peer')}`);
const peerScores: Record<string, number[]> = {};
const groups = args.includes('--groups');
function avgOf(xs: number[]): string {
  return (xs.reduce((a, b) => a + b, 0) / (xs.length || 1)).toFixed(3);
}
/** MHS by `group fold` (distill, peer). */
const byGroup = new Map<string, [number[], number[]]>();

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[#*_`|\\]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
const headingsOf = (md: string) =>
  md
    .split('\n')
    .filter((l) => /^#{1,6}\s/.test(l))
    .map((l) => l.replace(/^#+\s+/, '').trim());
const textOf = (b: TextBlock) => b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ');

/** Edit-distance ratio, for matching a heading to the block that printed it. */
function similar(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  const prev = new Array(b.length + 1).fill(0).map((_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = t;
    }
  }
  return 1 - prev[b.length] / Math.max(a.length, b.length);
}

const NUMBERING: [string, RegExp][] = [
  ['n.n', /^\d{1,2}(\.\d{1,2}){1,3}\.?\s/],
  ['n.', /^\d{1,2}[.)]?\s/],
  ['I.', /^[IVX]{1,5}[.)]?\s/],
  ['A.', /^[A-Z][.)]\s/],
  ['word N', /^\p{Lu}\p{Ll}+\s+(\d{1,2}|[A-Z]|[IVX]{1,5})\b/u],
];

/** The evidence a block had, as one short string. */
function evidence(b: TextBlock, blocks: readonly LayoutBlock[], body: number, height: number): string {
  const text = textOf(b).trim();
  const num = NUMBERING.find(([, re]) => re.test(text))?.[0];
  const letters = text.replace(/[^\p{L}]/gu, '');
  const caps = letters.length >= 3 && letters === letters.toUpperCase();
  // Gap to the nearest block above that overlaps it horizontally.
  let above = Number.POSITIVE_INFINITY;
  for (const o of blocks) {
    if (o === b || o.box.y1 > b.box.y0 + 1) continue;
    if (Math.min(o.box.x1, b.box.x1) - Math.max(o.box.x0, b.box.x0) <= 0) continue;
    above = Math.min(above, b.box.y0 - o.box.y1);
  }
  const parts = [
    `size ${(b.size / body).toFixed(2)}x`,
    b.bold ? 'bold' : '',
    num ? `num ${num}` : '',
    caps ? 'CAPS' : '',
    Number.isFinite(above) ? `gap ${(above / body).toFixed(1)}` : 'top',
    `${b.lines.length}L`,
    /[.,;:]$/.test(text) ? `ends '${text.slice(-1)}'` : '',
    b.label ? `label ${b.label}` : '',
    b.toc ? 'toc' : '',
    `y ${(b.box.y0 / height).toFixed(2)}`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The block whose text best matches a heading's (or contains it at its start). */
function blockFor(h: string, blocks: readonly LayoutBlock[]): TextBlock | undefined {
  const n = norm(h);
  let best: TextBlock | undefined;
  let bestScore = 0.6;
  for (const b of blocks) {
    if (b.kind !== 'text') continue;
    const t = norm(textOf(b));
    const s = t.startsWith(n) || n.startsWith(t) ? Math.max(0.7, similar(n, t)) : similar(n, t);
    if (s > bestScore) {
      best = b;
      bestScore = s;
    }
  }
  return best;
}

const dp = join(CORPORA, 'pdf/dpbench-dev');
const pdfDir = opt('--pdfs') ?? join(dp, 'pdfs');
const truthDirs = (opt('--truth') ?? join(dp, 'ground-truth')).split(',');
const truthOf = (id: string): string | undefined => {
  for (const d of truthDirs) {
    const f = readdirSync(d).find((n) => n === `${id}.md` || (n.startsWith(`${id}.`) && n.endsWith('.md')));
    if (f) return readFileSync(join(d, f), 'utf8');
  }
  return undefined;
};
const counts: Record<string, Record<string, number>> = {};
const scores: Record<string, number[]> = {};
const bump = (fold: string, k: string) => {
  counts[fold] ??= {};
  counts[fold][k] = (counts[fold][k] ?? 0) + 1;
};
for (const f of readdirSync(pdfDir).sort()) {
  if (!f.endsWith('.pdf')) continue;
  const id = f.replace(/\.pdf$/, '');
  if (onlyId && id !== onlyId) continue;
  const fold = foldOf(id);
  if (onlyFold && fold !== onlyFold) continue;
  const gt = truthOf(id);
  if (gt === undefined) continue;
  const bytes = new Uint8Array(readFileSync(join(pdfDir, f)));
  const r = await parse({ data: bytes, filename: `${id}.pdf` }, { formats: ['markdown'], timeout: 300_000 });
  const md = r.markdown ?? '';
  const [mhs] = evaluateHeadingLevel(gt, md);
  if (mhs !== null) {
    scores[fold] ??= [];
    scores[fold].push(mhs);
  }
  const group = `${id.replace(/-\d+$/, '')} ${fold}`;
  if (!byGroup.has(group)) byGroup.set(group, [[], []]);
  if (mhs !== null) byGroup.get(group)![0].push(mhs);
  if (peer) {
    const path = join(pdfDir, f);
    const [p] = evaluateHeadingLevel(
      gt,
      (await peer.convert({ path, bytes, filename: f })).replace(/\r\n?/g, '\n'),
    );
    if (p !== null) {
      peerScores[fold] ??= [];
      peerScores[fold].push(p);
      byGroup.get(group)![1].push(p);
    }
  }
  const want = headingsOf(gt);
  const got = headingsOf(md);
  const missed = want.filter((h) => !got.some((g) => similar(norm(g), norm(h)) > 0.8));
  const extra = got.filter((g) => !want.some((h) => similar(norm(g), norm(h)) > 0.8));
  for (const _ of want) bump(fold, 'gt headings');
  for (const _ of missed) bump(fold, 'missed');
  for (const _ of extra) bump(fold, mhs === null ? 'false (page without gt headings)' : 'false');
  if (!missed.length && !extra.length) continue;
  const layouts: ReturnType<typeof analyzePage>[] = [];
  try {
    const pdf = new FastPdf(bytes);
    for (let n = 1; n <= pdf.numPages; n++) layouts.push(analyzePage(pdf.page(n)));
  } catch {
    // evidence is then 'no block'
  }
  const body = layouts.length ? bodySizeOf(layouts) : 10;
  const ev = (h: string) => {
    for (const layout of layouts) {
      const b = blockFor(h, layout.blocks);
      if (b) return `p${layout.pageNumber} ${evidence(b, layout.blocks, body, layout.height)}`;
    }
    return 'no block';
  };
  if (quiet) continue;
  console.log(`\n${id} fold ${fold} MHS ${mhs === null ? '-' : mhs.toFixed(3)} body ${body}`);
  for (const h of missed) console.log(`  missed ${JSON.stringify(h.slice(0, 70))}: ${ev(h)}`);
  for (const h of extra) console.log(`  false  ${JSON.stringify(h.slice(0, 70))}: ${ev(h)}`);
}
if (groups) {
  console.log('\nper group and fold:');
  for (const [g, [d, p]] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : 1)))
    console.log(
      `  ${g.padEnd(16)} MHS ${avgOf(d)} over ${d.length}${p.length ? `  ${peer?.name} ${avgOf(p)}` : ''}`,
    );
}
console.log('\nper fold:');
for (const fold of Object.keys(counts).sort()) {
  const s = scores[fold] ?? [];
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  console.log(`  fold ${fold}: MHS ${mean.toFixed(3)} over ${s.length} pages;`, JSON.stringify(counts[fold]));
  const p = peerScores[fold];
  if (p)
    console.log(
      `    ${peer?.name} MHS ${(p.reduce((a, b) => a + b, 0) / (p.length || 1)).toFixed(3)} over ${p.length} pages`,
    );
}
const all = (r: Record<string, number[]>) => Object.values(r).flat();
const avg = avgOf;
console.log(`  all: MHS ${avg(all(scores))}${peer ? `; ${peer.name} ${avg(all(peerScores))}` : ''}`);
await Promise.all(pdfPeers.map((e) => e.close?.()));
