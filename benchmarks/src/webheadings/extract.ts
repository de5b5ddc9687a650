/**
 * Real articles taken from the web pages of the HTML dev sets (wcxb-dev, trafilatura-dev), for
 * the pdf-web-headings check: their headings (how many, how long, how deep, how close together),
 * paragraphs, lists and bold or italic runs in prose are what people publish, not words we drew.
 * The article is the page's `<article>` element (the one with the most words), else its `<main>`
 * (or `role="main"`); the page is kept when that element holds two headings or more and 300 words
 * or more of prose. Inside it, navigation, asides, forms, figures, tables, footers and hidden
 * elements are left out (a print of the article is of its text, not of its widgets).
 * Left out like webtables/extract.ts: pages in Chinese, Japanese or Korean (no font on the machine
 * draws them) and pictographs; menus (a list of links and nothing else, an element classed as
 * navigation, sharing, comments or related pages). A long article is cut after MAX_WORDS words at a block's end; a
 * heading with nothing after it (a "Comments" at the cut, an empty section) is dropped, and a
 * heading of more than 150 characters is kept as a paragraph (a teaser set in an h-tag is not a
 * section title a reader of the print would see).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { attr, kids, type Node } from '../parse5-tree.js';

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
}
export type Block =
  | { kind: 'h'; level: number; text: string }
  | { kind: 'p'; runs: Run[] }
  | { kind: 'li'; runs: Run[]; ordered: boolean };

export interface WebArticle {
  /** `<set>/<page>`: the page's id, also the fold key. */
  id: string;
  blocks: Block[];
}

const MIN_WORDS = 300;
const MAX_WORDS = 1200;
const MAX_HEADING = 150;

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'nav',
  'aside',
  'form',
  'footer',
  'figure',
  'figcaption',
  'table',
  'button',
  'select',
  'textarea',
  'iframe',
  'video',
  'audio',
  'canvas',
  'img',
  'picture',
  'dialog',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that start a block of their own; anything else is inline. */
const BLOCKS = new Set([
  ...HEADINGS,
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'hr',
  'address',
  ...SKIP,
]);

const hidden = (n: Node) =>
  attr(n, 'hidden') !== undefined ||
  attr(n, 'aria-hidden') === 'true' ||
  /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attr(n, 'style') ?? '');
/** Page furniture inside the article, by its class or id (menus, share bars, comments). */
const FURNITURE =
  /(^|[-_\s])(nav|navbar|menu|breadcrumbs?|share|sharing|social|related|comments?|sidebar|newsletter|subscribe)([-_\s]|$)/i;
const furniture = (n: Node) =>
  attr(n, 'role') === 'navigation' ||
  FURNITURE.test(attr(n, 'class') ?? '') ||
  FURNITURE.test(attr(n, 'id') ?? '');
const skipped = (n: Node) => SKIP.has(n.nodeName) || hidden(n) || furniture(n);

/** A list whose every item is a link and nothing else: a menu or a list of related pages. */
function linkList(n: Node): boolean {
  const items = kids(n).filter((c) => c.nodeName === 'li');
  const linkText = (x: Node): string =>
    x.nodeName === 'a' ? textOf(x) : x.nodeName === '#text' ? '' : kids(x).map(linkText).join('');
  return items.length >= 2 && items.every((li) => clean(textOf(li)) === clean(linkText(li)));
}

