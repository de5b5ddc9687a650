import { type PElement, type PNode, VOID_ELEMENTS } from './dom.js';

const RAW = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const escText = (s: string) =>
  s.replace(/[&<>\u00a0]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;',
  );
const escAttr = (s: string) =>
  s.replace(/[&"\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&nbsp;'));

/** HTML of the given nodes, written with an explicit stack so depth cannot overflow. */
export function serializeNodes(nodes: readonly PNode[]): string {
  const parts: string[] = [];
  // A string entry is a closing tag to write; a node entry is a node to open.
  const stack: (PNode | string)[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]);
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n === 'string') {
      parts.push(n);
      continue;
    }
    if (n.nodeName === '#text') {
      const parent = n.parentNode as PElement | null;
      const v = (n as { value: string }).value;
      parts.push(parent && RAW.has(parent.tagName) ? v : escText(v));
      continue;
    }
    const el = n as PElement;
    if (el.tagName === undefined) continue;
    let open = `<${el.tagName}`;
    for (const a of el.attrs) open += ` ${a.prefix ? `${a.prefix}:` : ''}${a.name}="${escAttr(a.value)}"`;
    parts.push(`${open}>`);
    if (VOID_ELEMENTS.has(el.tagName)) continue;
    stack.push(`</${el.tagName}>`);
    const kids = el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return parts.join('');
}
