/**
 * Real web tables printed to PDF: a table set whose content nobody here wrote. The data tables of
 * the HTML dev sets' pages (webtables/extract.ts: prices, schedules, statistics, specs; their text,
 * spans and header rows) are each printed by Chromium in five styles (webtables/print.ts: the
 * browser's default, grid, booktabs, zebra, header band), alone or between the paragraphs around
 * them on their page; distill and liteparse read the PDFs in the same run, scored with the dpbench
 * scorers (TEDS against the HTML table's structure and text; NID over the whole page).
 * Folds split by a hash of the source page's id (every table of a page in one fold).
 *   pnpm bench dev pdf-web-tables [--fold a|b] [--style S] [--no-peers] [--worst N] [--docs] [--keep DIR]
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
import { webTables } from '../webtables/extract.js';
import { printTable, STYLES, type Style } from '../webtables/print.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const FOLD = opt('--fold') as Fold | undefined;
const STYLE = opt('--style') as Style | undefined;
const WORST = Number(opt('--worst') ?? 0);
const KEEP = opt('--keep');
const PEERS = !args.includes('--no-peers');
if (STYLE && !STYLES.includes(STYLE)) throw new Error(`--style one of ${STYLES.join(', ')}`);

const cache = join(tmpdir(), 'distill-pdf-web-tables');
mkdirSync(cache, { recursive: true });
if (KEEP) mkdirSync(KEEP, { recursive: true });

interface Doc {
  id: string;
  fold: Fold;
  style: Style;
  truth: string;
  pdf: string;
}

const tables = webTables(CORPORA);
const docs: Doc[] = [];
for (const t of tables) {
  const fold = foldOf(t.page);
  if (FOLD && fold !== FOLD) continue;
  for (const style of STYLES) {
    if (STYLE && style !== STYLE) continue;
    const { html, truth } = printTable(t, style);
    docs.push({ id: `${t.id}|${style}`, fold, style, truth, pdf: cachedPdf(cache, html) });
  }
}

const version = await printMissing(docs.map((d) => d.pdf));
const distill = distillMarkdown;
const liteparse = liteparseMarkdown;
const engines: [string, (path: string) => Promise<string>][] = [['distill', distill]];
if (PEERS) engines.push(['liteparse', liteparse]);

const scores = new Map<string, DpScores[]>();
for (const [name, run] of engines) {
  const s: DpScores[] = [];
  for (const d of docs) {
    const md = (await run(d.pdf)).replace(/\r\n?/g, '\n');
    if (KEEP) {
      const base = join(KEEP, d.id.replace(/[/#|]/g, '_'));
      writeFileSync(`${base}.${name}.md`, md);
      writeFileSync(`${base}.truth.md`, d.truth);
      writeFileSync(`${base}.pdf`, readFileSync(d.pdf));
    }
    s.push(scoreDocument(d.truth, md));
  }
  scores.set(name, s);
}
await closePeers();

const f3 = (v: number | null) => (v === null || Number.isNaN(v) ? '   - ' : v.toFixed(3).replace(/^0/, ' '));
const avg = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
};
const METRICS = ['teds', 'teds_s', 'nid'] as const;
const pages = new Set(tables.filter((t) => !FOLD || foldOf(t.page) === FOLD).map((t) => t.page)).size;
console.log(
  `pdf-web-tables: ${docs.length / (STYLE ? 1 : STYLES.length)} tables from ${pages} pages × ${STYLE ? `1 style (${STYLE})` : `${STYLES.length} styles`} = ${docs.length} PDFs (Chromium ${version}, liteparse ${liteVersion})`,
);
console.log(
  `${'part'.padEnd(18)}   n  ${[...scores.keys()].map((e) => `${e.padEnd(9)}  teds teds-s  nid `).join(' |  ')}`,
);
const line = (label: string, pick: (d: Doc) => boolean) => {
  const cells = [...scores.values()].map((s) => {
    const part = s.filter((_, i) => pick(docs[i]));
    return `${''.padEnd(9)} ${METRICS.map((m) => f3(avg(part.map((x) => x[m])))).join(' ')}`;
  });
  console.log(`${label.padEnd(18)} ${String(docs.filter(pick).length).padStart(4)} ${cells.join(' |  ')}`);
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
    .sort((x, y) => (x.v.teds ?? 0) - (y.v.teds ?? 0) || (x.d.id < y.d.id ? -1 : 1));
  const shown = args.includes('--docs') ? order : order.slice(0, WORST);
  if (shown.length) console.log(`${name}, lowest TEDS first:`);
  for (const { d, v } of shown)
    console.log(`  ${f3(v.teds)} ${f3(v.teds_s)} ${f3(v.nid)}  ${d.id}  ${d.pdf.split('/').pop()}`);
}
