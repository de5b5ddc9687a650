import { localName, type XmlElement, type XmlNode } from '@distill/core';

/**
 * Namespace-prefix-blind access to OOXML trees. Producers vary the prefixes (Strict documents,
 * hand-written files), so every lookup goes by local name.
 */
export const ln = (el: XmlElement): string => localName(el.name);

export function kids(el: XmlElement | undefined, local?: string): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    if (local === undefined || localName(c.name) === local) out.push(c);
  }
  return out;
}

export function kid(el: XmlElement | undefined, local: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) if (typeof c !== 'string' && localName(c.name) === local) return c;
  return undefined;
}

/** A child reached through a path of local names. */
export function path(el: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
  let cur = el;
  for (const l of locals) cur = kid(cur, l);
  return cur;
}

/** An attribute by local name (`w:val`, `val`, `r:id` → `id`). */
export function at(el: XmlElement | undefined, local: string): string | undefined {
  if (!el) return undefined;
  const a = el.attrs;
  if (local in a) return a[local];
  for (const k in a) {
    const i = k.indexOf(':');
    if (i >= 0 && k.slice(i + 1) === local && !k.startsWith('xmlns')) return a[k];
  }
  return undefined;
}

/** The relationship id attribute (`r:id`, `r:embed`, `r:link`), whatever its prefix. */
export function relAttr(el: XmlElement | undefined, local = 'id'): string | undefined {
  if (!el) return undefined;
  for (const k in el.attrs) {
    const i = k.indexOf(':');
    if (i >= 0 && k.slice(i + 1) === local && !k.startsWith('xmlns')) return el.attrs[k];
  }
  return undefined;
}

/** Descendants by local name, document order, iterative. */
export function find(
  el: XmlElement | undefined,
  local: string,
  stopAt?: (e: XmlElement) => boolean,
): XmlElement[] {
  const out: XmlElement[] = [];
  if (!el) return out;
  const stack: XmlNode[] = [];
  for (let k = el.children.length - 1; k >= 0; k--) stack.push(el.children[k]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') continue;
    if (localName(n.name) === local) {
      out.push(n);
      continue;
    }
    if (stopAt?.(n)) continue;
    for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]);
  }
  return out;
}

/** Concatenated text of all `t` descendants (a:t, w:t, m:t), the usual way OOXML stores text. */
export function tText(el: XmlElement | undefined): string {
  if (!el) return '';
  let s = '';
  for (const t of find(el, 't')) for (const c of t.children) if (typeof c === 'string') s += c;
  return s;
}

/** Direct string content of an element. */
export function ownText(el: XmlElement | undefined): string {
  if (!el) return '';
  let s = '';
  for (const c of el.children) if (typeof c === 'string') s += c;
  return s;
}

/** OOXML on/off values: absent val means on. */
export function isOn(el: XmlElement | undefined): boolean {
  if (!el) return false;
  const v = at(el, 'val');
  return v === undefined || !(v === '0' || v === 'false' || v === 'off' || v === 'none');
}
