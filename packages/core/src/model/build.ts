import type { Block, Inline, TableCell } from './types.js';

/** Small constructors so parsers read as structure, not object literals. */
export const text = (value: string): Inline => ({ kind: 'text', text: value });

export const paragraph = (content: Inline[] | string): Block => ({
  kind: 'paragraph',
  content: typeof content === 'string' ? [text(content)] : content,
});

export const cell = (content: Inline[] | string, extra: Omit<TableCell, 'content'> = {}): TableCell => ({
  content: typeof content === 'string' ? (content === '' ? [] : [text(content)]) : content,
  ...extra,
});

/** The plain text of inlines, as a reader would see it (links by their text, images by alt). */
export function inlineText(inlines: readonly Inline[]): string {
  let out = '';
  for (const node of inlines) {
    switch (node.kind) {
      case 'text':
      case 'code':
        out += node.text;
        break;
      case 'math':
        out += node.tex;
        break;
      case 'image':
        out += node.alt ?? '';
        break;
      case 'lineBreak':
        out += '\n';
        break;
      case 'footnoteRef':
        out += `[${node.id}]`;
        break;
      default:
        out += inlineText(node.children);
    }
  }
  return out;
}

/** The plain text of a block, blocks joined by newlines. */
export function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return inlineText(block.content);
    case 'list':
      return block.items.map((item) => item.blocks.map(blockText).join('\n')).join('\n');
    case 'table':
      return block.rows.map((row) => row.map((c) => inlineText(c.content)).join('\t')).join('\n');
    case 'image':
      return block.alt ?? '';
    case 'code':
      return block.text;
    case 'formula':
      return block.tex;
    case 'quote':
    case 'footnote':
      return block.children.map(blockText).join('\n');
    case 'comment':
    case 'rule':
    case 'pageBreak':
      return '';
  }
}

/** Merges adjacent text inlines and drops empty ones, so emitters see tidy runs. */
export function normalizeInlines(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of inlines) {
    if (node.kind === 'text') {
      if (node.text === '') continue;
      const last = out[out.length - 1];
      if (last?.kind === 'text') {
        out[out.length - 1] = { kind: 'text', text: last.text + node.text };
        continue;
      }
    } else if ('children' in node) {
      const children = normalizeInlines(node.children);
      if (children.length === 0 && node.kind !== 'link') continue;
      out.push({ ...node, children } as Inline);
      continue;
    }
    out.push(node);
  }
  return out;
}

/** Visits every inline of a block tree, depth first. */
export function walkInlines(blocks: readonly Block[], visit: (node: Inline) => void): void {
  const inl = (nodes: readonly Inline[]) => {
    for (const n of nodes) {
      visit(n);
      if ('children' in n) inl(n.children);
    }
  };
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading':
      case 'paragraph':
        inl(b.content);
        break;
      case 'list':
        for (const item of b.items) walkInlines(item.blocks, visit);
        break;
      case 'table':
        if (b.caption) inl(b.caption);
        for (const row of b.rows) for (const c of row) inl(c.content);
        break;
      case 'image':
        if (b.caption) inl(b.caption);
        break;
      case 'quote':
      case 'footnote':
        walkInlines(b.children, visit);
        break;
      default:
        break;
    }
  }
}

/** Maps every inline array of a block tree (for transforms such as redaction). */
export function mapInlines(blocks: Block[], fn: (nodes: Inline[]) => Inline[]): Block[] {
  const deep = (nodes: Inline[]): Inline[] =>
    fn(nodes.map((n) => ('children' in n ? ({ ...n, children: deep(n.children) } as Inline) : n)));
  return blocks.map((b): Block => {
    switch (b.kind) {
      case 'heading':
      case 'paragraph':
        return { ...b, content: deep(b.content) };
      case 'list':
        return { ...b, items: b.items.map((it) => ({ ...it, blocks: mapInlines(it.blocks, fn) })) };
      case 'table':
        return {
          ...b,
          caption: b.caption ? deep(b.caption) : undefined,
          rows: b.rows.map((row) => row.map((c) => ({ ...c, content: deep(c.content) }))),
        };
      case 'image':
        return b.caption ? { ...b, caption: deep(b.caption) } : b;
      case 'quote':
      case 'footnote':
        return { ...b, children: mapInlines(b.children, fn) };
      default:
        return b;
    }
  });
}
