import { allItems, type Item, isType, type PageData, text, values } from './schema-items.js';

/** The spec's `product` object (parse response): fields present only when the page states them. */
export interface ProductVariant {
  id?: string;
  sku?: string;
  title?: string;
  price?: { amount: number; currency?: string; formatted?: string };
  sale?: { originalPrice: { amount: number; currency?: string; formatted?: string } };
  availability?: { inStock: boolean; text: string };
  images?: { url: string; alt?: string }[];
  values?: Record<string, string>;
}
export interface Product {
  title?: string;
  url?: string;
  brand?: string;
  category?: string;
  description?: string;
  variants: ProductVariant[];
}

const IN_STOCK = /(InStock|InStoreOnly|OnlineOnly|LimitedAvailability|PreSale|PreOrder|BackOrder)$/i;
const OUT = /(OutOfStock|SoldOut|Discontinued)$/i;

function availability(v: string | undefined): ProductVariant['availability'] {
  if (!v) return undefined;
  const name = v.replace(/^https?:\/\/schema\.org\//i, '');
  if (IN_STOCK.test(name)) return { inStock: !/PreOrder|PreSale|BackOrder/i.test(name), text: name };
  if (OUT.test(name)) return { inStock: false, text: name };
  // Open Graph writes "in stock", "out of stock", "preorder".
  if (/^in[\s_]?stock$/i.test(v)) return { inStock: true, text: v };
  if (/^(out[\s_]?of[\s_]?stock|oos)$/i.test(v)) return { inStock: false, text: v };
  return { inStock: false, text: v };
}

const num = (v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(String(v).replace(/[^\d.-]/g, ''));
  return Number.isFinite(n) && /\d/.test(v) ? n : undefined;
};

function money(amount: number, currency: string | undefined) {
  let formatted: string | undefined;
  if (currency) {
    try {
      formatted = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
    } catch {
      formatted = `${amount} ${currency}`;
    }
  }
  return { amount, ...(currency ? { currency } : {}), ...(formatted ? { formatted } : {}) };
}

function images(item: Item): { url: string; alt?: string }[] {
  const out: { url: string; alt?: string }[] = [];
  for (const v of values(item, 'image')) {
    if (typeof v === 'string') out.push({ url: v });
    else if (v && typeof v === 'object') {
      const url = text(v, 'url') ?? text(v, 'contentUrl');
      if (url) out.push({ url, ...(text(v, 'caption') ? { alt: text(v, 'caption') } : {}) });
    }
  }
  return out;
}

/** One variant per offer of a Product (or per hasVariant of a ProductGroup). */
function variantsOf(p: Item, group?: Item): ProductVariant[] {
  const offers = values(p, 'offers').flatMap((o) =>
    isType(o, 'AggregateOffer') && values(o, 'offers').length ? values(o, 'offers') : [o],
  );
  const base = (o: unknown): ProductVariant => {
    const v: ProductVariant = {};
    const sku = text(o, 'sku') ?? text(p, 'sku');
    const id = text(p, 'productID') ?? text(o, '@id') ?? text(p, '@id') ?? sku;
    if (id) v.id = id;
    if (sku) v.sku = sku;
    const title = text(p, 'name');
    if (title && (!group || title !== text(group, 'name'))) v.title = title;
    const currency = text(o, 'priceCurrency') ?? text(values(o, 'priceSpecification')[0], 'priceCurrency');
    const amount = num(
      text(o, 'price') ?? text(o, 'lowPrice') ?? text(values(o, 'priceSpecification')[0], 'price'),
    );
    if (amount !== undefined) v.price = money(amount, currency);
    // A strikethrough price: a priceSpecification of type StrikethroughPrice or ListPrice.
    for (const spec of values(o, 'priceSpecification')) {
      const kind = text(spec, 'priceType') ?? '';
      const was = num(text(spec, 'price'));
      if (was !== undefined && /Strikethrough|ListPrice|SRP|MSRP/i.test(kind) && was !== amount)
        v.sale = { originalPrice: money(was, text(spec, 'priceCurrency') ?? currency) };
    }
    const av = availability(text(o, 'availability'));
    if (av) v.availability = av;
    const imgs = images(p);
    if (imgs.length) v.images = imgs;
    const vals: Record<string, string> = {};
    for (const k of ['color', 'size', 'material', 'pattern']) {
      const x = text(p, k);
      if (x) vals[k] = x;
    }
    for (const pv of values(p, 'additionalProperty')) {
      const n = text(pv, 'name');
      const x = text(pv, 'value');
      if (n && x) vals[n] = x;
    }
    if (Object.keys(vals).length) v.values = vals;
    return v;
  };
  return offers.length ? offers.map(base) : [base(undefined)];
}

/** Open Graph product tags (`og:type` product, `product:price:amount`, ...), when no schema.org Product exists. */
function fromOpenGraph(page: PageData, url: string): Product | undefined {
  const m = (k: string) => page.meta.get(k)?.[0];
  const amount = num(m('product:price:amount') ?? m('og:price:amount'));
  if (!/product/i.test(m('og:type') ?? '') && amount === undefined) return undefined;
  const v: ProductVariant = {};
  const currency = m('product:price:currency') ?? m('og:price:currency');
  if (amount !== undefined) v.price = money(amount, currency);
  const was = num(m('product:original_price:amount'));
  if (was !== undefined)
    v.sale = { originalPrice: money(was, m('product:original_price:currency') ?? currency) };
  const av = availability(m('product:availability') ?? m('og:availability'));
  if (av) v.availability = av;
  const sku = m('product:retailer_item_id');
  if (sku) v.sku = sku;
  const img = m('og:image');
  if (img) v.images = [{ url: img, ...(m('og:image:alt') ? { alt: m('og:image:alt') } : {}) }];
  const out: Product = { variants: [v] };
  const set = (k: keyof Product, x: string | undefined) => {
    if (x) (out as unknown as Record<string, unknown>)[k] = x;
  };
  set('title', m('og:title'));
  set('url', m('og:url') ?? url);
  set('brand', m('product:brand') ?? m('og:brand'));
  set('category', m('product:category'));
  set('description', m('og:description'));
  return out;
}

/**
 * The page's product from schema.org Product / ProductGroup (JSON-LD, microdata, RDFa), else
 * from Open Graph product tags; undefined when the page states neither. Nothing is inferred
 * from prose: a field the data does not state is left out.
 */
export function extractProduct(page: PageData, url: string): Product | undefined {
  const items = allItems(page.items);
  const group = items.find((i) => isType(i, 'ProductGroup'));
  const product = group ?? items.find((i) => isType(i, 'Product', 'IndividualProduct', 'ProductModel'));
  if (!product) return fromOpenGraph(page, url);
  const out: Product = { variants: [] };
  const set = (k: keyof Product, x: string | undefined) => {
    if (x) (out as unknown as Record<string, unknown>)[k] = x;
  };
  set('title', text(product, 'name'));
  set('url', text(product, 'url') ?? url);
  set('brand', text(product, 'brand') ?? text(product, 'manufacturer'));
  set('category', text(product, 'category'));
  set('description', text(product, 'description'));
  const members = group ? values(group, 'hasVariant').filter((v) => isType(v, 'Product')) : [];
  out.variants = members.length
    ? members.flatMap((m) => variantsOf(m as Item, group))
    : variantsOf(product, undefined);
  return out;
}
