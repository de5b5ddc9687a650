import type { Inline } from '@distill/core';

export interface RunFormat {
  b: boolean;
  i: boolean;
  s: boolean;
  va?: 'sup' | 'sub';
}

/** Wraps a run's inlines in its formatting, outermost strong, then emphasis, strike, script. */
export function wrapFormat(nodes: Inline[], f: RunFormat): Inline[] {
  let out = nodes;
  if (f.va === 'sup') out = [{ kind: 'superscript', children: out }];
  else if (f.va === 'sub') out = [{ kind: 'subscript', children: out }];
  if (f.s) out = [{ kind: 'strike', children: out }];
  if (f.i) out = [{ kind: 'emphasis', children: out }];
  if (f.b) out = [{ kind: 'strong', children: out }];
  return out;
}

const WRAPS = new Set(['strong', 'emphasis', 'strike', 'superscript', 'subscript']);

/**
 * Joins neighbours of the same kind (two bold runs become one strong) and moves whitespace at
 * the edges of a wrapper outside it, so Markdown gets `**a b**`, not `**a****b**`.
 */
export function mergeInlines(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    const last = out[out.length - 1];
    // Spaces between two runs of the same formatting join them: `***a and b***`.
    const next = nodes[i + 1];
    if (
      n.kind === 'text' &&
      n.text.trim() === '' &&
      last &&
      next &&
      last.kind === next.kind &&
      WRAPS.has(last.kind) &&
      'children' in last
    ) {
      out[out.length - 1] = { ...last, children: [...last.children, n] } as Inline;
      continue;
    }
    if (n.kind === 'text') {
      if (n.text === '') continue;
      if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + n.text };
      else out.push(n);
      continue;
    }
    if ('children' in n && WRAPS.has(n.kind)) {
      const children = mergeInlines(n.children);
      if (children.length === 0) continue;
      if (last && last.kind === n.kind && 'children' in last) {
        out[out.length - 1] = { ...last, children: mergeInlines([...last.children, ...children]) } as Inline;
        continue;
      }
      out.push({ ...n, children } as Inline);
      continue;
    }
    if (n.kind === 'link') {
      const children = mergeInlines(n.children);
      if (last?.kind === 'link' && last.href === n.href) {
        out[out.length - 1] = { ...last, children: mergeInlines([...last.children, ...children]) };
        continue;
      }
      out.push({ ...n, children });
      continue;
    }
    out.push(n);
  }
  return out;
}

/** Trims whitespace at the start and end of a paragraph's inlines. */
export function trimInlines(nodes: Inline[]): Inline[] {
  const out = [...nodes];
  const edge = (i: number, start: boolean): void => {
    const n = out[i];
    if (!n) return;
    if (n.kind === 'text') {
      const t = start ? n.text.replace(/^[ \t\u00a0]+/, '') : n.text.replace(/[ \t\u00a0]+$/, '');
      if (t === '') {
        out.splice(i, 1);
        edge(start ? i : i - 1, start);
      } else out[i] = { kind: 'text', text: t };
    } else if (n.kind === 'lineBreak') {
      out.splice(i, 1);
      edge(start ? i : i - 1, start);
    } else if ('children' in n && WRAPS.has(n.kind)) {
      const inner = trimInlines(n.children);
      if (inner.length === 0) {
        out.splice(i, 1);
        edge(start ? i : i - 1, start);
      } else out[i] = { ...n, children: inner } as Inline;
    }
  };
  edge(0, true);
  edge(out.length - 1, false);
  return out;
}

export function hasContent(nodes: Inline[]): boolean {
  for (const n of nodes) {
    if (n.kind === 'text' && n.text.trim() !== '') return true;
    if (n.kind === 'image' || n.kind === 'math' || n.kind === 'footnoteRef' || n.kind === 'code') return true;
    if ('children' in n && hasContent(n.children)) return true;
  }
  return false;
}
