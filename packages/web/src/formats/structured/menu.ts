import { allItems, type Item, isType, type PageData, text, typesOf, values } from './schema-items.js';

/** The spec's `menu` object (parse response), from schema.org Menu / MenuSection / MenuItem. */
export interface MenuItemOut {
  id?: string;
  name: string;
  description?: string;
  price?: { amount: number; currency?: string };
  dietaryRestrictions?: string[];
}
export interface MenuSectionOut {
  id: string;
  name: string;
  description?: string;
  items: MenuItemOut[];
}
export interface Menu {
  isMenu: boolean;
  sections: MenuSectionOut[];
  /** 1 when the page states its menu in schema.org data (the only source read here). */
  confidence: number;
  currency?: string;
  merchant?: { name: string; type: string };
  sourceUrl: string;
}

const FOOD_ESTABLISHMENTS = [
  'FoodEstablishment',
  'Restaurant',
  'CafeOrCoffeeShop',
  'Bakery',
  'BarOrPub',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Brewery',
  'Winery',
  'Distillery',
];

function item(i: unknown, currencies: Set<string>): MenuItemOut | undefined {
  const name = text(i, 'name');
  if (!name) return undefined;
  const out: MenuItemOut = { name };
  const id = text(i, '@id');
  if (id) out.id = id;
  const d = text(i, 'description');
  if (d) out.description = d;
  const offer = values(i, 'offers')[0];
  const raw = text(offer, 'price');
  const amount = raw === undefined ? undefined : Number(raw.replace(/[^\d.-]/g, ''));
  if (amount !== undefined && Number.isFinite(amount) && /\d/.test(raw!)) {
    const currency = text(offer, 'priceCurrency');
    if (currency) currencies.add(currency);
    out.price = { amount, ...(currency ? { currency } : {}) };
  }
  const diets = values(i, 'suitableForDiet')
    .map((x) => (typeof x === 'string' ? x.replace(/^https?:\/\/schema\.org\//i, '') : text(x, '@id')))
    .filter((x): x is string => !!x);
  if (diets.length) out.dietaryRestrictions = diets;
  return out;
}

function section(s: unknown, idx: string, currencies: Set<string>): MenuSectionOut {
  const out: MenuSectionOut = {
    id: text(s, '@id') ?? idx,
    name: text(s, 'name') ?? '',
    items: values(s, 'hasMenuItem')
      .map((i) => item(i, currencies))
      .filter((x): x is MenuItemOut => !!x),
  };
  const d = text(s, 'description');
  if (d) out.description = d;
  return out;
}

/**
 * The page's menu from schema.org data: a Menu's sections (nested sections flattened, each
 * named by its path) and items, with the merchant it belongs to (a FoodEstablishment whose
 * hasMenu is the menu, or the page's only one). Undefined when the page states no menu.
 */
export function extractMenu(page: PageData, url: string): Menu | undefined {
  const items = allItems(page.items);
  const establishment = items.find((i) => isType(i, ...FOOD_ESTABLISHMENTS));
  const menu =
    items.find((i) => isType(i, 'Menu')) ??
    (values(establishment, 'hasMenu').find((m) => typeof m === 'object' && m) as Item | undefined);
  const looseSections = items.filter((i) => isType(i, 'MenuSection'));
  if (!menu && !looseSections.length) return undefined;
  const currencies = new Set<string>();
  const sections: MenuSectionOut[] = [];
  const visit = (s: unknown, path: string, idx: string) => {
    const sec = section(s, idx, currencies);
    sec.name = path ? `${path} / ${sec.name}` : sec.name;
    sections.push(sec);
    for (const [k, c] of values(s, 'hasMenuSection').entries()) visit(c, sec.name, `${idx}.${k + 1}`);
  };
  const top = menu
    ? values(menu, 'hasMenuSection')
    : looseSections.filter((s) => !looseSections.some((p) => values(p, 'hasMenuSection').includes(s)));
  for (const [k, s] of top.entries()) visit(s, '', String(k + 1));
  // Items listed on the menu itself, outside any section.
  const direct = menu
    ? values(menu, 'hasMenuItem')
        .map((i) => item(i, currencies))
        .filter((x): x is MenuItemOut => !!x)
    : [];
  if (direct.length) sections.unshift({ id: '0', name: text(menu, 'name') ?? '', items: direct });
  const out: Menu = {
    isMenu: sections.some((s) => s.items.length > 0),
    sections,
    confidence: 1,
    sourceUrl: url,
  };
  if (currencies.size === 1) out.currency = [...currencies][0];
  const name = text(establishment, 'name');
  if (establishment && name) out.merchant = { name, type: typesOf(establishment)[0] ?? 'FoodEstablishment' };
  return out;
}
