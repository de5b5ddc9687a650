/**
 * How the pdf-web-headings check prints a web article: one HTML page per article and style, and
 * the truth Markdown the printed page should read back as (every h1–h6 a `#` heading, paragraphs
 * and list items as text). Every choice (font, size, colour, spacing) is drawn from a generator
 * seeded by the article's id and the style, so a rerun writes the same page.
 *   styles: the browser's default; a serif book (a centred title, numbered sections 1 / 1.1,
 *   justified paragraphs with a first-line indent and no space between them); a corporate report
 *   (sans, the title in colour, section titles in coloured capitals at the body size, sub-titles
 *   in colour at the body size); a dense two-column page (small type, headings a little larger and
 *   bold); headings only bold at the body size (a gap over them, none or little under).
 * Tiers: the article's heading levels in order (h2, h4 on a page with no h3 are tiers 1 and 2);
 * the first heading is the title when it is the only one of the top tier.
 */
import { fnv1a as hash, mulberry32 } from '../seeded.js';
import { esc, Pick } from '../synth/text.js';
import { type Block, type Run, runText, type WebArticle } from './extract.js';

export const STYLES = ['default', 'book', 'corporate', 'twocol', 'boldonly'] as const;
export type Style = (typeof STYLES)[number];

const COLOURS = ['#1f4e79', '#2e5c3a', '#7a1f3d', '#005a8c', '#5b3c88', '#b35900', '#c00000'];
const SERIF = ['Liberation Serif', 'DejaVu Serif'];
const SANS = ['Liberation Sans', 'DejaVu Sans'];

const runsHtml = (runs: Run[]) =>
  runs
    .map((r) => {
      let t = esc(r.text);
      if (r.italic) t = `<i>${t}</i>`;
      if (r.bold) t = `<b>${t}</b>`;
      return t;
    })
    .join('');

export interface Printed {
  html: string;
  truth: string;
}

function styleCss(p: Pick, style: Style): string {
  const colour = p.one(COLOURS);
  switch (style) {
    case 'default':
      return '@page { size: A4; margin: 2cm; }';
    case 'book': {
      const size = p.one([10.5, 11, 11.5, 12]);
      return `@page { size: A4; margin: ${p.one([2, 2.5, 3])}cm; }
body { font-family: '${p.one(SERIF)}'; font-size: ${size}pt; line-height: ${p.one([1.3, 1.4, 1.5])}; margin: 0; }
p { margin: 0; text-align: justify; text-indent: 1.5em; } h1 + p, h2 + p, h3 + p, h4 + p, h5 + p, h6 + p { text-indent: 0; }
ul, ol { margin: 0.4em 0; }
.title { font-size: ${p.one([1.8, 2, 2.2])}em; text-align: center; font-weight: ${p.one(['bold', 'normal'])}; margin: 0 0 1.2em; }
.t1 { font-size: ${p.one([1.3, 1.4, 1.5])}em; font-weight: bold; margin: 1.2em 0 0.5em; }
.t2 { font-size: ${p.one([1.1, 1.15, 1.2])}em; font-weight: bold; margin: 1em 0 0.4em; }
.t3, .t4, .t5 { font-size: 1em; font-weight: bold; font-style: italic; margin: 0.8em 0 0.3em; }`;
    }
    case 'corporate': {
      const size = p.one([9.5, 10, 10.5, 11]);
      return `@page { size: A4; margin: ${p.one([1.8, 2, 2.5])}cm; }
body { font-family: '${p.one(SANS)}'; font-size: ${size}pt; line-height: 1.35; margin: 0; color: #222; }
p { margin: 0 0 0.7em; } ul, ol { margin: 0 0 0.7em; }
h1, h2, h3, h4, h5, h6 { color: ${colour}; }
.title { font-size: ${p.one([1.6, 1.8, 2.1])}em; font-weight: ${p.one(['bold', 'normal'])}; margin: 0 0 1em; }
.t1 { font-size: 1em; font-weight: ${p.one(['bold', 'normal'])}; letter-spacing: ${p.one([0, 0.05, 0.1])}em; margin: 1.4em 0 0.5em; }
.t2, .t3, .t4, .t5 { font-size: 1em; font-weight: bold; margin: 1em 0 0.3em; }`;
    }
    case 'twocol': {
      const size = p.one([8.5, 9, 9.5]);
      const family = p.one([...SERIF, ...SANS]);
      return `@page { size: A4; margin: ${p.one([1.2, 1.5, 1.8])}cm; }
body { font-family: '${family}'; font-size: ${size}pt; line-height: 1.25; margin: 0; column-count: 2; column-gap: ${p.one([0.5, 0.7, 1])}cm; }
p { margin: 0 0 0.4em; text-align: ${p.one(['left', 'justify'])}; } ul, ol { margin: 0 0 0.4em; padding-left: 1.4em; }
.title { font-size: ${p.one([1.6, 1.8, 2])}em; font-weight: bold; margin: 0 0 0.6em; ${p.chance(0.5) ? 'column-span: all;' : ''} }
.t1 { font-size: ${p.one([1.15, 1.2, 1.3])}em; font-weight: bold; margin: 0.8em 0 0.3em; }
.t2, .t3, .t4, .t5 { font-size: ${p.one([1, 1.05, 1.1])}em; font-weight: bold; margin: 0.6em 0 0.2em; }`;
    }
    case 'boldonly': {
      const size = p.one([10, 10.5, 11, 12]);
      const titleSize = p.chance(0.5) ? 1 : p.one([1.3, 1.5]);
      return `@page { size: A4; margin: ${p.one([2, 2.5])}cm; }
body { font-family: '${p.one([...SERIF, ...SANS])}'; font-size: ${size}pt; line-height: ${p.one([1.2, 1.3, 1.4])}; margin: 0; }
p { margin: 0 0 ${p.one([0.5, 0.8, 1])}em; } ul, ol { margin: 0 0 0.8em; }
.title { font-size: ${titleSize}em; font-weight: bold; margin: 0 0 1em; }
.t1, .t2, .t3, .t4, .t5 { font-size: 1em; font-weight: bold; margin: ${p.one([0.8, 1, 1.3])}em 0 ${p.one([0, 0.1, 0.3])}em; }`;
    }
  }
}

