import type { Block, HeadingLevel, Inline, ListItem, TableCell } from '@distill/core';
import { imageSource } from './clean.js';
import { attr, fullText, type PElement, type PNode } from './dom.js';
import { tidyRowSpans } from './table-spans.js';
import { urlResolver } from './urls.js';

/**
 * The parse5 tree (already cleaned and filtered) to the document model. Recursion follows the
 * element nesting, so it is capped: below MAX_DEPTH an element's content becomes plain text,
 * gathered iteratively, and lists and quotes nest at most LIST_DEPTH / QUOTE_DEPTH deep.
 */
const MAX_DEPTH = 160;
const LIST_DEPTH = 10;
const QUOTE_DEPTH = 6;
const INLINE_DEPTH = 40;
const MAX_INLINES = 1000;

export interface ConvertOptions {
  base?: string;
  /** The page's resolver (urlResolver of `base`), when the caller shares it; else one of its own. */
  resolve?: (href: string) => string;
  checkpoint?: () => void;
}

interface Ctx {
  resolve: (href: string) => string;
  depth: number;
  listDepth: number;
  quoteDepth: number;
  checkpoint?: () => void;
  /** Counts elements so the checkpoint runs every so often, not per node. */
  tick: { n: number };
  /**
   * Inline marks open around the current node (STRONG | EMPH | STRIKE): a `<b>` inside a
   * `<strong>` adds nothing, and written twice it would be `****x****`, or `**x**` (bold) for
   * an `<i>` inside an `<em>`.
   */
  marks: number;
  /** Inside a table cell, where a line is all Markdown allows. */
  cell?: boolean;
}

const STRONG = 1;
const EMPH = 2;
const STRIKE = 4;

/** Inline-level HTML: phrasing content that does not break a paragraph. */
const INLINE = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'math',
  'nobr',
  'output',
  'q',
  'ruby',
  'rb',
  'rt',
  'rp',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  'br',
  'img',
  'picture',
  'meter',
  'progress',
  'button',
]);

export const HEADINGS: Record<string, HeadingLevel> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** True when an element's subtree holds anything that must become a block of its own. */
function hasBlockContent(el: PElement, budget = 2000): boolean {
  const stack: PNode[] = [...el.childNodes];
  while (stack.length && budget-- > 0) {
    const n = stack.pop()!;
    const tag = (n as PElement).tagName;
    if (tag === undefined) continue;
    if (!INLINE.has(tag) && !tag.includes('-')) return true;
    const kids = (n as PElement).childNodes;
    for (let i = 0; i < kids.length; i++) stack.push(kids[i]);
  }
  return false;
}

const WS = /[ \t\n\r\f]+/g;

/** Collects the current paragraph's inlines and the finished blocks. */
class Builder {
  readonly blocks: Block[] = [];
  inl: Inline[] = [];

  flush(): void {
    if (this.inl.length === 0) return;
    const content = tidyInlines(this.inl);
    this.inl = [];
    if (content.length === 0) return;
    if (content.length <= MAX_INLINES) {
      this.blocks.push({ kind: 'paragraph', content });
      return;
    }
    // Core's inline emitter is quadratic in the inlines of one paragraph (it re-reads its
    // growing output), so a giant run (100,000 links in one <p>) is cut into paragraphs.
    for (let i = 0; i < content.length; i += MAX_INLINES) {
      const part = tidyInlines(content.slice(i, i + MAX_INLINES));
      if (part.length) this.blocks.push({ kind: 'paragraph', content: part });
    }
  }

  block(b: Block): void {
    this.flush();
    this.blocks.push(b);
  }

  done(): Block[] {
    this.flush();
    return this.blocks;
  }
}

/**
 * Collapses whitespace across inline boundaries the way a browser lays text out: one space
 * between words, none at the start or end of a line.
 */
export function tidyInlines(nodes: Inline[]): Inline[] {
  const state = { space: true };
  const out = tidyRun(nodes, state);
  trimEnd(out);
  return out;
}