const clean = (s: string) =>
  s
    .replace(/\p{Extended_Pictographic}|\uFE0F|[\u200B-\u200D\u00AD]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

function textOf(n: Node): string {
  if (n.nodeName === '#text') return n.value ?? '';
  if (skipped(n)) return '';
  if (n.nodeName === 'br') return ' ';
  const inner = kids(n).map(textOf).join('');
  return BLOCKS.has(n.nodeName) ? ` ${inner} ` : inner;
}
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

function find(n: Node, pick: (x: Node) => boolean, out: Node[] = []): Node[] {
  for (const c of kids(n)) {
    if (pick(c)) out.push(c);
    find(c, pick, out);
  }
  return out;
}

/** The inline runs of an element: bold and italic as set by b/strong and i/em, spaces collapsed
 * across run edges, empty runs dropped. */
function runsOf(n: Node): Run[] {
  const out: Run[] = [];
  const walk = (x: Node, bold: boolean, italic: boolean) => {
    if (x.nodeName === '#text') {
      out.push({ text: x.value ?? '', ...(bold ? { bold } : {}), ...(italic ? { italic } : {}) });
      return;
    }
    if (skipped(x)) return;
    if (x.nodeName === 'br') {
      out.push({ text: ' ' });
      return;
    }
    const b = bold || x.nodeName === 'b' || x.nodeName === 'strong';
    const i = italic || x.nodeName === 'i' || x.nodeName === 'em';
    for (const c of kids(x)) walk(c, b, i);
  };
  for (const c of kids(n)) walk(c, false, false);
  // Collapse whitespace over the whole line, then cut it back into runs.
  const merged: Run[] = [];
  let prevSpace = true;
  for (const r of out) {
    let t = r.text
      .replace(/\p{Extended_Pictographic}|\uFE0F|[\u200B-\u200D\u00AD]/gu, '')
      .replace(/\s+/g, ' ');
    if (prevSpace) t = t.replace(/^ /, '');
    if (!t) continue;
    prevSpace = t.endsWith(' ');
    const last = merged[merged.length - 1];
    if (last && !!last.bold === !!r.bold && !!last.italic === !!r.italic) last.text += t;
    else merged.push({ ...r, text: t });
  }
  const last = merged[merged.length - 1];
  if (last) last.text = last.text.replace(/ $/, '');
  return merged.filter((r) => r.text.length > 0);
}
export const runText = (runs: Run[]) => runs.map((r) => r.text).join('');

/** The article's blocks in document order. Inline content standing loose in a block (text
 * straight in a div, between its blocks) makes a paragraph of its own where it stands. */
function blocksOf(root: Node): Block[] {
  const out: Block[] = [];
  const para = (n: Node) => {
    const runs = runsOf(n);
    if (runs.length) out.push({ kind: 'p', runs });
  };
  const walk = (n: Node, ordered: boolean) => {
    let loose: Node[] = [];
    const flush = () => {
      const runs = runsOf({ nodeName: 'div', childNodes: loose });
      if (runs.length && words(runText(runs)) >= 3) out.push({ kind: 'p', runs });
      loose = [];
    };
    for (const c of kids(n)) {
      if (c.nodeName === '#comment' || skipped(c)) continue;
      const inline = c.nodeName === '#text' || (!BLOCKS.has(c.nodeName) && !hasBlock(c));
      if (inline) {
        loose.push(c);
        continue;
      }
      flush();
      if (HEADINGS.has(c.nodeName)) {
        const text = clean(textOf(c));
        if (!text) continue;
        if (text.length > MAX_HEADING) out.push({ kind: 'p', runs: [{ text }] });
        else out.push({ kind: 'h', level: Number(c.nodeName[1]), text });
      } else if (c.nodeName === 'li') {
        // The item's own text, then its nested lists as items of their own.
        const nested = (k: Node) => k.nodeName === 'ul' || k.nodeName === 'ol';
        const runs = runsOf({ ...c, childNodes: kids(c).filter((k) => !nested(k)) });
        if (runs.length) out.push({ kind: 'li', runs, ordered });
        for (const k of kids(c)) if (nested(k)) walk(k, k.nodeName === 'ol');
      } else if (c.nodeName === 'ul' || c.nodeName === 'ol') {
        if (!linkList(c)) walk(c, c.nodeName === 'ol');
      } else if (c.nodeName === 'p' || c.nodeName === 'dt' || c.nodeName === 'dd' || c.nodeName === 'pre')
        para(c);
      else walk(c, ordered);
    }
    flush();
  };
  walk(root, false);
  return out;
}
const hasBlock = (n: Node) => find(n, (x) => BLOCKS.has(x.nodeName) && !SKIP.has(x.nodeName)).length > 0;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The page's article, cut and checked, or undefined when the page has none worth printing. */
export function articleOfPage(html: string, id: string): WebArticle | undefined {
  const doc = parse(html) as unknown as Node;
  const proseWords = (n: Node) =>
    find(n, (x) => x.nodeName === 'p' || x.nodeName === 'li')
      .map((x) => words(clean(textOf(x))))
      .reduce((a, b) => a + b, 0);
  const articles = find(doc, (x) => x.nodeName === 'article')
    .map((n) => ({ n, w: proseWords(n) }))
    .sort((a, b) => b.w - a.w);
  const mains = find(doc, (x) => x.nodeName === 'main' || attr(x, 'role') === 'main');
  const candidates = [...articles.map((a) => a.n), ...mains];
  for (const root of candidates) {
    const all = blocksOf(root);
    const text = all.map((b) => (b.kind === 'h' ? b.text : runText(b.runs))).join(' ');
    if (CJK.test(text)) return undefined;
    // Cut after MAX_WORDS words of prose, at a block's end.
    const kept: Block[] = [];
    let n = 0;
    for (const b of all) {
      if (n >= MAX_WORDS) break;
      kept.push(b);
      if (b.kind !== 'h') n += words(runText(b.runs));
    }
    // Headings with no prose after them (a "Comments" at the cut) head nothing.
    const blocks = kept.slice(0, kept.findLastIndex((b) => b.kind !== 'h') + 1);
    const headings = blocks.filter((b) => b.kind === 'h').length;
    if (headings >= 2 && n >= MIN_WORDS) return { id, blocks };
  }
  return undefined;
}

/** Every kept article of the two HTML dev sets, in page order; an article printed the same as
 * one already kept is kept once. */
export function webArticles(corpora: string): WebArticle[] {
  const out: WebArticle[] = [];
  const seen = new Set<string>();
  for (const set of ['wcxb-dev', 'trafilatura-dev']) {
    const dir = join(corpora, 'html', set, 'html');
    for (const f of readdirSync(dir).sort()) {
      const raw = readFileSync(join(dir, f));
      const html = (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      const a = articleOfPage(html, `${set.replace(/-dev$/, '')}/${f.replace(/\.html(\.gz)?$/, '')}`);
      if (!a) continue;
      const key = JSON.stringify(a.blocks);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(a);
    }
  }
  return out;
}
