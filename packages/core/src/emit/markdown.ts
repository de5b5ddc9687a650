import type { Block, Inline, ListItem, Prov, TableCell } from '../model/types.js';
import { BASE64_PLACEHOLDER } from '../transforms/base64-images.js';
import { escapeMarkdownText } from './escape.js';
import { tableToHtml } from './html.js';

export interface MarkdownOptions {
  /** Write `---` and `<!-- page N -->` at page breaks (the spec's pageMarkers). */
  pageMarkers?: boolean;
  /** Printed page labels by page number (PDF /PageLabels): markers carry them as `label="iii"`. */
  pageLabels?: ReadonlyMap<number, string>;
}

export interface MarkdownOutput {
  markdown: string;
  /** For each top-level block, [start, end) of its Markdown in `markdown`; empty blocks get [p, p]. */
  spans: [number, number][];
  /** Per page (in order of appearance): the page number and the Markdown of its blocks alone. */
  pages: { pageNumber: number; pageLabel?: string; markdown: string }[];
}

interface InlineCtx {
  table: boolean;
}

function codeSpan(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const longest = runs.reduce((m, r) => Math.max(m, r.length), 0);
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text === '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function linkDestination(href: string): string {
  if (href === '') return '';
  if (href === BASE64_PLACEHOLDER) return href; // already an angle-bracket destination
  if (/[\s()<>]/.test(href)) return `<${href.replace(/[<>]/g, (c) => encodeURIComponent(c))}>`;
  return href;
}

const titlePart = (title?: string) => (title ? ` "${title.replace(/"/g, '\\"')}"` : '');

/** Wraps `inner` in a delimiter, keeping edge whitespace outside it (`** x**` would not parse). */
function wrap(delim: string, inner: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  if (m[2] === '') return inner;
  return `${m[1]}${delim}${m[2]}${delim}${m[3]}`;
}

export function inlinesToMarkdown(nodes: readonly Inline[], ctx: InlineCtx, lineStart = true): string {
  let out = '';
  // Tracked from each piece, never read back from `out`: charCodeAt or endsWith on a growing
  // rope flattens it every time (quadratic on a paragraph of 50,000 links).
  let atStart = lineStart;
  for (const n of nodes) {
    const piece = inlineToMarkdown(n, ctx, atStart);
    if (piece.length > 0) {
      out += piece;
      atStart = piece.charCodeAt(piece.length - 1) === 10;
    }
  }
  return out;
}

function inlineToMarkdown(n: Inline, ctx: InlineCtx, lineStart: boolean): string {
  let out = '';
  switch (n.kind) {
    case 'text':
      out += escapeMarkdownText(n.text, { lineStart, table: ctx.table });
      break;
    case 'strong':
      out += wrap('**', inlinesToMarkdown(n.children, ctx, false));
      break;
    case 'emphasis':
      out += wrap('*', inlinesToMarkdown(n.children, ctx, false));
      break;
    case 'strike':
      out += wrap('~~', inlinesToMarkdown(n.children, ctx, false));
      break;
    case 'superscript':
      out += `<sup>${inlinesToMarkdown(n.children, ctx, false)}</sup>`;
      break;
    case 'subscript':
      out += `<sub>${inlinesToMarkdown(n.children, ctx, false)}</sub>`;
      break;
    case 'code':
      out += codeSpan(
        ctx.table ? n.text.replace(/\|/g, '\\|').replace(/\n/g, ' ') : n.text.replace(/\n/g, ' '),
      );
      break;
    case 'math':
      out += `$${n.tex.replace(/\n/g, ' ')}$`;
      break;
    case 'link': {
      const text = inlinesToMarkdown(n.children, ctx, false).trim();
      if (text === '' && n.href === '') break;
      if (/^https?:\/\/\S+$/.test(n.href) && (text === '' || text === n.href) && !n.title) {
        out += `<${n.href}>`;
      } else {
        out += `[${text === '' ? escapeMarkdownText(n.href, { lineStart: false, table: ctx.table }) : text}](${linkDestination(n.href)}${titlePart(n.title)})`;
      }
      break;
    }
    case 'image': {
      const alt = escapeMarkdownText(n.alt ?? '', { lineStart: false, table: ctx.table }).replace(/\n/g, ' ');
      out += `![${alt}](${linkDestination(n.src ?? '')}${titlePart(n.title)})`;
      break;
    }
    case 'lineBreak':
      out += ctx.table ? '<br>' : '  \n';
      break;
    case 'footnoteRef':
      out += `[^${n.id}]`;
      break;
  }
  return out;
}