function tidyRun(nodes: Inline[], state: { space: boolean }): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    switch (n.kind) {
      case 'text': {
        let t = n.text;
        if (state.space && t.startsWith(' ')) t = t.slice(1);
        if (t === '') continue;
        state.space = t.endsWith(' ');
        const last = out[out.length - 1];
        if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + t };
        else out.push({ kind: 'text', text: t });
        break;
      }
      case 'lineBreak':
        trimEnd(out);
        out.push(n);
        state.space = true;
        break;
      case 'code':
      case 'math':
      case 'image':
      case 'footnoteRef':
        out.push(n);
        state.space = false;
        break;
      default: {
        const children = tidyRun(n.children, state);
        if (children.length === 0 && n.kind !== 'link') continue;
        if (n.kind === 'link' && children.length === 0) continue;
        out.push({ ...n, children } as Inline);
      }
    }
  }
  return out;
}

function trimEnd(out: Inline[]): void {
  while (out.length) {
    const last = out[out.length - 1];
    if (last.kind === 'text') {
      const t = last.text.replace(/ +$/, '');
      if (t === '') {
        out.pop();
        continue;
      }
      out[out.length - 1] = { kind: 'text', text: t };
    } else if (last.kind === 'lineBreak') {
      out.pop();
      continue;
    } else if ('children' in last) {
      const kids = [...last.children];
      trimEnd(kids);
      if (kids.length === 0) {
        out.pop();
        continue;
      }
      out[out.length - 1] = { ...last, children: kids } as Inline;
    }
    return;
  }
}

const tick = (ctx: Ctx) => {
  if ((++ctx.tick.n & 1023) === 0) ctx.checkpoint?.();
};

export function convertNodes(nodes: PNode[], opts: ConvertOptions): Block[] {
  const ctx: Ctx = {
    resolve: opts.resolve ?? urlResolver(opts.base),
    depth: 0,
    listDepth: 0,
    quoteDepth: 0,
    checkpoint: opts.checkpoint,
    tick: { n: 0 },
    marks: 0,
  };
  const b = new Builder();
  for (const n of nodes) visit(n, b, ctx);
  return b.done();
}

function children(el: PElement, ctx: Ctx): Block[] {
  const b = new Builder();
  for (const n of el.childNodes) visit(n, b, ctx);
  return b.done();
}

function visit(n: PNode, b: Builder, ctx: Ctx): void {
  if (n.nodeName === '#text') {
    const v = (n as { value: string }).value;
    if (v !== '') b.inl.push({ kind: 'text', text: v.replace(WS, ' ') });
    return;
  }
  const el = n as PElement;
  const tag = el.tagName;
  if (tag === undefined) return;
  tick(ctx);
  if (ctx.depth > MAX_DEPTH) {
    // Too deep to walk structurally: keep the words.
    const t = fullText(el).replace(WS, ' ');
    if (t.trim() !== '') b.inl.push({ kind: 'text', text: ` ${t} ` });
    return;
  }
  // The context is shared and mutated (depth in, depth out) to spare an object per element.
  ctx.depth++;
  try {
    visitElement(el, tag, b, ctx);
  } finally {
    ctx.depth--;
  }
}

function visitElement(el: PElement, tag: string, b: Builder, ctx: Ctx): void {
  const inner = ctx;
  if (INLINE.has(tag) || tag.includes('-')) {
    if (tag === 'br') {
      b.inl.push({ kind: 'lineBreak' });
      return;
    }
    if (!hasBlockContent(el)) {
      inlineElement(el, b.inl, inner);
      return;
    }
    // Inline element around blocks (a card link around a heading and text): a container.
    const blocks = children(el, ctx);
    const href = tag === 'a' ? attr(el, 'href') : undefined;
    b.flush();
    for (const blk of blocks) b.blocks.push(href ? wrapLink(blk, el, ctx) : blk);
    return;
  }
  const level = HEADINGS[tag];
  if (level) {
    const content = inlineContent(el, inner);
    if (content.length) b.block({ kind: 'heading', level, content });
    else b.flush();
    return;
  }
  switch (tag) {
    case 'ul':
    case 'ol':
    case 'menu':
      b.flush();
      list(el, b, inner);
      return;
    case 'dl':
      b.flush();
      definitionList(el, b, inner);
      return;
    case 'table':
      b.flush();
      table(el, b, inner);
      return;
    case 'pre':
    case 'listing':
    case 'xmp':
    case 'plaintext':
      // In a cell the block becomes a code span anyway; read this way its links survive.
      if (ctx.cell && hasLink(el)) codeWithLinks(el, b.inl, ctx);
      else b.block(codeBlock(el));
      return;
    case 'blockquote': {
      b.flush();
      if (ctx.quoteDepth >= QUOTE_DEPTH) {
        for (const blk of children(el, ctx)) b.blocks.push(blk);
        return;
      }
      const kids = children(el, { ...ctx, quoteDepth: ctx.quoteDepth + 1 });
      if (kids.length) b.blocks.push({ kind: 'quote', children: kids });
      return;
    }
    case 'hr':
      b.block({ kind: 'rule' });
      return;
    case 'figure':
      b.flush();
      figure(el, b, inner);
      return;
    default: {
      // Any other element is a block container: it ends the paragraph before and after it.
      b.flush();
      for (const c of el.childNodes) visit(c, b, inner);
      b.flush();
    }
  }
}

