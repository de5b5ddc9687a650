/**
 * Dev tool: where each `without` snippet of trafilatura-dev that the output keeps stands in the
 * page's own tree: the smallest element whose text holds it and that element's ancestors (tag,
 * class, id, text length, links' share), to sort the leaks by the structure around them rather
 * than by their words. Companion of html-leak-context (which shows the Markdown block).
 *
 *   pnpm bench dev html-leak-dom [--fold a|b] [--only ID] [--depth N] [--missed]
 *   (--missed: the `with` snippets the output lacks instead)
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import { markdownToPlain, normalizeSpace, scoreSnippets } from '@distill/scorers/snippets';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { decodeHtml } from '../../../packages/html/src/decode.js';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';
import { flagValue } from './flag.js';

type El = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['childNode'];
const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const fold = flag('--fold');
const only = flag('--only');
const depth = Number(flag('--depth') ?? 7);
const missed = args.includes('--missed');
const dir = path.resolve(CORPORA, 'html/trafilatura-dev');
const truth = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<
  string,
  { url: string; with: string[]; without: string[] }
>;

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg']);
function text(n: Node, inLink: boolean, out: { t: string[]; link: number }): void {
  if (n.nodeName === '#text') {
    const v = (n as DefaultTreeAdapterMap['textNode']).value;
    out.t.push(v);
    if (inLink) out.link += normalizeSpace(v).length;
    return;
  }
  const e = n as El;
  if (!e.tagName || SKIP.has(e.tagName)) return;
  for (const c of e.childNodes) text(c, inLink || e.tagName === 'a', out);
}
const memo = new Map<El, { t: string; link: number }>();
function textOf(e: El): { t: string; link: number } {
  let m = memo.get(e);
  if (!m) {
    const out = { t: [] as string[], link: 0 };
    for (const c of e.childNodes) text(c, e.tagName === 'a', out);
    m = { t: normalizeSpace(out.t.join(' ')), link: out.link };
    memo.set(e, m);
  }
  return m;
}
function deepest(e: El, s: string): El | undefined {
  if (!textOf(e).t.includes(s)) return undefined;
  for (const c of e.childNodes) {
    const ce = c as El;
    if (!ce.tagName || SKIP.has(ce.tagName)) continue;
    const d = deepest(ce, s);
    if (d) return d;
  }
  return e;
}
const label = (e: El) => {
  const a = (n: string) => e.attrs.find((x) => x.name === n)?.value;
  const cls = a('class')?.trim().split(/\s+/).slice(0, 3).join('.');
  const id = a('id');
  const t = textOf(e);
  return `${e.tagName}${cls ? `.${cls}` : ''}${id ? `#${id}` : ''}[${t.t.length}${t.link ? ` L${Math.round((100 * t.link) / Math.max(1, t.t.length))}%` : ''}]`;
};

for (const id of Object.keys(truth).sort()) {
  if ((only && id !== only) || (fold && foldOf(id) !== fold)) continue;
  const raw = gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`)));
  const md = toMarkdown(htmlToDoc(new Uint8Array(raw), { onlyMainContent: true }).blocks).markdown;
  const s = scoreSnippets(markdownToPlain(md), truth[id].with, truth[id].without);
  const found = missed ? s.missed : s.leaked;
  if (!found.length) continue;
  memo.clear();
  const doc = parse(decodeHtml(new Uint8Array(raw)).text);
  const html = doc.childNodes.find((c) => (c as El).tagName === 'html') as El;
  const body = html.childNodes.find((c) => (c as El).tagName === 'body') as El;
  console.log(`${id} [${foldOf(id)}] ${truth[id].url}`);
  for (const leak of found) {
    const n = normalizeSpace(leak);
    const el = deepest(body, n);
    console.log(`  «${n.slice(0, 70)}»`);
    if (!el) {
      console.log('    (not in one element)');
      continue;
    }
    const chain: string[] = [];
    for (let e: El | null = el; e && e !== body && chain.length < depth; e = e.parentNode as El | null)
      chain.push(label(e));
    console.log(`    ${chain.join(' < ')}`);
    const p = el.parentNode as El;
    const sibs = p.childNodes.filter((c) => (c as El).tagName).map((c) => label(c as El));
    console.log(`    siblings(${sibs.length}): ${sibs.slice(0, 8).join(' ')}`);
  }
}
