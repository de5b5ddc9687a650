import { collapsedPanel } from './collapsed-panel.js';
import { ControlLabels } from './control-label.js';
import { attr, fullText, type PDocument, type PElement, type PNode, type PParent } from './dom.js';
import type { HeadParts } from './metadata.js';
import { isMainLandmark, revealedInMain } from './revealed.js';
import { ruleOn } from './rule-switch.js';
import { type SelectorList, selectMatching } from './selectors.js';
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

/**
 * A link that goes nowhere and calls itself a button is a button drawn by a script (a forum
 * quote's "Click to expand...", a post's Like): interface, like <button>. A disclosure heading
 * that names its panel (aria-controls, aria-expanded) is kept, its words title the panel.
 */
function scriptButton(el: PElement): boolean {
  return (
    el.tagName === 'a' &&
    attr(el, 'role') === 'button' &&
    attr(el, 'href') === undefined &&
    attr(el, 'aria-controls') === undefined &&
    attr(el, 'aria-expanded') === undefined &&
    hasText(el, 1) &&
    ruleOn('script-button')
  );
}

export interface CleanOptions {
  onlyMainContent: boolean;
  include?: SelectorList[];
  exclude?: SelectorList[];
  /** Ids named by `aria-controls` on the page: collapsed panels they name are kept. */
  controlled?: Set<string>;
  /** Called for every element before it is judged, for metadata, links and images. */
  checkpoint?: () => void;
}

export interface CleanResult {
  head: HeadParts;
  baseHref?: string;
  /** Hrefs and image sources of the whole page, in document order, as written. */
  hrefs: string[];
  /** The page's img and picture-source elements, in document order (read on demand: `imageSrcs`). */
  imageEls: PElement[];
  body?: PElement;
  /** Elements that matched includeTags (outermost only), in document order. */
  included: PElement[];
}

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i;

/** True when `el`, or an element child of it, is a panel some control opens. */
function isPanel(el: PElement, controlled: Set<string>): boolean {
  const id = attr(el, 'id');
  if (id && controlled.has(id)) return true;
  for (const c of el.childNodes) {
    const cid = (c as PElement).tagName !== undefined ? attr(c as PElement, 'id') : undefined;
    if (cid && controlled.has(cid)) return true;
  }
  return false;
}

export function isHidden(el: PElement, controlled?: Set<string>): boolean {
  const attrs = el.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    switch (a.name) {
      case 'hidden':
        // React's streaming render sends a suspended boundary's content in <div hidden id="S:0">
        // and its script moves it into place: that is the page, not hidden content.
        if (el.tagName === 'div' && /^S:\d+$/.test(attr(el, 'id') ?? '')) break;
        if (controlled && isPanel(el, controlled)) break;
        return true;
      case 'aria-hidden':
        // Icons and decorative duplicates are aria-hidden; a whole visible teaser sometimes is too.
        if (a.value === 'true' && !hasText(el, 100)) return true;
        break;
      case 'style':
        if (HIDDEN_STYLE.test(a.value) && !(controlled && isPanel(el, controlled))) return true;
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
  const result: CleanResult = { head, hrefs: [], imageEls: [], included: [] };
  // Pre-order with an explicit stack (children pushed last-first), so links and images are
  // gathered in document order. A detached entry was dropped from the output but is still
  // walked for metadata, links and images (the whole page's).
  interface Entry {
    node: PParent;
    inIncluded: boolean;
    inSvg: boolean;
    detached: boolean;
  }
  const excluded = opts.exclude ? selectMatching(document, opts.exclude) : undefined;
  const includedEls = opts.include ? selectMatching(document, opts.include) : undefined;
  const stack: Entry[] = [{ node: document, inIncluded: false, inSvg: false, detached: false }];
  const next: Entry[] = [];
  let visited = 0;
  // A hidden box that is nearly all of a main landmark is shown by script: kept (revealed.ts).
  const revealed = new Set<PElement>();
  // A collapsed accordion panel under its visible title is the page's text (collapsed-panel.ts).
  const hidden = (el: PElement) => isHidden(el, opts.controlled);
  const dropHidden = (el: PElement) =>
    hidden(el) && !revealed.has(el) && !(collapsedPanel(el, hidden) && ruleOn('collapsed-panel'));
  // Labels left naming the form fields dropped above (control-label.ts).
  const fieldLabels = new ControlLabels(document);
  const controlLabel = (el: PElement) =>
    el.tagName === 'label' && fieldLabels.drop(el) && ruleOn('control-label');
  while (stack.length > 0) {
    const { node, inIncluded, inSvg, detached } = stack.pop()!;
    const tagName = (node as PElement).tagName;
    if (tagName !== undefined) {
      if ((++visited & 1023) === 0) opts.checkpoint?.();
      gather(node as PElement, tagName, result, inSvg);
    }
    const kids = node.childNodes;
    next.length = 0;
    if (detached) {
      for (const c of kids) {
        const t = (c as PElement).tagName;
        if (t !== undefined)
          next.push({ node: c as PElement, inIncluded: false, inSvg: inSvg || t === 'svg', detached });
      }
    } else {
      let kept: PNode[] | undefined;
      for (let i = 0; i < kids.length; i++) {
        const child = kids[i];
        let keep = true;
        if (child.nodeName === '#comment' || child.nodeName === '#documentType') keep = false;
        else if ((child as PElement).tagName !== undefined) {
          const el = child as PElement;
          const tag = el.tagName;
          if (tag === 'noscript' && !inSvg && fullText(el).trim().length > 300) {
            next.push({ node: el, inIncluded, inSvg, detached: false });
          } else if (inSvg || DROP.has(tag) || dropHidden(el) || tag === 'svg') {
            // Head and SVG hold metadata (and titles) we read, but nothing we render.
            keep = false;
            next.push({ node: el, inIncluded: false, inSvg: inSvg || tag === 'svg', detached: true });
          } else if (
            (opts.onlyMainContent && (DROP_IN_MAIN.has(tag) || scriptButton(el) || controlLabel(el))) ||
            excluded?.has(el)
          ) {
            keep = false;
            next.push({ node: el, inIncluded: false, inSvg, detached: true });
          } else {
            let included = inIncluded;
            if (!inIncluded && includedEls?.has(el)) {
              result.included.push(el);
              included = true;
            }
            if (tag === 'body' && !result.body) result.body = el;
            if (isMainLandmark(el)) {
              const box = revealedInMain(el, hidden);
              if (box && ruleOn('revealed-main')) revealed.add(box);
            }
            next.push({ node: el, inIncluded: included, inSvg, detached: false });
          }
        }
        if (!keep) {
          if (!kept) kept = kids.slice(0, i);
        } else if (kept) kept.push(child);
      }
      if (kept) node.childNodes = kept;
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
  }
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
    case 'img':
      r.imageEls.push(el);
      break;
    case 'source':
      if ((el.parentNode as PElement | null)?.tagName === 'picture') r.imageEls.push(el);
      break;
    case 'meta':
      r.head.metas.push(el);
      break;
    case 'link':
      r.head.links.push(el);
      break;
    case 'title':
      if (!inSvg && r.head.title === undefined) r.head.title = fullText(el);
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

/** Image sources of the gathered elements, as written (srcset read only when asked for). */
export function imageSrcs(els: readonly PElement[]): string[] {
  const out: string[] = [];
  for (const el of els) {
    let src: string | undefined;
    if (el.tagName === 'img') src = imageSource(el);
    else {
      const srcset = attr(el, 'srcset');
      src = srcset ? largestSrcset(srcset) : attr(el, 'src');
    }
    if (src) out.push(src);
  }
  return out;
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
