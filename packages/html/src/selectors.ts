import { compile, type Options, selectAll } from 'css-select';
import { attr, isElement, type PElement, type PNode, type PParent } from './dom.js';

// css-select 6.0.0 uses its Adapter type without exporting it (the DTS build failed on the
// import); the adapter option's type is the same thing.
type Adapter<N, E extends N> = NonNullable<Options<N, E>['adapter']>;

/**
 * includeTags / excludeTags as full CSS selectors (`:not()`, `:nth-child()`, sibling
 * combinators, attribute operators, …) through css-select, over parse5's tree by an adapter.
 * A selector css-select cannot parse is invalid and matches nothing (the caller warns).
 */
export interface SelectorList {
  source: string;
  test: (el: PElement) => boolean;
}

type Node = PNode | PParent;

const childNodes = (n: Node): Node[] => ((n as PParent).childNodes as Node[] | undefined) ?? [];

/** css-select's view of parse5's default tree. */
const adapter: Adapter<Node, PElement> = {
  isTag: (n): n is PElement => isElement(n as PNode),
  getAttributeValue: (el, name) => attr(el, name),
  hasAttrib: (el, name) => attr(el, name) !== undefined,
  getChildren: childNodes,
  getName: (el) => el.tagName,
  getParent: (el) => (el.parentNode as Node | null) ?? null,
  getSiblings: (n) => {
    const p = (n as PNode).parentNode as Node | null;
    return p ? childNodes(p) : [n];
  },
  prevElementSibling: (n) => {
    const p = (n as PNode).parentNode as Node | null;
    if (!p) return null;
    const kids = childNodes(p);
    for (let i = kids.indexOf(n) - 1; i >= 0; i--)
      if (isElement(kids[i] as PNode)) return kids[i] as PElement;
    return null;
  },
  getText: (n) => {
    // Iterative: a 100,000-deep page must not overflow the stack in :contains().
    let out = '';
    const stack: Node[] = [n];
    while (stack.length) {
      const x = stack.pop()!;
      if ((x as PNode).nodeName === '#text') out += (x as { value: string }).value;
      else {
        const kids = childNodes(x);
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
      }
    }
    return out;
  },
  removeSubsets: (nodes) =>
    nodes.filter((n, i) => {
      for (let p = (n as PNode).parentNode as Node | null; p; p = (p as PNode).parentNode as Node | null)
        if (nodes.includes(p)) return false;
      return nodes.indexOf(n) === i;
    }),
  equals: (a, b) => a === b,
};

const OPTIONS = { adapter, xmlMode: false, cacheResults: false } as const;

/** Parses a selector list; undefined when css-select cannot parse it. */
export function parseSelector(source: string): SelectorList | undefined {
  try {
    const query = compile<Node, PElement>(source, OPTIONS);
    return { source, test: (el) => query(el) };
  } catch {
    return undefined;
  }
}

export function matches(el: PElement, list: SelectorList): boolean {
  return list.test(el);
}

/**
 * Every element under a root that matches any of the lists, decided on the tree as parsed,
 * before cleaning removes anything (so `:nth-child` and `~` count the page's own siblings).
 */
export function selectMatching(root: PParent, lists: SelectorList[]): Set<PElement> {
  const out = new Set<PElement>();
  for (const l of lists)
    for (const el of selectAll<Node, PElement>(l.source, root as Node, OPTIONS)) out.add(el);
  return out;
}