function wrapLink(blk: Block, a: PElement, ctx: Ctx): Block {
  const href = ctx.resolve(attr(a, 'href') ?? '');
  const hasLink = (nodes: Inline[]) => nodes.some((x) => x.kind === 'link');
  if ((blk.kind === 'paragraph' || blk.kind === 'heading') && !hasLink(blk.content))
    return { ...blk, content: [{ kind: 'link', href, children: blk.content }] };
  return blk;
}

/** The inlines of an element that holds only phrasing content (or is read as if it did). */
function inlineContent(el: PElement, ctx: Ctx): Inline[] {
  const out: Inline[] = [];
  if (hasBlockContent(el)) {
    // Headings and cells with blocks inside: keep the blocks' inlines, one per line.
    const blocks = children(el, ctx);
    blocks.forEach((blk, i) => {
      if (i > 0) out.push({ kind: 'lineBreak' });
      out.push(...blockInlines(blk));
    });
    return tidyInlines(out);
  }
  for (const c of el.childNodes) inlineNode(c, out, ctx);
  return tidyInlines(out);
}

/** A block flattened to inlines, for places Markdown allows only a line (table cells, headings). */
function blockInlines(blk: Block): Inline[] {
  switch (blk.kind) {
    case 'heading':
    case 'paragraph':
      return blk.content;
    case 'code':
      return [{ kind: 'code', text: blk.text.replace(/\s+/g, ' ').trim() }];
    case 'image':
      return [{ kind: 'image', src: blk.src, alt: blk.alt, title: blk.title }];
    case 'list': {
      const out: Inline[] = [];
      blk.items.forEach((item, i) => {
        if (i > 0) out.push({ kind: 'text', text: ' ' });
        out.push({ kind: 'text', text: blk.ordered ? `${(blk.start ?? 1) + i}. ` : '- ' });
        item.blocks.forEach((x, j) => {
          if (j > 0) out.push({ kind: 'text', text: ' ' });
          out.push(...blockInlines(x));
        });
      });
      return out;
    }
    case 'table':
      return [
        {
          kind: 'text',
          text: blk.rows
            .map((r) => r.map((c) => inlineTextOf(c.content)).join(' '))
            .join(' ')
            .trim(),
        },
      ];
    case 'quote':
    case 'footnote': {
      const out: Inline[] = [];
      blk.children.forEach((x, j) => {
        if (j > 0) out.push({ kind: 'text', text: ' ' });
        out.push(...blockInlines(x));
      });
      return out;
    }
    default:
      return [];
  }
}

function inlineTextOf(nodes: Inline[]): string {
  let s = '';
  for (const n of nodes) {
    if (n.kind === 'text' || n.kind === 'code') s += n.text;
    else if (n.kind === 'lineBreak') s += ' ';
    else if ('children' in n) s += inlineTextOf(n.children);
  }
  return s;
}

function inlineNode(n: PNode, out: Inline[], ctx: Ctx): void {
  if (n.nodeName === '#text') {
    const v = (n as { value: string }).value;
    if (v !== '') out.push({ kind: 'text', text: v.replace(WS, ' ') });
    return;
  }
  const el = n as PElement;
  if (el.tagName === undefined) return;
  tick(ctx);
  if (ctx.depth > INLINE_DEPTH + MAX_DEPTH) {
    out.push({ kind: 'text', text: fullText(el).replace(WS, ' ') });
    return;
  }
  ctx.depth++;
  try {
    inlineElement(el, out, ctx);
  } finally {
    ctx.depth--;
  }
}

function inlineKids(el: PElement, ctx: Ctx): Inline[] {
  const out: Inline[] = [];
  for (const c of el.childNodes) inlineNode(c, out, ctx);
  return out;
}

