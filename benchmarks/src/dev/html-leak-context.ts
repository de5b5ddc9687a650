/**
 * Dev tool: where each `without` snippet of trafilatura-dev that the output keeps stands in
 * that output, to sort the leaks into kinds by shape. For each leak: the Markdown block holding
 * it (by blank lines), its index among the blocks, whether it sits before the first long
 * paragraph (180+ characters), after the last or between them, and the block itself.
 *
 *   pnpm bench dev html-leak-context [--fold a|b] [--only ID] [--missed] [--summary]
 *   (--missed: the `with` snippets the output lacks instead, each placed in the whole page's
 *   Markdown (filter off) before, inside or after the span of blocks the filter kept, with the
 *   shape of its block: heading, list item, short line, paragraph, table row, quote)
 *   (--summary: only the counts by position and shape)
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import { markdownToPlain, normalizeSpace, scoreSnippets } from '@distill/scorers/snippets';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';
import { flagValue } from './flag.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const fold = flag('--fold');
const only = flag('--only');
const missed = args.includes('--missed');
const summary = args.includes('--summary');
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const say = (line: string) => {
  if (!summary) console.log(line);
};

/** The shape of a Markdown block, read from its first line's markers and its length. */
function shape(raw: string, plain: string): string {
  const t = raw.trimStart();
  if (/^#{1,6} /.test(t)) return 'heading';
  if (/^([-*+]|\d+[.)]) /.test(t)) return 'list';
  if (t.startsWith('|')) return 'table';
  if (t.startsWith('>')) return 'quote';
  if (t.startsWith('![') || t.startsWith('[![')) return 'image';
  return plain.length >= LONG ? 'paragraph' : 'short';
}
const dir = path.resolve(CORPORA, 'html/trafilatura-dev');
const truth = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<
  string,
  { url: string; with: string[]; without: string[] }
>;

const LONG = 180;
for (const id of Object.keys(truth).sort()) {
  if ((only && id !== only) || (fold && foldOf(id) !== fold)) continue;
  const html = gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`)));
  const md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: true }).blocks).markdown;
  const s = scoreSnippets(markdownToPlain(md), truth[id].with, truth[id].without);
  if (missed) {
    if (!s.missed.length) continue;
    // Place each miss in the unfiltered page: which kept blocks come before and after it.
    const all = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: false }).blocks).markdown;
    const rawAll = all.split(/\n{2,}/);
    const plainAll = rawAll.map((b) => normalizeSpace(markdownToPlain(b)));
    const kept = normalizeSpace(markdownToPlain(md));
    const keptAt = plainAll
      .map((b, i) => (b.length >= 20 && kept.includes(b) ? i : -1))
      .filter((i) => i >= 0);
    const first = keptAt[0] ?? -1;
    const last = keptAt[keptAt.length - 1] ?? -1;
    say(
      `${id} [${foldOf(id)}] blocks=${rawAll.length} kept ${first}..${last} (${keptAt.length}) ${truth[id].url}`,
    );
    for (const m of s.missed) {
      const n = normalizeSpace(m);
      const at = plainAll.findIndex((b) => b.includes(n));
      const where =
        at < 0 ? 'absent' : first < 0 ? 'nothing' : at < first ? 'before' : at > last ? 'after' : 'inside';
      const kind = at < 0 ? '-' : shape(rawAll[at], plainAll[at]);
      count(`${where} ${kind}`);
      say(`  ${where.padEnd(7)} ${kind.padEnd(9)} #${at} «${m.slice(0, 60)}»`);
      if (at >= 0) say(`      ${rawAll[at].replace(/\n/g, ' ⏎ ').slice(0, 220)}`);
    }
    continue;
  }
  if (!s.leaked.length) continue;
  const blocks = md.split(/\n{2,}/).map((b) => normalizeSpace(markdownToPlain(b)));
  const long = blocks.map((b, i) => (b.length >= LONG ? i : -1)).filter((i) => i >= 0);
  const first = long[0] ?? -1;
  const last = long[long.length - 1] ?? -1;
  say(`${id} [${foldOf(id)}] blocks=${blocks.length} prose ${first}..${last} ${truth[id].url}`);
  for (const leak of s.leaked) {
    const n = normalizeSpace(leak);
    const at = blocks.findIndex((b) => b.includes(n));
    const where = at < 0 ? 'across' : at < first ? 'before' : at > last ? 'after' : 'inside';
    const raw = at >= 0 ? md.split(/\n{2,}/)[at] : '';
    count(`${where} ${at < 0 ? '-' : shape(raw, blocks[at])}`);
    say(`  ${where.padEnd(6)} ${at < 0 ? '-' : shape(raw, blocks[at])} #${at} «${leak.slice(0, 60)}»`);
    if (raw) say(`      ${raw.replace(/\n/g, ' ⏎ ').slice(0, 220)}`);
  }
}
if (summary || tally.size)
  for (const [k, v] of [...tally].sort((x, y) => y[1] - x[1])) console.log(`${String(v).padStart(4)}  ${k}`);
