import { type Block, type Inline, text } from '@distill/core';
import type { ListEntry, Run } from './state.js';

/**
 * Inline assembly: a paragraph's runs become the model's inline nodes (formatting nested,
 * links grouped, white space kept outside emphasis), and list entries become nested lists.
 */

/** Inline nodes from runs: same-format neighbours merged, links grouped. */
export function runsToInlines(runs: Run[]): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  const fmt = (r: Run, inner: Inline[]): Inline[] => {
    let o = inner;
    if (r.sup) o = [{ kind: 'superscript', children: o }];
    else if (r.sub) o = [{ kind: 'subscript', children: o }];
    if (r.s) o = [{ kind: 'strike', children: o }];
    if (r.i) o = [{ kind: 'emphasis', children: o }];
    if (r.b) o = [{ kind: 'strong', children: o }];
    return o;
  };
  const same = (a: Run, b: Run) =>
    a.b === b.b && a.i === b.i && a.s === b.s && a.sup === b.sup && a.sub === b.sub;
  const plain = (rs: Run[]): Inline[] => {
    const o: Inline[] = [];
    for (let k = 0; k < rs.length; ) {
      const r = rs[k];
      if (r.br) {
        o.push({ kind: 'lineBreak' });
        k++;
        continue;
      }
      if (r.note) {
        o.push({ kind: 'footnoteRef', id: r.note });
        k++;
        continue;
      }
      let t = r.text;
      let j = k + 1;
      while (j < rs.length && !rs[j].br && !rs[j].note && same(r, rs[j])) t += rs[j++].text;
      // Keep white space outside the emphasis, as Markdown needs.
      const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(t)!;
      if (m[1]) o.push(text(m[1]));
      if (m[2]) o.push(...fmt(r, [text(m[2])]));
      if (m[3]) o.push(text(m[3]));
      k = j;
    }
    return o;
  };
  while (i < runs.length) {
    const href = runs[i].href;
    let j = i + 1;
    while (j < runs.length && runs[j].href === href) j++;
    const inl = plain(runs.slice(i, j));
    if (href) out.push({ kind: 'link', href, children: inl });
    else out.push(...inl);
    i = j;
  }
  return out;
}

/** Blank text and line breaks at either end dropped, and the end texts trimmed. */
export function trimInlines(inl: Inline[]): Inline[] {
  const out = [...inl];
  while (
    out.length > 0 &&
    ((out[0].kind === 'text' && out[0].text.trim() === '') || out[0].kind === 'lineBreak')
  )
    out.shift();
  while (out.length > 0) {
    const l = out[out.length - 1];
    if ((l.kind === 'text' && l.text.trim() === '') || l.kind === 'lineBreak') out.pop();
    else break;
  }
  if (out[0]?.kind === 'text') out[0] = text(out[0].text.replace(/^\s+/, ''));
  const l = out[out.length - 1];
  if (l?.kind === 'text') out[out.length - 1] = text(l.text.replace(/\s+$/, ''));
  return out;
}

/** A heading style is usually bold as well: the heading needs no bold of its own. */
export function unbold(inl: Inline[]): Inline[] {
  const visible = inl.filter((n) => !(n.kind === 'text' && n.text.trim() === ''));
  if (visible.length === 0 || !visible.every((n) => n.kind === 'strong')) return inl;
  return inl.flatMap((n) => (n.kind === 'strong' ? n.children : [n]));
}

/** The plain text of runs, to tell an empty paragraph or cell. */
export const runsText = (runs: Run[]) => runs.map((r) => r.text).join('');

/** List entries in order to one list, nested by level (at most 9 deep). */
export function buildList(items: ListEntry[]): Block {
  const root: Block & { kind: 'list' } = { kind: 'list', ordered: items[0].ordered, items: [] };
  const stack: { list: Block & { kind: 'list' }; level: number }[] = [{ list: root, level: items[0].level }];
  for (const it of items) {
    while (stack.length > 1 && it.level < stack[stack.length - 1].level) stack.pop();
    const top = stack[stack.length - 1];
    if (it.level > top.level && top.list.items.length > 0 && stack.length < 9) {
      const nl: Block & { kind: 'list' } = { kind: 'list', ordered: it.ordered, items: [] };
      top.list.items[top.list.items.length - 1].blocks.push(nl);
      stack.push({ list: nl, level: it.level });
    }
    stack[stack.length - 1].list.items.push({ blocks: [{ kind: 'paragraph', content: it.content }] });
  }
  return root;
}