/** Strong, emphasis or strike around the element's content, unless the same mark is already open. */
function markedInline(
  kind: 'strong' | 'emphasis' | 'strike',
  mark: number,
  el: PElement,
  out: Inline[],
  ctx: Ctx,
): void {
  if (ctx.marks & mark) {
    for (const c of el.childNodes) inlineNode(c, out, ctx);
    return;
  }
  ctx.marks |= mark;
  try {
    out.push({ kind, children: inlineKids(el, ctx) });
  } finally {
    ctx.marks &= ~mark;
  }
}

function inlineElement(el: PElement, out: Inline[], ctx: Ctx): void {
  switch (el.tagName) {
    case 'br':
      out.push({ kind: 'lineBreak' });
      return;
    case 'wbr':
      return;
    case 'img': {
      const img = imageInline(el, ctx);
      if (img) out.push(img);
      return;
    }
    case 'picture': {
      const img = el.childNodes.find((c) => (c as PElement).tagName === 'img') as PElement | undefined;
      const inl = img ? imageInline(img, ctx) : undefined;
      if (inl) out.push(inl);
      return;
    }
    case 'b':
    case 'strong':
      markedInline('strong', STRONG, el, out, ctx);
      return;
    case 'i':
    case 'em':
    case 'cite':
    case 'dfn':
    case 'var':
      markedInline('emphasis', EMPH, el, out, ctx);
      return;
    case 's':
    case 'del':
    case 'strike':
      markedInline('strike', STRIKE, el, out, ctx);
      return;
    case 'sup':
      out.push({ kind: 'superscript', children: inlineKids(el, ctx) });
      return;
    case 'sub':
      out.push({ kind: 'subscript', children: inlineKids(el, ctx) });
      return;
    case 'code':
    case 'kbd':
    case 'samp':
    case 'tt': {
      if (hasLink(el)) {
        codeWithLinks(el, out, ctx);
        return;
      }
      const t = fullText(el).replace(WS, ' ');
      if (t.trim() === '') out.push({ kind: 'text', text: t });
      else {
        // Edge spaces stay outside the code span, so words do not run together.
        if (t.startsWith(' ')) out.push({ kind: 'text', text: ' ' });
        out.push({ kind: 'code', text: t.trim() });
        if (t.endsWith(' ')) out.push({ kind: 'text', text: ' ' });
      }
      return;
    }
    case 'a': {
      const href = attr(el, 'href');
      const kids = inlineKids(el, ctx);
      if (href === undefined || href.trim() === '' || /^\s*javascript:/i.test(href)) {
        out.push(...kids);
        return;
      }
      const title = attr(el, 'title');
      const link: Inline = { kind: 'link', href: ctx.resolve(href), children: kids };
      if (title && title.trim() !== '') (link as { title?: string }).title = title.trim();
      out.push(link);
      return;
    }
    case 'math': {
      const tex = mathTex(el);
      if (tex) out.push({ kind: 'math', tex });
      else out.push(...inlineKids(el, ctx));
      return;
    }
    case 'rp':
    case 'button':
      return;
    default:
      for (const c of el.childNodes) inlineNode(c, out, ctx);
  }
}

/** True when a link with a target sits below `el` (bounded walk). */
function hasLink(el: PElement): boolean {
  const stack: PNode[] = [...el.childNodes];
  let budget = 200;
  while (stack.length && budget-- > 0) {
    const n = stack.pop() as PElement;
    if (n.tagName === undefined) continue;
    if (n.tagName === 'a' && attr(n, 'href')) return true;
    for (const k of n.childNodes) stack.push(k);
  }
  return false;
}

/**
 * Code holding links (API references: `<code>List&lt;<a>Item</a>&gt;</code>`): a code span
 * cannot hold a link, so the code is cut at each link and the link text is code inside the
 * link; the whole text stays, and so do the links.
 */