export function printArticle(a: WebArticle, style: Style): Printed {
  const p = new Pick(mulberry32(hash(`${a.id}|${style}`)));
  const css = styleCss(p, style);
  const heads = a.blocks.filter((b): b is Extract<Block, { kind: 'h' }> => b.kind === 'h');
  const levels = [...new Set(heads.map((h) => h.level))].sort();
  const top = heads.filter((h) => h.level === levels[0]);
  const hasTitle = a.blocks[0]?.kind === 'h' && top.length === 1;
  // Tier of a heading: its level's rank, counted from 1 under a title.
  const tier = (h: { level: number }) => levels.indexOf(h.level) + (hasTitle ? 0 : 1);
  // Numbers (book style) unless the article numbers its own headings.
  const numbered =
    style === 'book' &&
    heads.filter((h) => /^\s*(\d+|[IVX]+)[.):]?\s/.test(h.text)).length < heads.length / 2;
  const counters = [0, 0, 0, 0, 0, 0];
  const caps = style === 'corporate';
  const html: string[] = [];
  const truth: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  let item = 0;
  const closeList = () => {
    if (list) html.push(`</${list}>`);
    list = undefined;
    item = 0;
  };
  for (const b of a.blocks) {
    if (b.kind === 'h') {
      closeList();
      const t = tier(b);
      let text = b.text;
      if (t === 0) {
        html.push(`<h1 class="title">${esc(text)}</h1>`);
        truth.push(`# ${text}`);
        continue;
      }
      if (numbered && t <= 3) {
        counters[t - 1]++;
        for (let k = t; k < counters.length; k++) counters[k] = 0;
        // A sub-heading before any section of its parent tier stays unnumbered (no "0.1").
        if (counters.slice(0, t).every((c) => c > 0)) text = `${counters.slice(0, t).join('.')} ${text}`;
      }
      if (caps && t === 1) text = text.toUpperCase();
      const tag = `h${Math.min(t + 1, 6)}`;
      html.push(`<${tag} class="t${Math.min(t, 5)}">${esc(text)}</${tag}>`);
      truth.push(`${'#'.repeat(Math.min(t + 1, 6))} ${text}`);
    } else if (b.kind === 'li') {
      const want = b.ordered ? 'ol' : 'ul';
      if (list !== want) {
        closeList();
        html.push(`<${want}>`);
        list = want;
      }
      html.push(`<li>${runsHtml(b.runs)}</li>`);
      truth.push(`${b.ordered ? `${++item}.` : '-'} ${runText(b.runs)}`);
    } else {
      closeList();
      html.push(`<p>${runsHtml(b.runs)}</p>`);
      truth.push(runText(b.runs));
    }
  }
  closeList();
  return {
    html: `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>\n${html.join('\n')}\n</body></html>\n`,
    truth: truth.join('\n\n'),
  };
}
