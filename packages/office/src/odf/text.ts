import {
  attr,
  type Block,
  children,
  descendants,
  type HeadingLevel,
  type Inline,
  inlineText,
  localName,
  normalizeInlines,
  parseXml,
  type TableCell,
  text,
  textContent,
  type XmlElement,
  type XmlNode,
} from '@distill/core';
import { effectiveTextStyle, headingLevelOfStyle, type ListLabel, type OdfStyles } from './styles.js';

/** State shared while converting one ODF body to blocks. */
export interface OdfContext {
  styles: OdfStyles;
  /** Footnote and endnote bodies, appended after the content. */
  notes: Block[];
  noteCount: number;
  /** Shift of heading levels: 1 when the document has a Title paragraph that takes level 1. */
  headingShift: number;
  /** Reads a package member as text, or undefined when absent (embedded objects). */
  readPart?(name: string): string | undefined;
  /** The `src` for a picture's href (a data URI when images are embedded). */
  pictureSrc?(href: string): string;
  checkpoint(): void;
  /** Says what was cut (a sheet over the cell budget), when the caller listens. */
  warn?(message: string): void;
}

/** Deeper structure than this is flattened to text, so no input can exhaust the call stack. */
const MAX_DEPTH = 48;
/** Repeated rows/columns beyond this are not expanded (spreadsheets repeat empty rows to 1M). */
export const MAX_REPEAT = 1000;

const SKIP = new Set([
  'annotation',
  'annotation-end',
  'bookmark',
  'bookmark-start',
  'bookmark-end',
  'reference-mark',
  'reference-mark-start',
  'reference-mark-end',
  'soft-page-break',
  'note-citation',
  'tracked-changes',
  'sequence-decls',
  'variable-decls',
  'user-field-decls',
  'forms',
  'index-title-template',
  'table-of-content-source',
  'alphabetical-index-source',
  'illustration-index-source',
  'change',
  'change-start',
  'change-end',
]);

const el = (n: XmlNode): n is XmlElement => typeof n !== 'string';

function wrap(style: ReturnType<typeof effectiveTextStyle>, inner: Inline[]): Inline[] {
  let out = inner;
  if (out.length === 0) return out;
  if (style.position === 'super') out = [{ kind: 'superscript', children: out }];
  else if (style.position === 'sub') out = [{ kind: 'subscript', children: out }];
  if (style.strike) out = [{ kind: 'strike', children: out }];
  if (style.italic) out = [{ kind: 'emphasis', children: out }];
  if (style.bold) out = [{ kind: 'strong', children: out }];
  return out;
}

/** Inlines of a paragraph-like element; frames holding text boxes add blocks to `after`. */
export function convertInlines(node: XmlElement, cx: OdfContext, after: Block[], depth = 0): Inline[] {
  const out: Inline[] = [];
  for (const c of node.children) {
    if (!el(c)) {
      out.push(text(c.replace(/[\t\n\r ]+/g, ' ')));
      continue;
    }
    const ln = localName(c.name);
    if (SKIP.has(ln)) continue;
    if (depth > MAX_DEPTH) {
      out.push(text(textContent(c)));
      continue;
    }
    switch (ln) {
      case 's':
        out.push(text(' '.repeat(Math.min(100, Number(attr(c, 'text:c') ?? '1') || 1))));
        break;
      case 'tab':
        out.push(text('\t'));
        break;
      case 'line-break':
        out.push({ kind: 'lineBreak' });
        break;
      case 'span':
        out.push(
          ...wrap(
            effectiveTextStyle(cx.styles, attr(c, 'text:style-name')),
            convertInlines(c, cx, after, depth + 1),
          ),
        );
        break;
      case 'a': {
        const href = attr(c, 'xlink:href') ?? '';
        const inner = convertInlines(c, cx, after, depth + 1);
        if (href) out.push({ kind: 'link', href, children: inner });
        else out.push(...inner);
        break;
      }
      case 'note': {
        const id = String(++cx.noteCount);
        const body = children(c, 'text:note-body')[0];
        cx.notes.push({
          kind: 'footnote',
          id,
          children: body ? convertBlocks(body.children, cx, depth + 1) : [],
        });
        out.push({ kind: 'footnoteRef', id });
        break;
      }
      case 'frame':
        out.push(...convertFrame(c, cx, after, depth + 1));
        break;
      case 'rect':
      case 'custom-shape':
      case 'ellipse':
      case 'polygon':
      case 'g':
        // Drawing shapes anchored in a paragraph hold paragraphs of their own.
        after.push(...convertBlocks(c.children, cx, depth + 1));
        break;
      default:
        if (c.name.startsWith('svg:')) break; // shape titles and descriptions are alt text
        out.push(...convertInlines(c, cx, after, depth + 1));
    }
  }
  return out;
}

