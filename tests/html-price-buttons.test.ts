import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The price-button rule of the main-content filter (issue 21) through the built `distill parse`:
// inside a shopping guide's prose, a line made only of a shop's buy buttons, each link's text a
// price and the shop ("$39.99 at Amazon", "54,99 € bei Otto", "49,90 € chez Fnac"), is the
// page's controls and goes, bare or in a box of its own; a sentence that links a price stays.

const DIR = resolve(ROOT, 'fixtures/html-buttons');

beforeAll(() => requireBuilt());

describe('distill parse: buy buttons inside a shopping guide', { timeout: 120_000 }, () => {
  it('drops lines of price-and-shop links; keeps the text and a sentence linking a price', async () => {
    const r = await distill(['parse', resolve(DIR, 'shop-buttons.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# The best travel kettles we tested this year',
        'The Sprout Mini boils half a litre',
        'The Kettlewood Duo holds a full litre',
        '[$18 from a camping store]',
        'descale it with a spoonful of citric acid',
      ],
      ['$39.99 at Amazon', '$42 from Walmart', '54,99 € bei Otto', '49,90 € chez Fnac'],
    );
  });
});
