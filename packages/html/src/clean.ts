import { attr, type PDocument, type PElement, type PNode, type PParent } from './dom.js';
import type { HeadParts } from './metadata.js';
import { matches, type SelectorList } from './selectors.js';
import { largestSrcset } from './urls.js';

/** Elements whose content never reaches the output. */
const DROP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'audio',
  'video',
  'select',
  'datalist',
  'textarea',
  'input',
  'param',
  'track',
  'map',
  'head',
  'meta',
  'link',
  'base',
  'title',
]);

/** Drop controls whose words are interface, not content, when only the main content is wanted. */
const DROP_IN_MAIN = new Set(['button', 'dialog', 'form-control', 'menu']);

export interface CleanOptions {
  onlyMainContent: boolean;
  include?: SelectorList[];
  exclude?: SelectorList[];
  /** Called for every element before it is judged, for metadata, links and images. */
  checkpoint?: () => void;
}

export interface CleanResult {
  head: HeadParts;
  baseHref?: string;
  /** Hrefs and image sources of the whole page, in document order, as written. */
  hrefs: string[];
  imageSrcs: string[];
  body?: PElement;
  /** Elements that matched includeTags (outermost only), in document order. */
  included: PElement[];
}

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i;

export function isHidden(el: PElement): boolean {
  const attrs = el.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    switch (a.name) {
      case 'hidden':
        return true;
      case 'aria-hidden':
        // Icons and decorative duplicates are aria-hidden; a whole visible teaser sometimes is too.
        if (a.value === 'true' && !hasText(el, 100)) return true;
        break;
      case 'style':
        if (HIDDEN_STYLE.test(a.value)) return true;
        break;
      case 'type':
        if (a.value === 'hidden' && el.tagName === 'input') return true;
        break;
    }
  }
  return false;
}

/** The image a lazy-loading page means: data-src and friends win over a placeholder src. */
export function imageSource(el: PElement): string | undefined {
  const src = attr(el, 'src');
  const lazy = attr(el, 'data-src') ?? attr(el, 'data-lazy-src') ?? attr(el, 'data-original');
  const srcset = attr(el, 'srcset') ?? attr(el, 'data-srcset');
  const best = srcset ? largestSrcset(srcset) : undefined;
  if (best) return best;
  if (lazy && (!src || src.startsWith('data:image/gif') || src.startsWith('data:image/svg'))) return lazy;
  return src ?? lazy;
}

/**
 * One top-down pass: gathers head parts, base, links and images of the whole page, and removes
 * what never reaches the output (scripts, styles, comments, hidden elements, excludeTags).
 */
export function cleanTree(document: PDocument, opts: CleanOptions): CleanResult {
  const head: HeadParts = { metas: [], links: [] };
  const result: CleanResult = { head, hrefs: [], imageSrcs: [], included: [] };
  // Stack entries: a parent whose children still need judging, and whether it lies inside an included element.
  const stack: { node: PParent; inIncluded: boolean; inSvg: boolean }[] = [
    { node: document, inIncluded: false, inSvg: false },
  ];
  let visited = 0;
  while (stack.length > 0) {
    const { node, inIncluded, inSvg } = stack.pop()!;
    const kids = node.childNodes;
    let kept: PNode[] | undefined;
    for (let i = 0; i < kids.length; i++) {
      const child = kids[i];
      let keep = true;
      let included = inIncluded;
      if (child.nodeName === '#comment' || child.nodeName === '#documentType') keep = false;
      else if ((child as PElement).tagName !== undefined) {
        const el = child as PElement;
        const tag = el.tagName;
        if ((++visited & 1023) === 0) opts.checkpoint?.();
        gather(el, tag, result, inSvg);
        if (tag === 'noscript' && !inSvg && textOf(el).trim().length > 300) {
          stack.push({ node: el, inIncluded: included, inSvg });
        } else if (tag === 'head' || tag === 'svg' || tag === 'noscript') {
          // Head and SVG hold metadata (and titles) we read, but nothing we render.
          stack.push({ node: el, inIncluded: false, inSvg: tag === 'svg' || inSvg });
          keep = false;
        } else if (inSvg || DROP.has(tag) || isHidden(el)) keep = false;
        else if (opts.onlyMainContent && DROP_IN_MAIN.has(tag)) keep = false;
        else if (opts.exclude?.some((s) => matches(el, s))) keep = false;
        else {
          if (!inIncluded && opts.include && opts.include.some((s) => matches(el, s))) {
            result.included.push(el);
            included = true;
          }
          if (tag === 'body' && !result.body) result.body = el;
          stack.push({ node: el, inIncluded: included, inSvg });
        }
      }
      if (!keep) {
        if (!kept) kept = kids.slice(0, i);
      } else if (kept) kept.push(child);
    }
    if (kept) node.childNodes = kept;
  }
  // Document order for included elements: the stack visits children last-first.
  if (result.included.length > 1) result.included = documentOrder(document, new Set(result.included));
  return result;
}

function gather(el: PElement, tag: string, r: CleanResult, inSvg: boolean): void {
  switch (tag) {
    case 'a':
    case 'area': {
      const href = attr(el, 'href');
      if (href !== undefined) r.hrefs.push(href);
      break;
    }
    case 'img': {
      const src = imageSource(el);
      if (src) r.imageSrcs.push(src);
      break;
    }
    case 'source': {
      const srcset = attr(el, 'srcset');
      const best = srcset ? largestSrcset(srcset) : attr(el, 'src');
      if (best && (el.parentNode as PElement | null)?.tagName === 'picture') r.imageSrcs.push(best);
      break;
    }
    case 'meta':
      r.head.metas.push(el);
      break;
    case 'link':
      r.head.links.push(el);
      break;
    case 'title':
      if (!inSvg && r.head.title === undefined) r.head.title = textOf(el);
      break;
    case 'base': {
      const href = attr(el, 'href');
      if (href !== undefined && r.baseHref === undefined) r.baseHref = href;
      break;
    }
    case 'html': {
      const lang = attr(el, 'lang') ?? attr(el, 'xml:lang');
      if (lang && r.head.lang === undefined) r.head.lang = lang;
      break;
    }
  }
}

/** True when the element holds at least `min` characters of text; stops early. */
function hasText(el: PElement, min: number): boolean {
  let n = 0;
  let budget = 200;
  const stack: PNode[] = [el];
  while (stack.length && budget-- > 0) {
    const c = stack.pop()!;
    if (c.nodeName === '#text') {
      n += (c as { value: string }).value.trim().length;
      if (n >= min) return true;
    } else {
      const kids = (c as PParent).childNodes;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return false;
}

/** Text content, iteratively. */
export function textOf(el: PElement): string {
  let out = '';
  const stack: PNode[] = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') out += (n as { value: string }).value;
    else {
      const kids = (n as PParent).childNodes;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return out;
}

function documentOrder(document: PDocument, want: Set<PElement>): PElement[] {
  const out: PElement[] = [];
  const stack: PNode[] = [...document.childNodes];
  while (stack.length) {
    const n = stack.pop()!;
    if (want.has(n as PElement)) {
      out.push(n as PElement);
      continue;
    }
    const kids = (n as PParent).childNodes;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}