/** An inline frame: images become inline images, text boxes and objects become blocks after. */
function convertFrame(frame: XmlElement, cx: OdfContext, after: Block[], depth: number): Inline[] {
  const out: Inline[] = [];
  const title = children(frame, 'svg:title')[0];
  const desc = children(frame, 'svg:desc')[0];
  const alt = (desc ? textContent(desc) : title ? textContent(title) : attr(frame, 'draw:name')) ?? '';
  // A frame holding a table or an object carries a preview picture beside it: skip the preview.
  const hasContent = children(frame).some((c) => ['table', 'object'].includes(localName(c.name)));
  for (const c of children(frame)) {
    const ln = localName(c.name);
    if (ln === 'image' && !hasContent) {
      const src = attr(c, 'xlink:href');
      // A frame may carry the same picture twice (SVG and a PNG fallback): keep the first.
      if (src && !out.some((i) => i.kind === 'image'))
        out.push({ kind: 'image', src: cx.pictureSrc ? cx.pictureSrc(src) : src, alt });
    } else if (ln === 'text-box') {
      after.push(...convertBlocks(c.children, cx, depth + 1));
    } else if (ln === 'object') {
      const formula = embeddedFormula(c, cx);
      if (formula) out.push(text(formula));
    }
  }
  return out;
}

/**
 * The text of an embedded formula object (its StarMath annotation, else the MathML text).
 * Charts and other embedded documents are left out.
 */
