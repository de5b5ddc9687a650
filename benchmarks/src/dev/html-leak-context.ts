/**
 * Dev tool: where each `without` snippet of trafilatura-dev that the output keeps stands in
 * that output, to sort the leaks into kinds by shape. For each leak: the Markdown block holding
 * it (by blank lines), its index among the blocks, whether it sits before the first long
 * paragraph (180+ characters), after the last or between them, and the block itself.
 *
 *   pnpm bench dev html-leak-context [--fold a|b] [--only ID] [--missed]
 *   (--missed: the `with` snippets the output lacks instead, with nothing around them)
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
    for (const m of s.missed) console.log(`${id} [${foldOf(id)}] missed: ${m.slice(0, 120)}`);
    continue;
  }
  if (!s.leaked.length) continue;
  const blocks = md.split(/\n{2,}/).map((b) => normalizeSpace(markdownToPlain(b)));
  const long = blocks.map((b, i) => (b.length >= LONG ? i : -1)).filter((i) => i >= 0);
  const first = long[0] ?? -1;
  const last = long[long.length - 1] ?? -1;
  console.log(`${id} [${foldOf(id)}] blocks=${blocks.length} prose ${first}..${last} ${truth[id].url}`);
  for (const leak of s.leaked) {
    const n = normalizeSpace(leak);
    const at = blocks.findIndex((b) => b.includes(n));
    const where = at < 0 ? 'across' : at < first ? 'before' : at > last ? 'after' : 'inside';
    const raw = at >= 0 ? md.split(/\n{2,}/)[at] : '';
    console.log(`  ${where.padEnd(6)} #${at} «${leak.slice(0, 60)}»`);
    if (raw) console.log(`      ${raw.replace(/\n/g, ' ⏎ ').slice(0, 220)}`);
  }
}
