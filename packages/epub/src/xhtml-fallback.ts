import {
  attr,
  type Block,
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

/**
 * A minimal XHTML reader for EPUB chapters, standing in until the html package (parse5,
 * `htmlToDoc`) is merged on this branch: chapter.ts is the one place that switches over.
 * It reads well-formed XHTML only (what EPUB requires) with the common HTML entities.
 */
const ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  mdash: '\u2014',
  ndash: '\u2013',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  laquo: '\u00ab',
  raquo: '\u00bb',
  shy: '\u00ad',
  eacute: '\u00e9',
  egrave: '\u00e8',
  agrave: '\u00e0',
  ccedil: '\u00e7',
  uuml: '\u00fc',
  ouml: '\u00f6',
  auml: '\u00e4',
  szlig: '\u00df',
};

const MAX_DEPTH = 64;
const BLOCK_CONTAINERS = new Set([
  'body',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'figure',
  'center',
  'hgroup',
  'details',
  'dl',
  'dd',
  'dt',
]);
const SKIP = new Set(['head', 'script', 'style', 'template', 'noscript', 'svg:title', 'title']);

const el = (n: XmlNode): n is XmlElement => typeof n !== 'string';
const name = (n: XmlElement) => localName(n.name).toLowerCase();

function inlines(node: XmlElement, depth: number): Inline[] {
  const out: Inline[] = [];
  for (const c of node.children) {
    if (!el(c)) {
      out.push(text(c.replace(/\s+/g, ' ')));
      continue;
    }
    const n = name(c);
    if (SKIP.has(n)) continue;
    if (depth > MAX_DEPTH) {
      out.push(text(textContent(c)));
      continue;
    }
    const inner = () => inlines(c, depth + 1);
    switch (n) {
      case 'strong':
      case 'b':
        out.push({ kind: 'strong', children: inner() });
        break;
      case 'em':
      case 'i':
      case 'cite':
        out.push({ kind: 'emphasis', children: inner() });
        break;
      case 's':
      case 'del':
      case 'strike':
        out.push({ kind: 'strike', children: inner() });
        break;
      case 'sup':
        out.push({ kind: 'superscript', children: inner() });
        break;
      case 'sub':
        out.push({ kind: 'subscript', children: inner() });
        break;
      case 'code':
      case 'kbd':
      case 'samp':
        out.push({ kind: 'code', text: textContent(c) });
        break;
      case 'br':
        out.push({ kind: 'lineBreak' });
        break;
      case 'a': {
        const href = attr(c, 'href');
        if (href) out.push({ kind: 'link', href, children: inner() });
        else out.push(...inner());
        break;
      }
      case 'img':
      case 'image':
        out.push({
          kind: 'image',
          src: attr(c, 'src') ?? attr(c, 'xlink:href') ?? attr(c, 'href'),
          alt: attr(c, 'alt') ?? '',
        });
        break;
      default:
        out.push(...inner());
    }
  }
  return out;
}

function trim(inl: Inline[]): Inline[] {
  const out = normalizeInlines(inl);
  while (out.length > 0 && out[0].kind === 'text' && out[0].text.trim() === '') out.shift();
  while (
    out.length > 0 &&
    out[out.length - 1].kind === 'text' &&
    (out[out.length - 1] as { text: string }).text.trim() === ''
  )
    out.pop();
  if (out[0]?.kind === 'text') out[0] = text(out[0].text.replace(/^\s+/, ''));
  const l = out[out.length - 1];
  if (l?.kind === 'text') out[out.length - 1] = text(l.text.replace(/\s+$/, ''));
  return out;
}

const hasBlockChild = (n: XmlElement) =>
  n.children.some(
    (c) =>
      el(c) && (BLOCK_CONTAINERS.has(name(c)) || /^(p|h[1-6]|ul|ol|table|blockquote|pre|hr)$/.test(name(c))),
  );

