/**
 * Dev tool: what each dev set's truth does with the byline line near an article's title, and what
 * distill does with it. A byline is found by structure in the page, not by its words: the
 * smallest block (p, div, li, header, address, footer...) of at most 150 characters that holds an
 * author marker (`rel=author`, `itemprop=author`, a link to /author/, a class or id naming the
 * author or byline) or a date (`<time>`, `itemprop=datePublished`), standing within 600
 * characters of text after the page's first h1. Each is counted as kept or dropped by the truth
 * (WCXB: its words in order in main_content, or mostly absent; trafilatura-dev: a `with` or a
 * `without` snippet overlapping it) and by distill's output (the same tests on its text).
 *
 *   pnpm bench dev html-byline-truth [--set wcxb|traf] [--show kept|dropped|unclear]
 *   (--show dropped|unclear: only the lines distill keeps)
 */

import { toMarkdown } from '@distill/core';
import { type Fold, foldOf } from '@distill/scorers/folds';
import { markdownToPlain, normalizeSpace } from '@distill/scorers/snippets';
import { markdownToText } from '@distill/scorers/wcxb';
import {
  attr,
  childrenOf,
  hints,
  isElement,
  type PElement,
  type PNode,
  parseHtml,
} from '../../../packages/html/src/dom.js';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { flagValue } from './flag.js';
import { trafDevPages, wcxbDevPages } from './html-dev-pages.js';

const args = process.argv.slice(2);
const only = flagValue(args, '--set');
const show = flagValue(args, '--show');

const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'header',
  'address',
  'footer',
  'section',
  'td',
  'dd',
  'ul',
  'h5',
  'h6',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const AUTHOR_NAME = /(?:^|[-_\s])(?:author|authors|byline|by-line|autor|auteur|autore|writer)(?:$|[-_\s])/i;

function text(n: PNode): string {
  if (n.nodeName === '#text') return (n as { value: string }).value;
  if (isElement(n) && SKIP.has(n.tagName)) return '';
  return childrenOf(n).map(text).join(' ');
}
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function marker(el: PElement): boolean {
  const ip = attr(el, 'itemprop') ?? '';
  if (/\bauthor\b|\bdatePublished\b/i.test(ip)) return true;
  if (el.tagName === 'time') return true;
  if (
    el.tagName === 'a' &&
    (/\bauthor\b/i.test(attr(el, 'rel') ?? '') ||
      /\/(?:author|autor|auteur)s?\//i.test(attr(el, 'href') ?? ''))
  )
    return true;
  return AUTHOR_NAME.test(hints(el));
}

interface Cand {
  text: string;
}

/** Byline candidates in document order, with the first h1's position in text characters. */
function candidates(html: Uint8Array): Cand[] {
  const doc = parseHtml(new TextDecoder().decode(html));
  const out: Cand[] = [];
  let pos = 0;
  let h1At = -1;
  const seen = new Set<PElement>();
  const walk = (n: PNode, stack: PElement[]) => {
    if (n.nodeName === '#text') {
      pos += squash((n as { value: string }).value).length;
      return;
    }
    if (!isElement(n)) {
      for (const c of childrenOf(n)) walk(c, stack);
      return;
    }
    if (SKIP.has(n.tagName)) return;
    if (n.tagName === 'h1' && h1At < 0) {
      h1At = pos + squash(text(n)).length;
    }
    if (h1At >= 0 && pos - h1At <= 600 && marker(n)) {
      // The smallest block around the marker that is still a short line.
      const chain = [...stack, n];
      let block: PElement | undefined;
      for (let i = chain.length - 1; i >= 0; i--) {
        const t = squash(text(chain[i]));
        if (t.length > 150) break;
        if (BLOCKS.has(chain[i].tagName) && t.length >= 3) block = chain[i];
      }
      if (block && !seen.has(block) && !stack.some((s) => seen.has(s))) {
        seen.add(block);
        out.push({ text: squash(text(block)) });
      }
    }
    for (const c of childrenOf(n)) walk(c, [...stack, n]);
  };
  walk(doc as unknown as PNode, []);
  return out;
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
/** 'kept' when the line's words stand in order in the text, 'dropped' when most are absent. */
function inText(line: string, ref: string): 'kept' | 'dropped' | 'unclear' {
  const w = words(line);
  if (!w.length) return 'unclear';
  const r = ` ${words(ref).join(' ')} `;
  if (r.includes(` ${w.join(' ')} `)) return 'kept';
  const bag = new Set(words(ref));
  const present = w.filter((x) => bag.has(x)).length;
  return present <= w.length * 0.5 ? 'dropped' : 'unclear';
}
const norm = (s: string) => normalizeSpace(s).toLowerCase();
function inSnippets(line: string, withs: string[], withouts: string[]): 'kept' | 'dropped' | 'unclear' {
  const l = norm(line);
  const hit = (ss: string[]) => ss.map(norm).some((s) => s.length >= 5 && (l.includes(s) || s.includes(l)));
  return hit(withs) ? 'kept' : hit(withouts) ? 'dropped' : 'unclear';
}

function distill(html: Uint8Array, baseUrl?: string): string {
  try {
    return toMarkdown(htmlToDoc(html, { onlyMainContent: true, baseUrl }).blocks).markdown;
  } catch {
    return '';
  }
}

type Row = { id: string; truth: string; ours: string; line: string };
function report(name: string, rows: Row[]) {
  console.log(`${name}: byline lines after the first h1 (truth x distill)`);
  for (const f of ['all', 'a', 'b'] as (Fold | 'all')[]) {
    const rs = rows.filter((r) => f === 'all' || foldOf(r.id) === f);
    const n = (t: string, o?: string) => rs.filter((r) => r.truth === t && (!o || r.ours === o)).length;
    const pages = (t: string) => new Set(rs.filter((r) => r.truth === t).map((r) => r.id)).size;
    console.log(
      `  ${f.padEnd(3)} ${rs.length} lines on ${new Set(rs.map((r) => r.id)).size} pages; truth kept ${n('kept')} (${pages('kept')} pages; distill keeps ${n('kept', 'kept')}), ` +
        `dropped ${n('dropped')} (${pages('dropped')} pages; distill keeps ${n('dropped', 'kept')}), unclear ${n('unclear')} (distill keeps ${n('unclear', 'kept')})`,
    );
  }
  if (show)
    for (const r of rows.filter((x) => x.truth === show && (show === 'kept' || x.ours === 'kept')))
      console.log(`   ${r.id} [${foldOf(r.id)}] ours ${r.ours}: ${r.line.slice(0, 120)}`);
}

if (!only || only === 'wcxb') {
  const rows: Row[] = [];
  for (const p of wcxbDevPages()) {
    if (p.type !== 'article') continue;
    const ours = markdownToText(distill(p.html, p.url));
    for (const c of candidates(p.html))
      rows.push({ id: p.id, truth: inText(c.text, p.ref), ours: inText(c.text, ours), line: c.text });
  }
  report('WCXB dev article pages', rows);
}
if (!only || only === 'traf') {
  const rows: Row[] = [];
  for (const p of trafDevPages()) {
    const ours = norm(markdownToPlain(distill(p.html)));
    for (const c of candidates(p.html)) {
      const truth = inSnippets(c.text, p.with, p.without);
      rows.push({
        id: p.id,
        truth,
        ours: ours.includes(norm(c.text)) ? 'kept' : inText(c.text, ours),
        line: c.text,
      });
    }
  }
  report('trafilatura-dev', rows);
}
