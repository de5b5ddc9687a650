/**
 * How the pdf-web-tables check prints a web table: one HTML page per table and style, the table
 * alone or between the paragraphs that stood around it on its page, and the truth Markdown the
 * printed page should read back as. Every choice (font, size, padding, figures set flush right,
 * width, which paragraphs) is drawn from a generator seeded by the table's id and the style, so a
 * rerun writes the same page.
 *   styles: the browser's default (no lines, cells spaced apart), a full grid, booktabs (a rule
 *   over, under the header and under the table), zebra stripes, a filled header band.
 */
import { fnv1a as hash, mulberry32 } from '../seeded.js';
import { type Cell, esc, Pick, truthTable } from '../synth/text.js';
import type { WebTable } from './extract.js';

export const STYLES = ['default', 'grid', 'booktabs', 'zebra', 'band'] as const;
export type Style = (typeof STYLES)[number];

const DARK = ['#1f4e79', '#2e5c3a', '#7a1f3d', '#333333', '#005a8c'];
const LIGHT = ['#eeeeee', '#f2f2f2', '#e8eef6', '#eaf3e6', '#f6ece8'];
const RULE = (p: Pick, w = p.one([0.5, 0.75, 1])) => `${w}pt solid ${p.one(['#000', '#444', '#888'])}`;
const NUMBER = /^[-+(]?[$€£]?\s?\d[\d,.\s]*%?\)?(\s?[a-zA-Z/%]{0,4})?$/;

/** Columns whose body cells are mostly figures: set flush right on some pages, as sites do. */
function figureColumns(t: WebTable): Set<number> {
  const out = new Set<number>();
  const body = t.rows.slice(t.headerRows).filter((r) => r.every((c) => !c.colspan));
  const width = t.rows[0].reduce((n, c) => n + (c.colspan ?? 1), 0);
  for (let j = 0; j < width; j++) {
    const cells = body.map((r) => r[j]?.text ?? '').filter(Boolean);
    if (cells.length >= 3 && cells.filter((x) => NUMBER.test(x)).length >= 0.7 * cells.length) out.add(j);
  }
  return out;
}

function styleCss(p: Pick, style: Style): string {
  const pad = `${p.one([2, 3, 4, 5])}pt ${p.one([4, 6, 8, 10])}pt`;
  const align = p.chance(0.5) ? 'left' : 'center';
  const base = `table { border-collapse: collapse; } td, th { padding: ${pad}; vertical-align: top; text-align: left; } th { text-align: ${align}; } .num { text-align: right; }`;
  switch (style) {
    case 'default':
      // The user agent's table: separate borders 2px apart, 1px padding, bold centred th.
      return '.num { text-align: right; }';
    case 'grid':
      return `${base} td, th { border: ${RULE(p)}; }${p.chance(0.4) ? ` thead th, tr.head th { background: ${p.one(LIGHT)}; }` : ''}`;
    case 'booktabs': {
      const heavy = RULE(p, p.one([1, 1.25, 1.5]));
      return `${base} table { border-top: ${heavy}; border-bottom: ${heavy}; } tr.head:last-of-type th, thead tr:last-child th { border-bottom: ${RULE(p, 0.5)}; }`;
    }
    case 'zebra': {
      const head = p.one(['plain', 'rule', 'band'] as const);
      const headCss =
        head === 'rule'
          ? ` thead tr:last-child th { border-bottom: ${RULE(p)}; }`
          : head === 'band'
            ? ` thead th { background: ${p.one(DARK)}; color: #fff; }`
            : '';
      return `${base} tbody tr:nth-child(${p.one(['odd', 'even'])}) { background: ${p.one(LIGHT)}; }${headCss}`;
    }
    case 'band':
      return `${base} thead th { background: ${p.one(DARK)}; color: #fff; }${p.chance(0.5) ? ` tbody tr { border-bottom: 0.5pt solid #ccc; }` : ''}`;
  }
}

export interface Printed {
  html: string;
  truth: string;
}

export function printTable(t: WebTable, style: Style): Printed {
  const p = new Pick(mulberry32(hash(`${t.id}|${style}`)));
  const font = p.one(['Liberation Serif', 'Liberation Sans', 'DejaVu Sans', 'DejaVu Serif']);
  const size = p.one([9, 9.5, 10, 10.5, 11]);
  const tableSize = size - p.one([0, 0.5, 1]);
  const figures = p.chance(0.6) ? figureColumns(t) : new Set<number>();
  const width = p.chance(0.3) ? ' table { width: 100%; }' : '';
  // Alone, under its paragraph, over the next one, or between both.
  const ctx = p.one(['alone', 'before', 'after', 'both'] as const);
  const before = (ctx === 'before' || ctx === 'both') && t.before ? t.before : undefined;
  const after = (ctx === 'after' || ctx === 'both') && t.after ? t.after : undefined;
  const css = `@page { size: A4; margin: ${p.one([1.5, 2, 2.5])}cm; }
body { font-family: '${font}'; font-size: ${size}pt; line-height: 1.3; margin: 0; }
p { margin: 0 0 0.8em; }
table { font-size: ${tableSize}pt; margin: 0.6em 0 1em; }
caption { caption-side: top; text-align: left; padding: 0.3em 0; font-style: italic; }
${styleCss(p, style)}${width}`;
  // Header rows go in a thead (so a long table repeats them on the next page, as browsers do).
  const row = (r: Cell[], i: number) => {
    let col = 0;
    const tag = i < t.headerRows ? 'th' : 'td';
    const cells = r.map((c) => {
      const at = col;
      col += c.colspan ?? 1;
      const spans = `${c.colspan ? ` colspan="${c.colspan}"` : ''}${c.rowspan ? ` rowspan="${c.rowspan}"` : ''}`;
      const cls = tag === 'td' && figures.has(at) && !c.colspan ? ' class="num"' : '';
      return `<${tag}${spans}${cls}>${esc(c.text)}</${tag}>`;
    });
    return `<tr${tag === 'th' ? ' class="head"' : ''}>${cells.join('')}</tr>`;
  };
  const head = t.rows.slice(0, t.headerRows).map(row).join('');
  const body = t.rows
    .slice(t.headerRows)
    .map((r, i) => row(r, i + t.headerRows))
    .join('');
  const caption = t.caption ? `<caption>${esc(t.caption)}</caption>` : '';
  const parts = [
    before ? `<p>${esc(before)}</p>` : '',
    `<table>${caption}<thead>${head}</thead><tbody>${body}</tbody></table>`,
    after ? `<p>${esc(after)}</p>` : '',
  ].filter(Boolean);
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>\n${parts.join('\n')}\n</body></html>\n`;
  const truth = [before, t.caption, truthTable(t.rows), after].filter((x): x is string => !!x).join('\n\n');
  return { html, truth };
}