function gridOf(rows: readonly TableCell[][]): { spans: boolean; width: number } {
  let spans = false;
  let width = 0;
  for (const row of rows) {
    let w = 0;
    for (const c of row) {
      if ((c.colSpan ?? 1) > 1 || (c.rowSpan ?? 1) > 1) spans = true;
      w += c.colSpan ?? 1;
    }
    width = Math.max(width, w);
  }
  return { spans, width };
}

function tableToMarkdown(b: Extract<Block, { kind: 'table' }>): string {
  // A row may start no cell when the row above spans into it; it still counts for rowspan.
  const rows = b.rows;
  if (rows.every((r) => r.length === 0)) return '';
  const { spans, width } = gridOf(rows);
  const caption = b.caption && b.caption.length > 0 ? inlinesToMarkdown(b.caption, { table: false }) : '';
  if (spans) {
    // GFM cannot express spans; an HTML table keeps every cell where it belongs.
    return tableToHtml(rows, b.caption);
  }
  const cellText = (c: TableCell | undefined) =>
    c ? joinLines(inlinesToMarkdown(c.content, { table: true }, false)).trim() : '';
  const line = (row: readonly TableCell[]) => {
    const cells: string[] = [];
    for (let i = 0; i < width; i++) cells.push(cellText(row[i]));
    return `| ${cells.join(' | ')} |`;
  };
  const lines = [line(rows[0]), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)];
  return caption ? `${caption}\n\n${lines.join('\n')}` : lines.join('\n');
}

function indent(text: string, width: number): string {
  const pad = ' '.repeat(width);
  return text
    .split('\n')
    .map((l, i) => (i === 0 || l === '' ? l : pad + l))
    .join('\n');
}

/**
 * CommonMark reads two lists of the same kind that follow each other as one list. Switching the
 * marker (`*` to `-`, `1.` to `1)`) starts a new one, so every list of the model stays a list of
 * its own. One per sequence of blocks (the document, a quote, a list item), fed in order.
 */
type ListSequence = { prev?: { ordered: boolean; alt: boolean } };

/** A block's Markdown inside a sequence; a list takes the alternate marker after its like. */
function sequenced(b: Block, opts: MarkdownOptions, seq: ListSequence): string {
  if (b.kind !== 'list') {
    const md = blockToMarkdown(b, opts);
    // A block that writes nothing leaves the lists around it adjacent.
    if (md !== '') seq.prev = undefined;
    return md;
  }
  const alt = seq.prev !== undefined && seq.prev.ordered === b.ordered && !seq.prev.alt;
  const md = listToMarkdown(b, alt);
  if (md !== '') seq.prev = { ordered: b.ordered, alt };
  return md;
}