function codeWithLinks(el: PElement, out: Inline[], ctx: Ctx): void {
  let buf = '';
  const flushText = (into: Inline[]) => {
    const t = buf.replace(WS, ' ');
    buf = '';
    if (t.trim() === '') {
      if (t !== '') into.push({ kind: 'text', text: ' ' });
      return;
    }
    if (t.startsWith(' ')) into.push({ kind: 'text', text: ' ' });
    into.push({ kind: 'code', text: t.trim() });
    if (t.endsWith(' ')) into.push({ kind: 'text', text: ' ' });
  };
  const walk = (n: PNode) => {
    if (n.nodeName === '#text') {
      buf += (n as { value: string }).value;
      return;
    }
    const e = n as PElement;
    if (e.tagName === undefined) return;
    if (e.tagName === 'br') {
      buf += ' ';
      return;
    }
    const href = e.tagName === 'a' ? attr(e, 'href') : undefined;
    if (href && href.trim() !== '' && !/^\s*javascript:/i.test(href)) {
      flushText(out);
      buf = fullText(e);
      const kids: Inline[] = [];
      flushText(kids);
      const code = kids.filter((k) => k.kind === 'code');
      if (code.length) {
        if (kids[0].kind === 'text') out.push(kids[0]);
        out.push({ kind: 'link', href: ctx.resolve(href), children: code });
        if (kids[kids.length - 1].kind === 'text' && kids.length > 1) out.push(kids[kids.length - 1]);
      }
      return;
    }
    for (const c of e.childNodes) walk(c);
  };
  for (const c of el.childNodes) walk(c);
  flushText(out);
}

/** MathML often carries its TeX source as an annotation; use it when present. */
function mathTex(el: PElement): string | undefined {
  const stack: PNode[] = [el];
  let budget = 500;
  while (stack.length && budget-- > 0) {
    const n = stack.pop() as PElement;
    if (n.tagName === 'annotation' && /tex/i.test(attr(n, 'encoding') ?? '')) return fullText(n).trim();
    if (n.childNodes) for (const c of n.childNodes) stack.push(c);
  }
  const alt = attr(el, 'alttext');
  return alt?.trim() || undefined;
}

function imageInline(el: PElement, ctx: Ctx): Inline | undefined {
  const src = imageSource(el);
  const alt = (attr(el, 'alt') ?? '').replace(WS, ' ').trim();
  if (!src && !alt) return undefined;
  const img: { kind: 'image'; src?: string; alt?: string; title?: string } = { kind: 'image' };
  if (src) img.src = src.startsWith('data:') ? src : ctx.resolve(src);
  if (alt) img.alt = alt;
  const title = attr(el, 'title');
  if (title?.trim()) img.title = title.trim();
  return img;
}

function list(el: PElement, b: Builder, ctx: Ctx): void {
  const ordered = el.tagName === 'ol';
  const items: ListItem[] = [];
  const inner = { ...ctx, listDepth: ctx.listDepth + 1 };
  const tooDeep = ctx.listDepth >= LIST_DEPTH;
  for (const c of el.childNodes) {
    const ce = c as PElement;
    if (ce.tagName === undefined) {
      if (c.nodeName === '#text' && (c as { value: string }).value.trim() !== '') {
        items.push({
          blocks: [
            {
              kind: 'paragraph',
              content: [{ kind: 'text', text: (c as { value: string }).value.replace(WS, ' ').trim() }],
            },
          ],
        });
      }
      continue;
    }
    if (tooDeep) {
      // Deeper than Markdown nesting stays readable: the items join the outer level.
      for (const blk of children(ce, ctx)) b.blocks.push(blk);
      continue;
    }
    const blocks = children(ce, inner);
    if ((ce.tagName === 'ul' || ce.tagName === 'ol') && items.length > 0) {
      // A list directly inside a list belongs to the item before it.
      items[items.length - 1].blocks.push(...blocks);
      continue;
    }
    if (blocks.length === 0) continue;
    if (ce.tagName === 'li' && blocks.length === 1 && blocks[0].kind === 'list') {
      // An item holding only a list (often `list-style: none`, a bare indent) has no marker of
      // its own to show: its list nests under the item before, or stands for this level.
      if (items.length > 0) items[items.length - 1].blocks.push(blocks[0]);
      else if (isOnlyItem(el, ce)) {
        b.blocks.push(blocks[0]);
        return;
      } else items.push(...blocks[0].items);
      continue;
    }
    const item: ListItem = { blocks };
    const check = ce.tagName === 'li' ? checkbox(ce) : undefined;
    if (check !== undefined) item.checked = check;
    items.push(item);
  }
  if (items.length === 0) return;
  const blk: Block = { kind: 'list', ordered, items };
  if (ordered) {
    const start = Number.parseInt(attr(el, 'start') ?? '', 10);
    if (Number.isFinite(start) && start !== 1 && start >= 0 && start < 1e9) blk.start = start;
  }
  b.blocks.push(blk);
}

