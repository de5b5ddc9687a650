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
 *
 * The outermost hidden elements under main are found first, by their tags and attributes only,
 * and the text of those with children measured: main's own text is measured only when one of
 * them holds enough to be a page, which few main landmarks have (icons, collapsed menus and
 * hidden inputs are far smaller).
 */
export function revealedInMain(main: PElement, hidden: (el: PElement) => boolean): PElement | undefined {
  if (main.tagName === 'script' || main.tagName === 'style') return undefined;
  const boxes: [PElement, number][] = [];
  const stack: PElement[] = [main];
  while (stack.length) {
    const el = stack.pop()!;
    for (const c of el.childNodes) {
      const ce = c as PElement;
      // Without children an element holds no text; scripts and styles are not the page's.
      if (ce.tagName === undefined || !ce.childNodes?.length) continue;
      if (ce.tagName === 'script' || ce.tagName === 'style') continue;
      if (!hidden(ce)) stack.push(ce);
      else {
        const len = textLength(ce);
        if (len >= REVEAL_MIN) boxes.push([ce, len]);
      }
    }
  }
  if (boxes.length === 0) return undefined;
  const total = textLength(main);
  for (const [el, len] of boxes) if (len >= total * REVEAL_SHARE) return el;
  return undefined;
}

/** Characters of text below `root`, each text node trimmed; scripts and styles left out. */
function textLength(root: PElement): number {
  let total = 0;
  const stack: PNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') {
      total += (n as { value: string }).value.trim().length;
      continue;
    }
    const el = n as PElement;
    if (el.tagName === undefined || !el.childNodes) continue;
    // Scripts and styles are emptied by the prescan; their text is not the page's anyway.
    if (el.tagName === 'script' || el.tagName === 'style') continue;
    for (const c of el.childNodes) stack.push(c);
  }
  return total;
}
