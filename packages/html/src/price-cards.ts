import { attr, fullText, type PElement, type PNode, within } from './dom.js';
import { ruleOn } from './rule-switch.js';
import { HEADING_TAGS, TEASER_ITEMS, TEASER_PARENTS } from './rules.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * Other products' cards on a product's page: "customers also viewed", "similar items",
 * "complete the look", sponsored carousels. Each card is a short box with a price, a link to
 * another product's page and a picture or a name heading, repeated three times or more under
 * one parent. On a page about one product they are the shop's, not the product's (WCXB's
 * product references leave them out); on a listing or a category page such cards are the
 * content, so the rule acts only where the page shows one product of its own: its title (the
 * first h1) in a compact box beside a price standing alone (the buy box), the cards outside
 * that box. Told by shape and by a currency sign or code beside a figure, whatever the
 * language or the class names.
 */

/** A price: a currency sign beside a figure ($19.95, 13,29 €), or a currency code before one (EUR 23.06). */
const PRICE = /\p{Sc}\s?\d|\d\s?\p{Sc}|\b[A-Z]{3}\s?\d+[.,]\d\d\b/u;
/** A text that is a price and nothing else ("$35.00", "EUR 355.58", "13,29€"): a buy box's. */
const PRICE_ONLY = /^\W{0,2}(?:\p{Sc}\s?\d[\d.,\s]*|\d[\d.,\s]*\p{Sc}|[A-Z]{3}\s?\d[\d.,]*)\W{0,2}$/u;
/** Characters a price standing alone runs to at most. */
const PRICE_TEXT = 24;

/** Characters one product card holds at most: a name, a price or two, a rating, a badge. */
const CARD_TEXT = 500;
/** Characters of the label over a card row ("Customers also viewed") at most. */
const LABEL = 80;
/** Prices standing alone a buy box holds at most: the price, a former one, a unit price. */
const BUY_PRICES = 3;

/** Elements a card's walk reads at most (a shop's card nests its text deep). */
const CARD_WALK = 3000;

interface CardFacts {
  price: boolean;
  away: boolean;
  picture: boolean;
}

/** What a card holds, read in one bounded walk: a price, a link to another page, a picture or heading. */
function cardFacts(el: PElement): CardFacts {
  const f: CardFacts = { price: false, away: false, picture: false };
  const stack: PNode[] = [el];
  let budget = CARD_WALK;
  while (stack.length && budget-- > 0) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') {
      if (!f.price && PRICE.test((n as { value: string }).value)) f.price = true;
      continue;
    }
    const e = n as PElement;
    if (e.tagName === undefined) continue;
    if (e.tagName === 'a' && !f.away) {
      const href = (attr(e, 'href') ?? '').trim();
      f.away = href !== '' && !href.startsWith('#') && !/^javascript:/i.test(href);
    }
    if (e.tagName === 'img' || e.tagName === 'picture' || HEADING_TAGS.has(e.tagName)) f.picture = true;
    for (const c of e.childNodes) stack.push(c);
  }
  return f;
}

/** Three or more like children of `el`, three in four of its children with text, each a product card. */
function cardRow(el: PElement, stats: StatsMap): boolean {
  if (!TEASER_PARENTS.has(el.tagName)) return false;
  // Counted first without reading the cards: most elements have fewer than three children.
  const items: PElement[] = [];
  for (const k of el.childNodes) {
    const c = k as PElement;
    if (c.tagName !== undefined && (stats.get(c)?.text ?? 0) > 0) items.push(c);
  }
  if (items.length < 3) return false;
  const tag = items[0].tagName;
  let misses = 0;
  for (const c of items) {
    let card = c.tagName === tag && TEASER_ITEMS.has(tag) && stats.get(c)!.text <= CARD_TEXT;
    if (card) {
      const f = cardFacts(c);
      card = f.price && f.away && f.picture;
    }
    if (!card && ++misses > items.length * 0.25) return false;
  }
  return true;
}

/**
 * A card row, or the box holding one under its label ("Pairs well with", "Similar items"): the
 * row and, beside it, at most LABEL characters of text, so that the label does not stay behind
 * as a heading over nothing.
 */
function labelledRow(el: PElement, stats: StatsMap): boolean {
  if (cardRow(el, stats)) return true;
  if (!TEASER_PARENTS.has(el.tagName)) return false;
  let row: PElement | undefined;
  let rest = 0;
  for (const k of el.childNodes) {
    const c = k as PElement;
    if (c.tagName === undefined) {
      if (c.nodeName === '#text') rest += (c as unknown as { value: string }).value.trim().length;
      continue;
    }
    const t = stats.get(c)?.text ?? 0;
    if (t === 0) continue;
    if (!row && t > LABEL && cardRow(c, stats)) row = c;
    else rest += t;
    if (rest > LABEL) return false;
  }
  return row !== undefined;
}

/**
 * The buy box: the smallest box around the page's first h1 that holds a price standing alone
 * outside other products' card rows, when it holds BUY_PRICES such prices at most (a price, a
 * former price, a unit price). A category's title stands over its grid: the box around it holds
 * the grid's prices, a dozen or more, in cards this test may not read as such (a rating's stars,
 * no link). One walk of the page, made on the first card row.
 */
function buyBox(body: PElement, h1: PElement | undefined, stats: StatsMap): PElement | undefined {
  if (!h1) return undefined;
  const prices: PElement[] = [];
  const stack: PElement[] = [body];
  while (stack.length) {
    const e = stack.pop()!;
    const s = stats.get(e);
    if (!s || s.text === 0 || e === h1) continue;
    if (s.text <= PRICE_TEXT && PRICE_ONLY.test(fullText(e).trim())) {
      prices.push(e);
      continue;
    }
    if (cardRow(e, stats)) continue;
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  for (
    let box = h1.parentNode as PElement | null;
    box?.tagName !== undefined;
    box = box.parentNode as PElement | null
  ) {
    const n = prices.filter((p) => within(p, box!)).length;
    if (n > 0) return n <= BUY_PRICES ? box : undefined;
  }
  return undefined;
}

/**
 * The page's test for other products' card rows: a function telling whether an element is one,
 * standing outside the buy box of a page that has one.
 */
export function productCards(
  body: PElement,
  h1s: readonly PElement[],
  stats: StatsMap,
): (el: PElement, s: Stats) => boolean {
  let box: PElement | undefined | null = null;
  return (el, s) => {
    if (s.text === 0 || !labelledRow(el, stats)) return false;
    if (box === null) box = buyBox(body, h1s[0], stats);
    // Asked last: the switch also records which pages the rule would act on (html-rule-folds).
    return box !== undefined && !within(box, el) && ruleOn('price-cards');
  };
}
