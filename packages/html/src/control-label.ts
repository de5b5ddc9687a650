import {
  attr,
  childrenOf,
  fullText,
  isElement,
  type PElement,
  type PNode,
  type PParent,
  textOf,
} from './dom.js';

/** Input types that are buttons or carry nothing the reader fills in or picks. */
const NOT_ENTRY = /^(?:hidden|submit|button|image|reset)$/i;
/** Characters of a label at most: longer, it says something of its own (a consent's terms). */
const LABEL_MAX = 80;
/** Boxes around a label looked in for the field its `for` names. */
const UP = 3;
/** Nodes looked at under a label for the field it holds, and in each box around it for its `for`. */
const BUDGET = 200;

/**
 * The first element under `root` (root itself not included) that `hit` accepts, looking at no
 * more than BUDGET nodes: a label or box the size of a page costs no more than a small one.
 */
function findBelow(root: PElement, hit: (el: PElement) => boolean): PElement | undefined {
  let budget = BUDGET;
  const stack: PNode[] = [...childrenOf(root)];
  while (stack.length) {
    if (budget-- <= 0) return undefined;
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    if (hit(n)) return n;
    stack.push(...childrenOf(n));
  }
  return undefined;
}

/** The field a label names: held by it, or the element right beside it. */
function labelled(label: PElement): PElement | undefined {
  const held = findBelow(label, isEntry);
  if (held) return held;
  const sibs = (label.parentNode as PElement | null)?.childNodes ?? [];
  const i = sibs.indexOf(label);
  const before = nearElement(sibs, i, -1);
  if (isEntry(before)) return before;
  const after = nearElement(sibs, i, 1);
  if (isEntry(after)) return after;
  const id = attr(label, 'for')?.trim();
  return id ? namedNearby(label, id) : undefined;
}

/**
 * The field a label names by id (`for`), looked for in the boxes around the label, where forms
 * set it: in the next cell or row ("Sorted by:" over a sort menu, "Email address" over a box).
 * Only a field that takes a typed or picked value: a checkbox or radio button named from afar
 * may be an accordion's toggle, whose label is a FAQ's question.
 */
function namedNearby(label: PElement, id: string): PElement | undefined {
  let box: PElement | undefined = label;
  for (let up = 0; up < UP && box; up++) {
    const parent = box.parentNode as PNode | null;
    box = parent && isElement(parent) ? parent : undefined;
    const found = box && findById(box, id);
    if (found) return found;
  }
  return undefined;
}

function findById(root: PElement, id: string): PElement | undefined {
  const n = findBelow(root, (el) => attr(el, 'id') === id);
  return n && isEntry(n) && !/^(?:checkbox|radio)$/i.test(attr(n, 'type') ?? '') ? n : undefined;
}

/** A field the reader fills in or picks from: a text box, a radio button, a checkbox, a list. */
function isEntry(n: PNode | undefined): boolean {
  const tag = (n as PElement | undefined)?.tagName;
  if (tag === 'select' || tag === 'textarea') return true;
  return tag === 'input' && !NOT_ENTRY.test(attr(n as PElement, 'type') ?? '');
}

/** The element sibling next to index `i` in direction `step`, text between skipped. */
function nearElement(sibs: PNode[], i: number, step: number): PElement | undefined {
  for (let j = i + step; j >= 0 && j < sibs.length; j += step) {
    const s = sibs[j] as PElement;
    if (s.tagName !== undefined) return s;
  }
  return undefined;
}

const isCheckbox = (el: PElement) => el.tagName === 'input' && attr(el, 'type')?.toLowerCase() === 'checkbox';
const key = (label: PElement) => fullText(label).replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Labels naming a field the reader fills in or picks from, held by it or set right beside it
 * (`<input type=radio><label for=…>30 oz</label>`): a product's sizes, a quantity box, a sort
 * order, a quiz's answers. The field itself never reaches the output (an `<input>` has no text),
 * so its label is left naming nothing: interface, like a button. Found by the field, not by what
 * the label says or the names it carries; a label whose field sits farther off is found by its
 * `for` in the few boxes around it, and one naming a field across the page is left alone.
 * A label of more than LABEL_MAX characters says something of its own and stays.
 *
 * A checkbox's label goes only when the same words label another checkbox (every swatch's
 * "Swatch", every card's "Compare"): a recipe's ingredients and a to-do list are checkboxes too,
 * each labelled with its own item, and those items are the content. The page is read for
 * repeated checkbox labels once, on the first one met.
 */
export class ControlLabels {
  private repeated?: Set<string>;

  constructor(private readonly root: PParent) {}

  drop(el: PElement): boolean {
    // Raw text: indentation and line breaks are not the label's words.
    if (
      textOf(el, 4 * LABEL_MAX)
        .replace(/\s+/g, ' ')
        .trim().length > LABEL_MAX
    )
      return false;
    const field = labelled(el);
    if (!field) return false;
    if (!isCheckbox(field)) return true;
    this.repeated ??= repeatedCheckboxLabels(this.root);
    return this.repeated.has(key(el));
  }
}

/** The texts that label more than one checkbox on the page. */
function repeatedCheckboxLabels(root: PParent): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const stack: (PNode | PParent)[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    const el = n as PElement;
    if (el.tagName === 'label') {
      const field = labelled(el);
      if (field && isCheckbox(field)) {
        const k = key(el);
        if (k && seen.has(k)) repeated.add(k);
        seen.add(k);
      }
      continue;
    }
    const kids = el.childNodes;
    if (kids) for (const k of kids) stack.push(k);
  }
  return repeated;
}