function listItemToMarkdown(item: ListItem, marker: string): { text: string; loose: boolean } {
  const parts: string[] = [];
  let loose = false;
  const seq: ListSequence = {};
  item.blocks.forEach((child, i) => {
    const md = sequenced(child, {}, seq);
    if (md === '') return;
    if (i > 0) {
      const prev = item.blocks[i - 1];
      // A paragraph followed by a sub-list stays tight; two paragraphs make the item loose.
      // CommonMark lets only a list starting at 1 interrupt a paragraph, so others need a blank line.
      const interrupts = child.kind === 'list' && (!child.ordered || (child.start ?? 1) === 1);
      const tight = interrupts || (prev.kind === 'list' && child.kind === 'list');
      if (!tight && child.kind !== 'list') loose = true;
      parts.push(tight ? '\n' : '\n\n');
    }
    parts.push(md);
  });
  const check = item.checked === undefined ? '' : item.checked ? '[x] ' : '[ ] ';
  const body = parts.join('');
  return { text: `${marker} ${check}${indent(body, marker.length + 1)}`.trimEnd(), loose };
}

function listToMarkdown(b: Extract<Block, { kind: 'list' }>, alternate = false): string {
  const start = b.start ?? 1;
  const bullet = alternate ? '-' : '*';
  const delimiter = alternate ? ')' : '.';
  const rendered = b.items.map((item, i) =>
    listItemToMarkdown(item, b.ordered ? `${start + i}${delimiter}` : bullet),
  );
  const loose = rendered.some((r) => r.loose);
  return rendered.map((r) => r.text).join(loose ? '\n\n' : '\n');
}

/**
 * A heading set in bold as a whole (`<h3><strong>…</strong></h3>`, a bold Word heading) says
 * nothing more than the heading: `### **x**` becomes `### x`. Bold on part of it stays.
 */
function unboldHeading(content: readonly Inline[]): readonly Inline[] {
  const inner = content.filter((n) => !(n.kind === 'text' && n.text.trim() === ''));
  return inner.length === 1 && inner[0].kind === 'strong' ? inner[0].children : content;
}

