import { decodeHtmlEntities, VOID_ELEMENTS } from '@distill/core';

/**
 * A small element tree of an HTML page for structured data (microdata, RDFa, meta and link
 * tags, inline CSS). This package has no HTML parser of its own (the engine's lives in
 * @distill/html, which it does not depend on), and structured data needs only what this gives:
 * elements, their attributes, nesting and text. Unclosed elements end where an ancestor closes,
 * void elements never open, and script/style bodies are raw text.
 */
export interface El {
  name: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  parent?: El;
}

const RAW = new Set(['script', 'style', 'textarea', 'title']);
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|<!--[\s\S]*?-->|<![^>]*>/g;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function parseTree(html: string): El {
  const root: El = { name: '#root', attrs: {}, children: [] };
  let cur = root;
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m.index > last) cur.children.push(decodeHtmlEntities(html.slice(last, m.index)));
    last = TAG.lastIndex;
    if (!m[2]) continue; // comment or doctype
    const name = m[2].toLowerCase();
    if (m[1]) {
      // A close tag ends the nearest open element of its name, and everything opened inside it.
      for (let e: El | undefined = cur; e && e !== root; e = e.parent) {
        if (e.name === name) {
          cur = e.parent ?? root;
          break;
        }
      }
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3].matchAll(ATTR)) {
      const k = a[1].toLowerCase();
      if (!(k in attrs)) attrs[k] = decodeHtmlEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    const el: El = { name, attrs, children: [], parent: cur };
    cur.children.push(el);
    if (VOID_ELEMENTS.has(name) || m[4]) continue;
    if (RAW.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, last);
      const stop = end < 0 ? html.length : end;
      el.children.push(
        name === 'title' || name === 'textarea'
          ? decodeHtmlEntities(html.slice(last, stop))
          : html.slice(last, stop),
      );
      const close = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      last = close;
      TAG.lastIndex = close;
      continue;
    }
    cur = el;
  }
  if (last < html.length) cur.children.push(decodeHtmlEntities(html.slice(last)));
  return root;
}

/** Every element below `root`, in document order. */
export function* elements(root: El): Generator<El> {
  for (const c of root.children) {
    if (typeof c === 'string') continue;
    yield c;
    yield* elements(c);
  }
}

export function textOf(el: El): string {
  let out = '';
  for (const c of el.children)
    out += typeof c === 'string' ? c : c.name === 'script' || c.name === 'style' ? '' : ` ${textOf(c)} `;
  return out.replace(/\s+/g, ' ').trim();
}

/** A URL attribute resolved against the page's address (absent when it cannot be). */
export function resolveHref(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}
