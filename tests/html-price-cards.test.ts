import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The price-cards rule of the main-content filter (issue 21, price-cards.ts) through the built
// `distill parse`: on a page about one product (its title beside a price of its own), a row of
// other products' cards, each a picture, a link to another product and a price, goes with its
// label (WCXB dev 2991, an auction's "people who viewed this item also viewed"; 4780, a shop's
// add-ons). On a category page the same cards under the category's title are the content.

const DIR = resolve(ROOT, 'fixtures/html-price-cards');

beforeAll(() => requireBuilt());

describe("distill parse: other products' cards on a product page", { timeout: 120_000 }, () => {
  it('drops the row of other products and its label, keeps the product', async () => {
    const r = await distill(['parse', resolve(DIR, 'product-page.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# Trail Tumbler 20 oz', '$32.00', 'kitchen-grade stainless steel', 'keep the tumbler upright'],
      ['Pairs well with', 'Straw Lid for Trail Tumblers', 'Camp Mug 14 oz', '$38.00'],
    );
  });

  it("keeps a category page's grid of the same cards", async () => {
    const r = await distill(['parse', resolve(DIR, 'category-page.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [
      '# Tumblers',
      'Trail Tumbler 10 oz',
      'Trail Tumbler 30 oz',
      'Wine Tumbler 10 oz',
      '$22.00',
    ]);
  });
});