/** True when `li` is the list's only element child and no text sits beside it. */
function isOnlyItem(list: PElement, li: PElement): boolean {
  for (const c of list.childNodes) {
    if (c === li) continue;
    if ((c as PElement).tagName !== undefined) return false;
    if (c.nodeName === '#text' && (c as { value: string }).value.trim() !== '') return false;
  }
  return true;
}

/** A task-list item: `<li><input type="checkbox" checked>`; the clean pass removed inputs, so read the raw first child. */
function checkbox(li: PElement): boolean | undefined {
  const mark = attr(li, 'data-checked') ?? attr(li, 'aria-checked');
  if (mark === 'true') return true;
  if (mark === 'false') return false;
  return undefined;
}

/** `dl` as Docling writes it: each term a bold item, its descriptions a list under it. */
function definitionList(el: PElement, b: Builder, ctx: Ctx): void {
  const items: ListItem[] = [];
  const inner = { ...ctx, listDepth: ctx.listDepth + 1 };
  let current: ListItem | undefined;
  let descs: ListItem[] | undefined;
  const addDesc = (blocks: Block[]) => {
    if (blocks.length === 0) return;
    if (!current) {
      items.push({ blocks });
      return;
    }
    if (!descs) {
      descs = [];
      current.blocks.push({ kind: 'list', ordered: false, items: descs });
    }
    // A dd holding only a nested dl contributes that list's items at this level.
    if (blocks.length === 1 && blocks[0].kind === 'list' && !blocks[0].ordered)
      descs.push(...blocks[0].items);
    else descs.push({ blocks });
  };
  const walk = (container: PElement) => {
    for (const c of container.childNodes) {
      const ce = c as PElement;
      if (ce.tagName === 'dt') {
        const content = inlineContent(ce, inner);
        if (content.length === 0) continue;
        // A term already bold (`<dt><strong>`) is not wrapped twice.
        const bold = content.flatMap((x) => (x.kind === 'strong' ? x.children : [x]));
        current = { blocks: [{ kind: 'paragraph', content: [{ kind: 'strong', children: bold }] }] };
        descs = undefined;
        items.push(current);
      } else if (ce.tagName === 'dd') {
        addDesc(ctx.listDepth >= LIST_DEPTH ? children(ce, ctx) : children(ce, inner));
      } else if (ce.tagName === 'div') walk(ce);
      else if (ce.tagName !== undefined) addDesc(children(ce, inner));
    }
  };
  walk(el);
  if (items.length) b.blocks.push({ kind: 'list', ordered: false, items });
}