function list(node: XmlElement, depth: number): Block {
  if (depth > MAX_DEPTH)
    return { kind: 'paragraph', content: [text(textContent(node).replace(/\s+/g, ' ').trim())] };
  const items = node.children
    .filter(el)
    .filter((c) => name(c) === 'li')
    .map((li) => {
      const own: XmlElement = {
        ...li,
        children: li.children.filter((c) => !el(c) || !/^(ul|ol)$/.test(name(c))),
      };
      const blocks: Block[] = hasBlockChild(own) ? blocksOf(own.children, depth + 1) : [];
      if (blocks.length === 0) {
        const content = trim(inlines(own, depth + 1));
        if (content.length > 0) blocks.push({ kind: 'paragraph', content });
      }
      for (const c of li.children) if (el(c) && /^(ul|ol)$/.test(name(c))) blocks.push(list(c, depth + 1));
      return { blocks };
    });
  const start = Number(attr(node, 'start') ?? '1');
  const b: Block = { kind: 'list', ordered: name(node) === 'ol', items };
  if (name(node) === 'ol' && start !== 1 && Number.isFinite(start)) b.start = start;
  return b;
}

function table(node: XmlElement, depth: number): Block {
  const rows: TableCell[][] = [];
  const stack: XmlElement[] = [node];
  const trs: XmlElement[] = [];
  while (stack.length > 0) {
    const n = stack.shift()!;
    for (const c of n.children) {
      if (!el(c)) continue;
      const cn = name(c);
      if (cn === 'tr') trs.push(c);
      else if (cn === 'thead' || cn === 'tbody' || cn === 'tfoot') stack.push(c);
    }
  }
  for (const tr of trs) {
    const cells: TableCell[] = [];
    for (const c of tr.children) {
      if (!el(c) || (name(c) !== 'td' && name(c) !== 'th')) continue;
      const tc: TableCell = { content: trim(inlines(c, depth + 1)) };
      const cs = Number(attr(c, 'colspan') ?? '1');
      const rs = Number(attr(c, 'rowspan') ?? '1');
      if (cs > 1) tc.colSpan = Math.min(cs, 1000);
      if (rs > 1) tc.rowSpan = Math.min(rs, 65534);
      if (name(c) === 'th') tc.header = true;
      cells.push(tc);
    }
    rows.push(cells);
  }
  return { kind: 'table', rows };
}

function blocksOf(nodes: XmlNode[], depth: number): Block[] {
  const out: Block[] = [];
  let pending: Inline[] = [];
  const flush = () => {
    const content = trim(pending);
    pending = [];
    if (inlineText(content).trim() !== '' || content.some((i) => i.kind === 'image'))
      out.push({ kind: 'paragraph', content });
  };
  for (const c of nodes) {
    if (!el(c)) {
      pending.push(text(c.replace(/\s+/g, ' ')));
      continue;
    }
    const n = name(c);
    if (SKIP.has(n)) continue;
    if (depth > MAX_DEPTH) {
      pending.push(text(textContent(c)));
      continue;
    }
    const m = /^h([1-6])$/.exec(n);
    if (m) {
      flush();
      const content = trim(inlines(c, depth + 1));
      if (content.length > 0) out.push({ kind: 'heading', level: Number(m[1]) as HeadingLevel, content });
    } else if (n === 'p') {
      flush();
      pending = inlines(c, depth + 1);
      flush();
    } else if (n === 'ul' || n === 'ol') {
      flush();
      out.push(list(c, depth));
    } else if (n === 'blockquote') {
      flush();
      out.push({ kind: 'quote', children: blocksOf(c.children, depth + 1) });
    } else if (n === 'pre') {
      flush();
      out.push({ kind: 'code', text: textContent(c).replace(/\n$/, '') });
    } else if (n === 'table') {
      flush();
      out.push(table(c, depth));
    } else if (n === 'hr') {
      flush();
      out.push({ kind: 'rule' });
    } else if (BLOCK_CONTAINERS.has(n) || hasBlockChild(c)) {
      flush();
      out.push(...blocksOf(c.children, depth + 1));
    } else pending.push(...inlines({ ...c, children: [c] }, depth + 1));
  }
  flush();
  return out;
}

/** Blocks of an XHTML document's body. */
export function xhtmlToBlocks(xhtml: string): Block[] {
  const src = xhtml.replace(
    /&([a-zA-Z]+);/g,
    (m, n: string) => ENTITIES[n] ?? (['lt', 'gt', 'amp', 'quot', 'apos'].includes(n) ? m : ''),
  );
  const root = parseXml(src);
  const stack: XmlElement[] = [root];
  let body: XmlElement | undefined;
  while (stack.length > 0 && !body) {
    const n = stack.pop()!;
    if (name(n) === 'body') body = n;
    else for (const c of n.children) if (el(c)) stack.push(c);
  }
  return blocksOf((body ?? root).children, 0);
}
