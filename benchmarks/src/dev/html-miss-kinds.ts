/**
 * Dev tool: the pages of both html dev sets that show one of the misses issue 21 names, each
 * found by what the page holds rather than by hand:
 *  - comments-chosen: most of the output is text of a comments region (an element named
 *    `comment…`, a schema.org Comment) while the reference is not;
 *  - related-chosen: likewise for a related / recommended region;
 *  - comments-kept, related-kept: such a region's text (200+ characters) is in the output and
 *    not in the reference;
 *  - h1-dropped: the page's title h1 is in the reference and not in the output;
 *  - byline-kept: a short "By …"/"Von …" line is in the output and not in the reference.
 * The reference is WCXB's main_content, or trafilatura's `with` snippets.
 *
 *   pnpm bench dev html-miss-kinds [--set wcxb|traf] [--kind K]
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { foldOf } from '@distill/scorers/folds';
import { markdownToPlain, normalizeSpace } from '@distill/scorers/snippets';
import { attr, hints, type PElement, type PNode, parseHtml } from '../../../packages/html/src/dom.js';
import { isTitle } from '../../../packages/html/src/head.js';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { COMMENT_WORD, RELATED } from '../../../packages/html/src/rules.js';
import { CORPORA } from '../paths.js';
import { flagValue } from './flag.js';

const args = process.argv.slice(2);
const flag = (name: string) => flagValue(args, name);
const onlySet = flag('--set');
const onlyKind = flag('--kind');

const norm = (s: string) => normalizeSpace(s).toLowerCase();

function fullText(el: PNode): string {
  const out: string[] = [];
  const stack: PNode[] = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') out.push((n as { value: string }).value);
    else if (n.nodeName !== 'script' && n.nodeName !== 'style') {
      const kids = (n as PElement).childNodes;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return out.join(' ');
}

/** The text of every outermost region the test picks. */
function regions(root: PElement, test: (el: PElement) => boolean): string {
  const out: string[] = [];
  const stack: PElement[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    if (el !== root && test(el)) {
      out.push(norm(fullText(el)));
      continue;
    }
    for (const c of el.childNodes ?? []) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return out.join(' \u0000 ');
}

const isComment = (el: PElement) => {
  const h = hints(el);
  const it = attr(el, 'itemtype') ?? '';
  return (h !== '' && COMMENT_WORD.test(h)) || /schema\.org\/Comment/i.test(it);
};
const isRelated = (el: PElement) => {
  const h = hints(el);
  return h !== '' && RELATED.test(h);
};

/** Paragraph-sized lines of the output (40+ characters). */
const lines = (plain: string) =>
  plain
    .split(/\n+/)
    .map(norm)
    .filter((l) => l.length >= 40);

function share(ls: string[], region: string): number {
  if (!ls.length || !region) return 0;
  let inR = 0;
  let all = 0;
  for (const l of ls) {
    all += l.length;
    if (region.includes(l)) inR += l.length;
  }
  return inR / all;
}

const BYLINE = /(?:^|[\s|·•,])(by|von|par|por|di|door|written by|posted by)\s+\p{L}/iu;

interface Row {
  set: string;
  id: string;
  kinds: string[];
}

function classify(
  set: string,
  id: string,
  html: Uint8Array,
  ref: string,
  inRef: (s: string) => boolean,
): Row {
  const md = toMarkdown(htmlToDoc(html, { onlyMainContent: true }).blocks).markdown;
  const plain = markdownToPlain(md);
  const doc = parseHtml(new TextDecoder().decode(html));
  const htmlEl = doc.childNodes.find((n) => (n as PElement).tagName === 'html') as PElement;
  const body = htmlEl?.childNodes.find((n) => (n as PElement).tagName === 'body') as PElement | undefined;
  const kinds: string[] = [];
  if (!body) return { set, id, kinds };
  const ls = lines(plain);
  const refLs = lines(ref);
  const comments = regions(body, isComment);
  const related = regions(body, isRelated);
  const cOut = share(ls, comments);
  const rOut = share(ls, related);
  const cRef = share(refLs, comments);
  const rRef = share(refLs, related);
  if (cOut > 0.5 && cRef < 0.3) kinds.push('comments-chosen');
  else if (ls.filter((l) => comments.includes(l) && !inRef(l)).join('').length >= 200)
    kinds.push('comments-kept');
  if (rOut > 0.5 && rRef < 0.3) kinds.push('related-chosen');
  else if (ls.filter((l) => related.includes(l) && !inRef(l)).join('').length >= 200)
    kinds.push('related-kept');
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(new TextDecoder().decode(html.subarray(0, 200000)))?.[1];
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(new TextDecoder().decode(html))?.[1];
  if (title && h1) {
    const h = norm(h1.replace(/<[^>]+>/g, ' '));
    if (h.length >= 10 && isTitle(h, [title]) && inRef(h) && !norm(plain).includes(h))
      kinds.push('h1-dropped');
  }
  const outLines = plain.split(/\n+/).map(norm);
  if (outLines.some((l) => l.length > 4 && l.length <= 100 && BYLINE.test(l) && !inRef(l)))
    kinds.push('byline-kept');
  return { set, id, kinds };
}

const rows: Row[] = [];
if (!onlySet || onlySet === 'wcxb') {
  const dir = path.resolve(CORPORA, 'html/wcxb-dev');
  for (const f of readdirSync(path.join(dir, 'ground-truth')).sort()) {
    const id = f.replace('.json', '');
    const gt = JSON.parse(readFileSync(path.join(dir, 'ground-truth', f), 'utf8'));
    const ref: string | undefined = gt.ground_truth?.main_content;
    if (ref === undefined) continue;
    const r = norm(ref);
    const html = new Uint8Array(gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`))));
    rows.push(classify('wcxb', id, html, ref, (s) => r.includes(s)));
  }
}
if (!onlySet || onlySet === 'traf') {
  const dir = path.resolve(CORPORA, 'html/trafilatura-dev');
  const truth = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<
    string,
    { with: string[]; without: string[] }
  >;
  for (const id of Object.keys(truth).sort()) {
    const w = truth[id].with.map(norm);
    const ref = truth[id].with.join('\n');
    const html = new Uint8Array(gunzipSync(readFileSync(path.join(dir, 'html', `${id}.html.gz`))));
    // A line is the reference's when a snippet is part of it or it is part of a snippet.
    rows.push(classify('traf', id, html, ref, (s) => w.some((x) => x.includes(s) || s.includes(x))));
  }
}
const counts = new Map<string, string[]>();
for (const r of rows)
  for (const k of r.kinds) counts.set(k, [...(counts.get(k) ?? []), `${r.set}:${r.id}[${foldOf(r.id)}]`]);
for (const [k, ids] of [...counts].sort()) {
  if (onlyKind && k !== onlyKind) continue;
  console.log(`${k}: ${ids.length} pages`);
  console.log(`  ${ids.join(' ')}`);
}
