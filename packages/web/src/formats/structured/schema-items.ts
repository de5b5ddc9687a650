import { type El, elements, parseTree, resolveHref, textOf } from './html-tree.js';

/**
 * schema.org items of a page in one shape, whatever syntax carried them: JSON-LD objects as
 * they are, microdata (itemscope/itemprop) and RDFa (typeof/property) turned into the same
 * JSON-LD-like objects (`@type` plus properties). Product and menu read these.
 */
export type Item = Record<string, unknown> & { '@type'?: unknown };

const typeName = (t: string) => t.replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/i, '');

/** The item's types without the schema.org prefix. */
export function typesOf(item: unknown): string[] {
  if (!item || typeof item !== 'object') return [];
  const t = (item as Item)['@type'];
  return (Array.isArray(t) ? t : t === undefined ? [] : [t])
    .filter((x) => typeof x === 'string')
    .map(typeName);
}

export const isType = (item: unknown, ...names: string[]) => typesOf(item).some((t) => names.includes(t));

/** Every value of a property as a list. */
export function values(item: unknown, prop: string): unknown[] {
  if (!item || typeof item !== 'object') return [];
  const v = (item as Item)[prop];
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

/** The first value of a property as text (a nested item's `name`, or `@value`). */
export function text(item: unknown, prop: string): string | undefined {
  for (const v of values(item, prop)) {
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
    if (v && typeof v === 'object') {
      const o = v as Item;
      if (typeof o['@value'] === 'string' || typeof o['@value'] === 'number') return String(o['@value']);
      if (typeof o.name === 'string' && o.name.trim()) return o.name.trim();
    }
  }
  return undefined;
}

/** JSON-LD blocks, @graph and arrays flattened, nested objects kept in place. */
function jsonLd(root: El): Item[] {
  const out: Item[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (v && typeof v === 'object') {
      const o = v as Item;
      if (o['@graph']) visit(o['@graph']);
      if (o['@type']) out.push(o);
    }
  };
  for (const el of elements(root)) {
    if (el.name !== 'script' || !/ld\+json/i.test(el.attrs.type ?? '')) continue;
    try {
      visit(JSON.parse(String(el.children[0] ?? '').trim()));
    } catch {
      // A broken block says nothing; the other syntaxes may still carry the data.
    }
  }
  return out;
}

function propertyValue(el: El, base: string): unknown {
  const a = el.attrs;
  if (a.content !== undefined) return a.content;
  if (['a', 'link', 'area'].includes(el.name)) return resolveHref(a.href, base) ?? a.href;
  if (['img', 'source', 'audio', 'video', 'embed', 'iframe'].includes(el.name))
    return resolveHref(a.src, base) ?? a.src;
  if (['data', 'meter'].includes(el.name) && a.value !== undefined) return a.value;
  if (el.name === 'time' && a.datetime) return a.datetime;
  return textOf(el);
}

function add(item: Item, prop: string, value: unknown) {
  const prev = item[prop];
  item[prop] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
}

/** Microdata: an itemscope's properties are the itemprops below it, up to the next itemscope. */
function microdataItem(el: El, base: string): Item {
  const item: Item = {};
  if (el.attrs.itemtype) item['@type'] = el.attrs.itemtype.split(/\s+/).filter(Boolean).map(typeName);
  if (el.attrs.itemid) item['@id'] = el.attrs.itemid;
  const walk = (node: El) => {
    for (const c of node.children) {
      if (typeof c === 'string') continue;
      const props = c.attrs.itemprop?.split(/\s+/).filter(Boolean) ?? [];
      const scoped = 'itemscope' in c.attrs;
      for (const p of props) add(item, p, scoped ? microdataItem(c, base) : propertyValue(c, base));
      if (!scoped) walk(c);
    }
  };
  walk(el);
  return item;
}

/** RDFa (schema.org vocabulary): typeof opens an item, property names its values. */
function rdfaItem(el: El, base: string): Item {
  const item: Item = { '@type': el.attrs.typeof.split(/\s+/).filter(Boolean).map(typeName) };
  if (el.attrs.resource) item['@id'] = el.attrs.resource;
  const walk = (node: El) => {
    for (const c of node.children) {
      if (typeof c === 'string') continue;
      const props = (c.attrs.property ?? '').split(/\s+/).filter(Boolean).map(typeName);
      const scoped = c.attrs.typeof !== undefined;
      for (const p of props) add(item, p, scoped ? rdfaItem(c, base) : propertyValue(c, base));
      if (!scoped) walk(c);
    }
  };
  walk(el);
  return item;
}

export interface PageData {
  tree: El;
  /** Top-level schema.org items: JSON-LD first, then microdata, then RDFa. */
  items: Item[];
  /** Meta tags by lowercased name or property; repeated ones kept. */
  meta: Map<string, string[]>;
}

export function readPage(html: string, base: string): PageData {
  const tree = parseTree(html);
  const items = jsonLd(tree);
  const meta = new Map<string, string[]>();
  for (const el of elements(tree)) {
    const a = el.attrs;
    if ('itemscope' in a && a.itemprop === undefined && !hasScopedAncestor(el))
      items.push(microdataItem(el, base));
    if (a.typeof !== undefined && a.property === undefined && !hasTypedAncestor(el))
      items.push(rdfaItem(el, base));
    if (el.name === 'meta' && a.content !== undefined) {
      const key = (a.property ?? a.name ?? '').toLowerCase();
      if (key) meta.set(key, [...(meta.get(key) ?? []), a.content.trim()]);
    }
  }
  return { tree, items, meta };
}

function hasScopedAncestor(el: El): boolean {
  for (let p = el.parent; p; p = p.parent) if ('itemscope' in p.attrs) return true;
  return false;
}
function hasTypedAncestor(el: El): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.attrs.typeof !== undefined) return true;
  return false;
}

/** Every item, nested ones included (a Product inside an ItemPage, a Menu inside a Restaurant). */
export function allItems(items: Item[]): Item[] {
  const out: Item[] = [];
  const seen = new Set<unknown>();
  const visit = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (v && typeof v === 'object' && !seen.has(v)) {
      seen.add(v);
      if ((v as Item)['@type'] !== undefined) out.push(v as Item);
      for (const [k, x] of Object.entries(v)) if (k !== '@context') visit(x);
    }
  };
  visit(items);
  return out;
}
