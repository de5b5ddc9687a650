import { type PElement, type PNode, textOf } from './dom.js';

/** Characters of the visible title over a panel at most: a question, a step's name, a course's. */
const TITLE_MAX = 200;
/** Element children of the item (title, panel, perhaps an icon) at most. */
const ITEM_KIDS = 3;
/** Characters of the panel read at most, and the text it must hold: a sentence, not a label. */
const PANEL_READ = 2000;
const PANEL_MIN = 80;
/** Share of the panel's text in links above which it is a menu's dropdown, not an answer. */
const LINK_SHARE = 0.5;

/**
 * A collapsed panel of an accordion: an FAQ's answer, a course's description, a step's details,
 * hidden by an inline style or the `hidden` attribute until its title is clicked, with no
 * `aria-controls` naming it (those clean.ts keeps already). The page sends the text and the
 * reader opens it; WCXB's references keep it (dev 4913: five answers under their questions, each
 * `visibility:hidden`, were a third of the page's reference). Told by the item's shape: the panel
 * stands right after a short visible title in a box of at most ITEM_KIDS elements, and holds
 * text rather than links, since a navigation bar's dropdown has the same shape (a menu title over
 * a hidden list of links) and is not content. Neither the words nor the class names are read.
 *
 * `hidden` is clean.ts's test of an element, asked here of the title.
 */
export function collapsedPanel(el: PElement, hidden: (el: PElement) => boolean): boolean {
  const parent = el.parentNode as PElement | null;
  if (!parent?.childNodes) return false;
  if (!accordionItem(el, parent, hidden)) return false;
  const { text, linked } = panelText(el);
  return text >= PANEL_MIN && linked < text * LINK_SHARE;
}

/** The panel stands right after a short visible title, in a box of at most ITEM_KIDS elements. */
function accordionItem(el: PElement, parent: PElement, hidden: (el: PElement) => boolean): boolean {
  let kids = 0;
  let title: PElement | undefined;
  let seen = false;
  for (const c of parent.childNodes) {
    if ((c as PElement).tagName === undefined) continue;
    if (++kids > ITEM_KIDS) return false;
    if (c === el) seen = true;
    else if (!seen) title = c as PElement;
  }
  if (!title || hidden(title)) return false;
  const head = textOf(title, TITLE_MAX + 1).trim();
  return head !== '' && head.length <= TITLE_MAX;
}

/** Characters of the panel's text, and of those inside links, read up to PANEL_READ characters. */
function panelText(el: PElement): { text: number; linked: number } {
  let text = 0;
  let linked = 0;
  const stack: [PNode, boolean][] = [[el, false]];
  while (stack.length && text < PANEL_READ) {
    const [n, inLink] = stack.pop()!;
    if (n.nodeName === '#text') {
      const len = (n as { value: string }).value.trim().length;
      text += len;
      if (inLink) linked += len;
      continue;
    }
    const e = n as PElement;
    if (e.tagName === 'script' || e.tagName === 'style' || e.tagName === 'template') continue;
    const kids = e.childNodes;
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], inLink || e.tagName === 'a']);
  }
  return { text, linked };
}
