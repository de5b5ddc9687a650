import { attr, type PElement, type PNode } from './dom.js';

/** Share of the main landmark's text a hidden box must hold to be the page itself. */
const REVEAL_SHARE = 0.9;
/** Characters of text below which a hidden box is a placeholder, not a page. */
const REVEAL_MIN = 500;

/** The page's main landmark: `<main>` or an element with role=main. */
export function isMainLandmark(el: PElement): boolean {
  return el.tagName === 'main' || attr(el, 'role') === 'main';
}

/**
 * The hidden box that holds nearly all of a main landmark's text, if there is one. A store's
 * lockdown or age-gate app wraps the content of `<main>` in `display:none` and shows it by
 * script once it has checked the visitor: read as hidden, the page would lose its content and
 * keep only its header and footer (WCXB dev 0638, a collection's product grid). Told by
 * structure, not by the app's name: the page does not hide its main region from readers, so a
 * hidden element that is almost all of it is the region. A hidden box beside visible content
 * in main (a republish dialog holding a copy of the story, a sign-in panel) holds part of its
 * text, and stays hidden.
 */
export function revealedInMain(main: PElement, hidden: (el: PElement) => boolean): PElement | undefined {
  let total = 0;
  // The outermost hidden elements under main and the text each holds.
  const boxes = new Map<PElement, number>();
  const stack: [PNode, PElement | undefined][] = [[main, undefined]];
  while (stack.length) {
    const [n, box] = stack.pop()!;
    if (n.nodeName === '#text') {
      const len = (n as { value: string }).value.trim().length;
      total += len;
      if (box) boxes.set(box, (boxes.get(box) ?? 0) + len);
      continue;
    }
    const el = n as PElement;
    if (el.tagName === undefined || !el.childNodes) continue;
    // Scripts and styles are emptied by the prescan; their text is not the page's anyway.
    if (el.tagName === 'script' || el.tagName === 'style') continue;
    let owner = box;
    if (!owner && el !== main && hidden(el)) {
      owner = el;
      boxes.set(el, 0);
    }
    for (const c of el.childNodes) stack.push([c, owner]);
  }
  for (const [el, len] of boxes) if (len >= REVEAL_MIN && len >= total * REVEAL_SHARE) return el;
  return undefined;
}