function fence(text: string): string {
  const runs = text.match(/^`{3,}/gm) ?? [];
  const longest = runs.reduce((m, r) => Math.max(m, r.length), 2);
  return '`'.repeat(longest + 1);
}

const isSpace = (c: string) => /\s/.test(c);

/**
 * Each run of whitespace that holds a line break becomes one space, as `/\s*\n\s*\/g` did, in
 * one pass: that regex was quadratic on a long run of whitespace without a break (a CSV cell of
 * a million tabs took minutes; a fuzz finding).
 */
export function joinLines(s: string): string {
  let p = s.indexOf('\n');
  if (p < 0) return s;
  let out = '';
  let last = 0;
  while (p >= 0) {
    let a = p;
    while (a > last && isSpace(s[a - 1])) a--;
    let b = p + 1;
    while (b < s.length && isSpace(s[b])) b++;
    out += `${s.slice(last, a)} `;
    last = b;
    p = s.indexOf('\n', b);
  }
  return out + s.slice(last);
}

export function blockToMarkdown(b: Block, opts: MarkdownOptions): string {
  switch (b.kind) {
    case 'heading': {
      const text = joinLines(inlinesToMarkdown(unboldHeading(b.content), { table: false }, false)).trim();
      if (text === '') return '';
      // A heading that starts with '#' would lose it to the marker; escape it.
      return `${'#'.repeat(b.level)} ${text.startsWith('#') ? `\\${text}` : text}`;
    }
    case 'paragraph':
      return inlinesToMarkdown(b.content, { table: false }).trim();
    case 'list':
      return listToMarkdown(b);
    case 'table':
      return tableToMarkdown(b);
    case 'image': {
      const caption =
        b.caption && b.caption.length > 0 ? inlinesToMarkdown(b.caption, { table: false }).trim() : '';
      let img: string;
      if (!b.src && !b.alt) img = '<!-- image -->';
      else
        img = inlinesToMarkdown([{ kind: 'image', src: b.src, alt: b.alt, title: b.title }], {
          table: false,
        });
      return caption ? `${img}\n\n${caption}` : img;
    }
    case 'code': {
      const f = fence(b.text);
      return `${f}${b.lang ?? ''}\n${b.text.replace(/\n+$/, '')}\n${f}`;
    }
    case 'quote': {
      const inner = blocksToMarkdown(b.children, opts);
      if (inner === '') return '';
      return inner
        .split('\n')
        .map((l) => (l === '' ? '>' : `> ${l}`))
        .join('\n');
    }
    case 'formula':
      return b.display ? `$$\n${b.tex.trim()}\n$$` : `$${b.tex.trim()}$`;
    case 'footnote': {
      const inner = blocksToMarkdown(b.children, opts);
      return `[^${b.id}]: ${indent(inner, 4)}`;
    }
    case 'comment':
      return `<!-- ${b.text.replace(/--/g, '- -')} -->`;
    case 'rule':
      return '---';
    case 'pageBreak':
      return opts.pageMarkers
        ? `---\n\n<!-- page ${b.page}${markerLabel(opts.pageLabels?.get(b.page))} -->`
        : '';
  }
}

/** A page marker's label attribute; a quote or `--` in a label cannot end the attribute or the comment. */
const markerLabel = (label: string | undefined) =>
  label === undefined ? '' : ` label="${label.replace(/"/g, '&quot;').replace(/--/g, '- -')}"`;

function blocksToMarkdown(blocks: readonly Block[], opts: MarkdownOptions): string {
  const seq: ListSequence = {};
  return blocks
    .map((b) => sequenced(b, opts, seq))
    .filter((s) => s !== '')
    .join('\n\n');
}

/**
 * Writes top-level blocks one after another into one Markdown text (blocks joined by a blank
 * line), a piece at a time: `toMarkdown` writes a whole document through it, `parsePages()`
 * a page at a time, so the pages joined are the whole document's Markdown byte for byte (a
 * list's alternate marker after a list of its kind carries over the page break too).
 */
export class MarkdownWriter {
  /** Characters written so far (the final newline is added only by `toMarkdown`). */
  length = 0;
  private readonly seq: ListSequence = {};

  constructor(private readonly opts: MarkdownOptions = {}) {}

  /** Writes one block: its Markdown (empty when it writes nothing), the separator before it, and its span. */
  write(b: Block): { md: string; sep: string; span: [number, number] } {
    const md = sequenced(b, this.opts, this.seq);
    if (md === '') return { md, sep: '', span: [this.length, this.length] };
    const sep = this.length > 0 ? '\n\n' : '';
    const start = this.length + sep.length;
    this.length = start + md.length;
    return { md, sep, span: [start, this.length] };
  }
}

/** Writes the document, recording the span of every top-level block and each page's Markdown. */
export function toMarkdown(blocks: readonly Block[], opts: MarkdownOptions = {}): MarkdownOutput {
  const writer = new MarkdownWriter(opts);
  const parts: string[] = [];
  const spans: [number, number][] = [];
  const pages: MarkdownOutput['pages'] = [];
  let page: { pageNumber: number; parts: string[] } | undefined;
  const firstPage = blocks.map(provOf).find((p) => p !== undefined);
  const closePage = () => {
    if (!page) return;
    const label = opts.pageLabels?.get(page.pageNumber);
    pages.push({
      pageNumber: page.pageNumber,
      ...(label !== undefined ? { pageLabel: label } : {}),
      markdown: page.parts.join('\n\n'),
    });
  };
  for (const b of blocks) {
    if (b.kind === 'pageBreak') {
      closePage();
      page = { pageNumber: b.page, parts: [] };
    } else if (!page) {
      page = { pageNumber: firstPage?.page ?? 1, parts: [] };
    }
    const { md, sep, span } = writer.write(b);
    spans.push(span);
    if (md === '') continue;
    parts.push(sep, md);
    if (b.kind !== 'pageBreak') page!.parts.push(md);
  }
  closePage();
  const markdown = parts.join('');
  return { markdown: markdown === '' ? '' : `${markdown}\n`, spans, pages };
}

export const provOf = (b: Block): Prov | undefined => ('prov' in b ? b.prov : undefined);