function codeBlock(el: PElement): Block {
  let lang: string | undefined;
  const langOf = (e: PElement) => {
    const cls = attr(e, 'class') ?? '';
    const m = /(?:^|\s)(?:language|lang|highlight-source|brush:?)-?([\w+#.-]+)/i.exec(cls);
    return m?.[1] ?? attr(e, 'data-lang') ?? attr(e, 'data-language');
  };
  lang = langOf(el);
  if (!lang) {
    const code = el.childNodes.find((c) => (c as PElement).tagName === 'code') as PElement | undefined;
    if (code) lang = langOf(code);
  }
  // <br> inside pre is a line break; everything else contributes its text.
  let text = '';
  const stack: PNode[] = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') text += (n as { value: string }).value;
    else if ((n as PElement).tagName === 'br') text += '\n';
    else {
      const kids = (n as PElement).childNodes;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  text = text.replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\s+$/, '');
  const blk: Block = { kind: 'code', text };
  if (lang) blk.lang = lang.toLowerCase();
  return blk;
}

function figure(el: PElement, b: Builder, ctx: Ctx): void {
  const caption = el.childNodes.find((c) => (c as PElement).tagName === 'figcaption') as PElement | undefined;
  const rest = el.childNodes.filter((c) => c !== caption);
  const inner = new Builder();
  for (const c of rest) visit(c, inner, ctx);
  const blocks = inner.done();
  const capInl = caption ? inlineContent(caption, ctx) : [];
  // The common figure: one image (maybe linked) and a caption becomes an image block with a caption.
  if (blocks.length === 1 && blocks[0].kind === 'paragraph') {
    const imgs = blocks[0].content.filter((x) => x.kind === 'image');
    const others = blocks[0].content.filter(
      (x) => x.kind !== 'image' && !(x.kind === 'text' && x.text.trim() === ''),
    );
    if (imgs.length === 1 && others.length === 0 && imgs[0].kind === 'image') {
      const img = imgs[0];
      const blk: Block = { kind: 'image' };
      if (img.src) blk.src = img.src;
      if (img.alt) blk.alt = img.alt;
      if (img.title) blk.title = img.title;
      if (capInl.length) blk.caption = capInl;
      b.blocks.push(blk);
      return;
    }
  }
  b.blocks.push(...blocks);
  if (capInl.length) b.blocks.push({ kind: 'paragraph', content: capInl });
}

interface RawCell {
  el: PElement;
  header: boolean;
}

function tableRows(el: PElement): { rows: RawCell[][]; caption?: PElement; rowEls: PElement[] } {
  const rows: RawCell[][] = [];
  const rowEls: PElement[] = [];
  let caption: PElement | undefined;
  const addRow = (tr: PElement, inHead: boolean) => {
    const cells: RawCell[] = [];
    for (const c of tr.childNodes) {
      const ce = c as PElement;
      if (ce.tagName === 'td' || ce.tagName === 'th')
        cells.push({ el: ce, header: ce.tagName === 'th' || inHead });
    }
    rows.push(cells);
    rowEls.push(tr);
  };
  for (const c of el.childNodes) {
    const ce = c as PElement;
    switch (ce.tagName) {
      case 'caption':
        caption ??= ce;
        break;
      case 'thead':
      case 'tbody':
      case 'tfoot':
        for (const r of ce.childNodes)
          if ((r as PElement).tagName === 'tr') addRow(r as PElement, ce.tagName === 'thead');
        break;
      case 'tr':
        addRow(ce, false);
        break;
    }
  }
  return { rows, caption, rowEls };
}

/** A table used for page layout rather than data: read its cells as blocks, in order. */
function isLayoutTable(el: PElement, rows: RawCell[][]): boolean {
  const role = attr(el, 'role');
  if (role === 'presentation' || role === 'none') return true;
  const cols = rows.reduce((m, r) => Math.max(m, r.length), 0);
  if (rows.length === 0 || cols === 0) return true;
  if (cols === 1) return true;
  let nested = false;
  let heavy = 0;
  let textLen = 0;
  for (const r of rows)
    for (const c of r) {
      const stack: PNode[] = [...c.el.childNodes];
      let budget = 400;
      while (stack.length && budget-- > 0) {
        const n = stack.pop() as PElement;
        if (n.nodeName === '#text') textLen += (n as unknown as { value: string }).value.trim().length;
        const t = n.tagName;
        if (t === undefined) continue;
        if (t === 'table') nested = true;
        else if (HEADINGS[t] || t === 'ul' || t === 'ol' || t === 'form' || t === 'blockquote') heavy++;
        for (const k of n.childNodes) stack.push(k);
      }
    }
  if (nested && (textLen > 1500 || heavy > 0)) return true;
  return heavy > 0 && textLen > 3000;
}

function table(el: PElement, b: Builder, ctx: Ctx): void {
  const { rows, caption } = tableRows(el);
  if (isLayoutTable(el, rows)) {
    for (const r of rows) for (const c of r) for (const blk of children(c.el, ctx)) b.blocks.push(blk);
    // Rows outside tr/tbody in odd markup still count.
    return;
  }
  const out: TableCell[][] = [];
  const cellCtx: Ctx = { ...ctx, cell: true };
  for (const r of rows) {
    const cells: TableCell[] = [];
    for (const c of r) {
      const cellOut: TableCell = { content: inlineContent(c.el, cellCtx) };
      const cs = Number.parseInt(attr(c.el, 'colspan') ?? '', 10);
      const rs = Number.parseInt(attr(c.el, 'rowspan') ?? '', 10);
      if (cs > 1) cellOut.colSpan = Math.min(cs, 1000);
      if (rs > 1) cellOut.rowSpan = Math.min(rs, 65534);
      if (c.header) cellOut.header = true;
      cells.push(cellOut);
    }
    if (cells.length) out.push(cells);
  }
  if (out.length === 0) return;
  const blk: Block = { kind: 'table', rows: tidyRowSpans(out) };
  if (caption) {
    const cap = inlineContent(caption, ctx);
    if (cap.length) blk.caption = cap;
  }
  b.blocks.push(blk);
}
