import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The control-label rule of the main-content filter (issue 21, control-label.ts) through the
// built `distill parse`: a product page's buy box names its colour swatches (checkboxes all
// labelled alike), sizes (radio buttons) and quantity box with labels beside or around the
// fields; the fields render nothing, and their labels go with them. The description stays, and
// so do labels that name no field (a spec list's terms) and a recipe's ingredients ticked off
// as checkboxes, each labelled with its own item.

const DIR = resolve(ROOT, 'fixtures/html-control-labels');

beforeAll(() => requireBuilt());

describe('distill parse: labels of a buy box’s fields', { timeout: 120_000 }, () => {
  it('drops the swatch, size and quantity labels, keeps the description and the spec terms', async () => {
    const r = await distill(['parse', resolve(DIR, 'product-pickers.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Field Flask 600 ml',
        '$32.00',
        'its double steel wall holds the heat for twelve hours',
        'Every part goes in the dishwasher.',
        'Material',
        '18/8 stainless steel',
        'Empty weight',
      ],
      ['Colour swatch', 'Pick 600 ml', 'Pick 900 ml', 'Quantity wanted'],
    );
  });

  it('keeps a recipe’s ingredients labelled on their checkboxes', async () => {
    const r = await distill(['parse', resolve(DIR, 'recipe-checklist.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [
      '150 g pearl barley',
      '2 leeks, sliced into rings',
      '1 litre vegetable stock',
      'a bay leaf and a sprig of thyme',
      'simmer covered for fifty minutes',
    ]);
  });

  it('keeps the labels when the whole page is asked for', async () => {
    const r = await distill(['parse', '--no-only-main-content', resolve(DIR, 'product-pickers.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, ['Colour swatch', 'Pick 600 ml', 'Quantity wanted']);
  });
});