function embeddedFormula(obj: XmlElement, cx: OdfContext): string | undefined {
  const href = (attr(obj, 'xlink:href') ?? '').replace(/^\.\//, '').replace(/\/$/, '');
  if (!href || !cx.readPart) return undefined;
  const xml = cx.readPart(`${href}/content.xml`);
  if (!xml || !/<(math:)?math[\s>]/.test(xml)) return undefined;
  const root = parseXml(xml);
  const ann = descendants(root, 'annotation')[0];
  const t = (ann ? textContent(ann) : textContent(root)).replace(/\s+/g, ' ').trim();
  return t || undefined;
}

function headingBlock(level: number, content: Inline[]): Block {
  return { kind: 'heading', level: Math.min(6, Math.max(1, level)) as HeadingLevel, content };
}

/** A paragraph or heading from text:p / text:h, followed by blocks of text boxes inside it. */
function convertParagraph(p: XmlElement, cx: OdfContext, depth: number): Block[] {
  const after: Block[] = [];
  const content = trimInlines(normalizeInlines(convertInlines(p, cx, after, depth)));
  const out: Block[] = [];
  const styleName = attr(p, 'text:style-name');
  const hasText = inlineText(content).trim() !== '';
  if (hasText) {
    if (localName(p.name) === 'h') {
      const level = Number(attr(p, 'text:outline-level') ?? '1') || 1;
      out.push(headingBlock(level + cx.headingShift, content));
    } else {
      const styled = headingLevelOfStyle(cx.styles, styleName);
      if (styled === 'title') out.push(headingBlock(1, content));
      else if (styled === 'subtitle') out.push(headingBlock(2, content));
      else if (typeof styled === 'number') out.push(headingBlock(styled + cx.headingShift, content));
      else out.push({ kind: 'paragraph', content });
    }
  } else if (content.some((i) => i.kind === 'image')) {
    for (const i of content) if (i.kind === 'image') out.push({ kind: 'image', src: i.src, alt: i.alt });
  }
  out.push(...after);
  return out;
}

/** Drops leading and trailing white space of a paragraph's runs (ODF collapses it). */
export function trimInlines(inl: Inline[]): Inline[] {
  const out = [...inl];
  while (out.length > 0 && out[0].kind === 'text' && (out[0] as { text: string }).text.trim() === '')
    out.shift();
  while (out.length > 0) {
    const last = out[out.length - 1];
    if (last.kind === 'text' && last.text.trim() === '') out.pop();
    else if (last.kind === 'lineBreak') out.pop();
    else break;
  }
  if (out[0]?.kind === 'text') out[0] = text(out[0].text.replace(/^\s+/, ''));
  const l = out[out.length - 1];
  if (l?.kind === 'text') out[out.length - 1] = text(l.text.replace(/\s+$/, ''));
  return out;
}

function listLabel(
  cx: OdfContext,
  styleName: string | undefined,
  level: number,
  firstPara?: XmlElement,
): ListLabel {
  let name = styleName;
  if (!name && firstPara) name = cx.styles.paragraphList.get(attr(firstPara, 'text:style-name') ?? '');
  const levels = name ? cx.styles.lists.get(name) : undefined;
  return levels?.get(level) ?? 'bullet';
}

function convertList(
  list: XmlElement,
  cx: OdfContext,
  depth: number,
  level: number,
  inherited?: string,
): Block[] {
  if (depth > MAX_DEPTH) {
    const t = textContent(list).replace(/\s+/g, ' ').trim();
    return t ? [{ kind: 'paragraph', content: [text(t)] }] : [];
  }
  const styleName = attr(list, 'text:style-name') ?? inherited;
  const out: Block[] = [];
  let items: { blocks: Block[] }[] = [];
  let firstPara: XmlElement | undefined;
  const flush = () => {
    if (items.length === 0) return;
    const label = listLabel(cx, styleName, level, firstPara);
    // Items of a level without a label read as plain paragraphs (and their sub-lists).
    if (label === 'none') for (const it of items) out.push(...it.blocks);
    else out.push({ kind: 'list', ordered: label === 'number', items });
    items = [];
  };
  for (const item of children(list)) {
    const ln = localName(item.name);
    if (ln !== 'list-item' && ln !== 'list-header') continue;
    const blocks: Block[] = [];
    for (const c of children(item)) {
      const cl = localName(c.name);
      if (cl === 'list') blocks.push(...convertList(c, cx, depth + 1, level + 1, styleName));
      else {
        if (!firstPara && (cl === 'p' || cl === 'h')) firstPara = c;
        blocks.push(...convertBlocks([c], cx, depth + 1));
      }
    }
    // Numbered headings sit in list items; they stay headings rather than becoming list items.
    if (
      blocks.length > 0 &&
      blocks.every((b) => b.kind === 'heading' || b.kind === 'list') &&
      blocks[0].kind === 'heading'
    ) {
      flush();
      out.push(...blocks);
    } else if (blocks.length > 0) {
      // An item holding only a nested list continues the item before it (ODF writes
      // sub-lists that way); it has no label of its own.
      const prev = items[items.length - 1];
      if (blocks.every((b) => b.kind === 'list')) {
        if (prev) prev.blocks.push(...blocks);
        else for (const b of blocks) if (b.kind === 'list') items.push(...b.items);
      } else items.push({ blocks });
    }
  }
  flush();
  return out;
}

/** Flattens blocks to one run of inlines for a table cell (cells hold inlines only). */
export function blocksToCellInlines(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  const push = (inl: Inline[]) => {
    if (inl.length === 0) return;
    if (out.length > 0) out.push(text(' '));
    out.push(...inl);
  };
  const visit = (b: Block, marker?: string) => {
    switch (b.kind) {
      case 'paragraph':
      case 'heading':
        push(marker ? [text(marker), ...b.content] : b.content);
        break;
      case 'list':
        b.items.forEach((it, i) => {
          it.blocks.forEach((ib, k) => {
            visit(ib, k === 0 ? (b.ordered ? `${(b.start ?? 1) + i}. ` : '- ') : undefined);
          });
        });
        break;
      case 'table':
        for (const r of b.rows) for (const c of r) push(c.content);
        break;
      case 'image':
        push([{ kind: 'image', src: b.src, alt: b.alt }]);
        break;
      case 'quote':
      case 'footnote':
        for (const c of b.children) visit(c);
        break;
      case 'code':
        push([text(b.text)]);
        break;
      default:
        break;
    }
  };
  for (const b of blocks) visit(b);
  return out;
}

/** Rows of a table element, with row groups, header rows and repetition expanded. */
export function tableRows(table: XmlElement): { row: XmlElement; header: boolean }[] {
  const out: { row: XmlElement; header: boolean }[] = [];
  const stack: { node: XmlElement; header: boolean; i: number }[] = [{ node: table, header: false, i: 0 }];
  while (stack.length > 0 && stack.length < 64) {
    const top = stack[stack.length - 1];
    if (top.i >= top.node.children.length) {
      stack.pop();
      continue;
    }
    const c = top.node.children[top.i++];
    if (!el(c)) continue;
    const ln = localName(c.name);
    if (ln === 'table-row') {
      const rep = Math.min(MAX_REPEAT, Number(attr(c, 'table:number-rows-repeated') ?? '1') || 1);
      for (let k = 0; k < rep; k++) out.push({ row: c, header: top.header });
    } else if (ln === 'table-header-rows' || ln === 'table-rows' || ln === 'table-row-group')
      stack.push({ node: c, header: top.header || ln === 'table-header-rows', i: 0 });
  }
  return out;
}

function convertTable(table: XmlElement, cx: OdfContext, depth: number): Block[] {
  const rows: TableCell[][] = [];
  for (const { row, header } of tableRows(table)) {
    cx.checkpoint();
    const cells: TableCell[] = [];
    for (const c of children(row)) {
      const ln = localName(c.name);
      if (ln !== 'table-cell') continue; // covered cells belong to a spanning cell
      const rep = Math.min(MAX_REPEAT, Number(attr(c, 'table:number-columns-repeated') ?? '1') || 1);
      const content = blocksToCellInlines(convertBlocks(c.children, cx, depth + 1));
      const colSpan = Number(attr(c, 'table:number-columns-spanned') ?? '1') || 1;
      const rowSpan = Number(attr(c, 'table:number-rows-spanned') ?? '1') || 1;
      for (let k = 0; k < rep; k++) {
        const tc: TableCell = { content };
        if (colSpan > 1) tc.colSpan = colSpan;
        if (rowSpan > 1) tc.rowSpan = rowSpan;
        if (header) tc.header = true;
        cells.push(tc);
      }
    }
    rows.push(cells);
  }
  return rows.length > 0 ? [{ kind: 'table', rows }] : [];
}

/** Converts body-level ODF elements (paragraphs, headings, lists, tables, sections) to blocks. */
export function convertBlocks(nodes: XmlNode[], cx: OdfContext, depth = 0): Block[] {
  const out: Block[] = [];
  for (const n of nodes) {
    if (!el(n)) continue;
    const ln = localName(n.name);
    if (SKIP.has(ln)) continue;
    if (depth > MAX_DEPTH) {
      const t = textContent(n).trim();
      if (t) out.push({ kind: 'paragraph', content: [text(t)] });
      continue;
    }
    switch (ln) {
      case 'p':
      case 'h':
        out.push(...convertParagraph(n, cx, depth));
        break;
      case 'list': {
        const lists = convertList(n, cx, depth, 1);
        const prev = out[out.length - 1];
        const first = lists[0];
        // A list whose first item is only a sub-list continues the list just before it.
        if (
          prev?.kind === 'list' &&
          first?.kind === 'list' &&
          first.items[0]?.blocks.every((b) => b.kind === 'list')
        ) {
          prev.items[prev.items.length - 1].blocks.push(...first.items[0].blocks);
          prev.items.push(...first.items.slice(1));
          out.push(...lists.slice(1));
        } else out.push(...lists);
        break;
      }
      case 'table':
        out.push(...convertTable(n, cx, depth));
        break;
      case 'frame': {
        const after: Block[] = [];
        const inl = convertFrame(n, cx, after, depth + 1);
        for (const i of inl) if (i.kind === 'image') out.push({ kind: 'image', src: i.src, alt: i.alt });
        out.push(...after);
        break;
      }
      case 'table-column':
      case 'table-columns':
      case 'table-header-columns':
        break;
      default:
        out.push(...convertBlocks(n.children, cx, depth + 1));
    }
  }
  return out;
}
