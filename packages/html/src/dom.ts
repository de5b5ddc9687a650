import { VOID_ELEMENTS } from '@distill/core';
import { type DefaultTreeAdapterMap, defaultTreeAdapter, type TreeAdapter } from 'parse5';
import { RunParser } from './run-tokenizer.js';

/** parse5's default tree, named for what this package uses. */
export type PNode = DefaultTreeAdapterMap['childNode'];
export type PElement = DefaultTreeAdapterMap['element'];
export type PText = DefaultTreeAdapterMap['textNode'];
export type PDocument = DefaultTreeAdapterMap['document'];
export type PParent = DefaultTreeAdapterMap['parentNode'];

export const isElement = (n: PNode): n is PElement => (n as PElement).tagName !== undefined;
export const isText = (n: PNode): n is PText => n.nodeName === '#text';

export function attr(el: PElement, name: string): string | undefined {
  const attrs = el.attrs;
  for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return attrs[i].value;
  return undefined;
}

export function childrenOf(n: PNode): PNode[] {
  return (n as PParent).childNodes ?? [];
}

/** HTML's void elements, from core (scrape's structured-data reader shares them). */
export { VOID_ELEMENTS };

/**
 * XHTML served as a file is XML: `<div/>` closes itself there but opens a div in HTML. When the
 * source is XML (declaration or XHTML namespace), self-closed non-void elements are expanded so
 * the HTML parser builds the tree an XML parser would; CDATA sections become text.
 */
export function xhtmlToHtml(source: string): string {
  if (!/^\s*(<\?xml|<!DOCTYPE[^>]*XHTML|<html[^>]*xmlns=)/i.test(source.slice(0, 2048))) return source;
  return source
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, t: string) =>
      t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .replace(/<([A-Za-z][\w:.-]*)(\s[^<>]*?)?\/>/g, (m, tag: string, rest: string | undefined) => {
      const local = tag.toLowerCase().replace(/^.*:/, '');
      return VOID_ELEMENTS.has(local) ? m : `<${tag}${rest ?? ''}></${tag}>`;
    });
}

const CHUNK = 1 << 20;

/** Where the tree builder below records `aria-controls` ids during one parse (parses are synchronous). */
let controls: Set<string> | undefined;

/**
 * parse5's tree builder, noting on the way the ids that elements name in `aria-controls` (the
 * panels of accordions, tabs and disclosures): read off the attributes as the parser creates
 * them, so text that merely looks like the attribute (a code sample) does not count, and no
 * extra walk over the page or the tree is needed. One object for every parse, so parse5's calls
 * into it stay monomorphic.
 */
const recordingAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
  ...defaultTreeAdapter,
  createElement(tagName, namespaceURI, attrs) {
    if (controls)
      for (let i = 0; i < attrs.length; i++)
        if (attrs[i].name === 'aria-controls')
          for (const id of attrs[i].value.split(/\s+/)) if (id) controls.add(id);
    return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
  },
};

/**
 * Parses in 1 MB chunks through parse5's streaming tokenizer (reading text in runs:
 * run-tokenizer.ts), calling `checkpoint` between
 * chunks, so a timeout stops a huge page during parsing instead of after it. When `controlled`
 * is given, the ids named in `aria-controls` attributes are added to it.
 */
export function parseHtml(source: string, checkpoint?: () => void, controlled?: Set<string>): PDocument {
  // Scripting off: <noscript> content is parsed as markup, since some sites (Discourse) put the
  // whole readable page there; the clean pass keeps a noscript only when it holds real text.
  const parser = new RunParser({
    scriptingEnabled: false,
    treeAdapter: recordingAdapter,
  });
  controls = controlled;
  try {
    if (source.length <= CHUNK || !checkpoint) {
      parser.tokenizer.write(source, true);
      return parser.document;
    }
    for (let i = 0; i < source.length; i += CHUNK) {
      checkpoint();
      parser.tokenizer.write(source.slice(i, i + CHUNK), i + CHUNK >= source.length);
    }
    return parser.document;
  } finally {
    controls = undefined;
  }
}

/** An element's id and class names, joined by a space (what the name rules are tested on). */
export function hints(el: PElement): string {
  const id = attr(el, 'id');
  const cls = attr(el, 'class');
  return id ? (cls ? `${id} ${cls}` : id) : (cls ?? '');
}

/**
 * An element's text, the walk stopping once it holds `max` characters: a few hundred by default,
 * for short labels such as link texts.
 */
export function textOf(el: PElement, max = 200): string {
  let out = '';
  const stack: PNode[] = [el];
  while (stack.length && out.length < max) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') out += (n as { value: string }).value;
    else {
      const kids = (n as PElement).childNodes;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return out;
}

/** An element's whole text. */
export function fullText(el: PElement): string {
  return textOf(el, Number.POSITIVE_INFINITY);
}

/** Whether `el` is `anc` or stands inside it. */
export function within(el: PElement, anc: PElement): boolean {
  for (let e: PElement | null = el; e; e = e.parentNode as PElement | null) if (e === anc) return true;
  return false;
}

/**
 * Calls `visit` on every sibling after `from` in document order, then on those after its
 * parent, and so on up to (not past) `top`'s children: what stands after `from` inside `top`,
 * inner levels first. `top` must be an ancestor of `from`.
 */
export function eachFollowingUpTo(from: PElement, top: PElement, visit: (e: PElement) => void): void {
  for (let n = from; n !== top; ) {
    const p = n.parentNode as PElement;
    const ks = p.childNodes;
    for (let k = ks.indexOf(n) + 1; k < ks.length; k++) visit(ks[k] as PElement);
    n = p;
  }
}
