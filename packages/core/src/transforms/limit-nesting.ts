import type { Block, Inline } from '../model/types.js';

/** Deeper nesting than this is flattened: no reader follows it, and recursion must stay bounded. */
export const MAX_NESTING = 16;

const isContainer = (b: Block) => b.kind === 'list' || b.kind === 'quote' || b.kind === 'footnote';

/** The non-container blocks below `root`, in document order (iterative: any depth). */
function leavesOf(root: Block): Block[] {
  const out: Block[] = [];
  const stack: Block[] = [root];
  while (stack.length > 0) {
    const b = stack.pop()!;
    if (b.kind === 'list') {
      for (let i = b.items.length - 1; i >= 0; i--) {
        const blocks = b.items[i].blocks;
        for (let k = blocks.length - 1; k >= 0; k--) stack.push(blocks[k]);
      }
    } else if (b.kind === 'quote' || b.kind === 'footnote') {
      for (let k = b.children.length - 1; k >= 0; k--) stack.push(b.children[k]);
    } else out.push(b);
  }
  return out;
}

/** Inline runs below `nodes` with their formatting dropped (iterative). */
function flatInlines(nodes: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  const stack: Inline[] = [...nodes].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ('children' in n) for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]);
    else out.push(n);
  }
  return out;
}

function limitInlines(nodes: Inline[], depth: number, hit: { flattened: boolean }): Inline[] {
  return nodes.map((n) => {
    if (!('children' in n)) return n;
    if (depth >= MAX_NESTING) {
      hit.flattened = true;
      return { ...n, children: flatInlines(n.children) } as Inline;
    }
    return { ...n, children: limitInlines(n.children, depth + 1, hit) } as Inline;
  });
}

function depthOver(blocks: readonly Block[]): boolean {
  const stack: [Block, number][] = blocks.map((b) => [b, 0]);
  const inl: [Inline, number][] = [];
  const pushInl = (nodes: readonly Inline[]) => {
    for (const n of nodes) inl.push([n, 0]);
  };
  while (stack.length > 0) {
    const [b, d] = stack.pop()!;
    if (d >= MAX_NESTING && isContainer(b)) return true;
    if (b.kind === 'list') for (const it of b.items) for (const c of it.blocks) stack.push([c, d + 1]);
    else if (b.kind === 'quote' || b.kind === 'footnote') for (const c of b.children) stack.push([c, d + 1]);
    else if (b.kind === 'heading' || b.kind === 'paragraph') pushInl(b.content);
    else if (b.kind === 'table') for (const row of b.rows) for (const c of row) pushInl(c.content);
  }
  while (inl.length > 0) {
    const [n, d] = inl.pop()!;
    if (!('children' in n)) continue;
    if (d >= MAX_NESTING) return true;
    for (const c of n.children) inl.push([c, d + 1]);
  }
  return false;
}

function limit(blocks: Block[], depth: number, hit: { flattened: boolean }): Block[] {
  return blocks.map((b): Block => {
    switch (b.kind) {
      case 'list':
        if (depth >= MAX_NESTING) {
          hit.flattened = true;
          return { ...b, items: leavesOf(b).map((x) => ({ blocks: limit([x], depth, hit) })) };
        }
        return { ...b, items: b.items.map((it) => ({ ...it, blocks: limit(it.blocks, depth + 1, hit) })) };
      case 'quote':
      case 'footnote':
        if (depth >= MAX_NESTING) {
          hit.flattened = true;
          return { ...b, children: limit(leavesOf(b), depth, hit) };
        }
        return { ...b, children: limit(b.children, depth + 1, hit) };
      case 'heading':
      case 'paragraph':
        return { ...b, content: limitInlines(b.content, 0, hit) };
      case 'table':
        return {
          ...b,
          rows: b.rows.map((row) => row.map((c) => ({ ...c, content: limitInlines(c.content, 0, hit) }))),
        };
      default:
        return b;
    }
  });
}

/**
 * Bounds the nesting of lists, quotes and inline formatting at MAX_NESTING, keeping every
 * word: deeper content is lifted to the last allowed level. Hostile inputs nest 100,000 deep;
 * after this, every recursive step (emitters, transforms) is bounded.
 */
export function limitNesting(blocks: Block[]): { blocks: Block[]; flattened: boolean } {
  if (!depthOver(blocks)) return { blocks, flattened: false };
  const hit = { flattened: false };
  const out = limit(blocks, 0, hit);
  return { blocks: out, flattened: hit.flattened };
}
