import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Collapsed accordion panels (issue 21, collapsed-panel.ts) through the built `distill parse`:
// an FAQ whose answers are hidden by an inline style or the `hidden` attribute under their
// visible questions, with nothing naming them (no aria-controls). The answers are the page's
// text and stay; the navigation bar's dropdowns, the same shape but lists of links, stay hidden
// even when the whole page is asked for.

const FILE = resolve(ROOT, 'fixtures/html-collapsed-panels/pet-cover-faq-en.html');

const ANSWERS = [
  'Routine care such as vaccinations and flea treatment is not included.',
  'because treatment for older animals tends to cost more each year.',
  'is covered like any other.',
];
const MENUS = ['Dog plans', 'Compare every plan we sell', 'Careers at Harbour Mutual'];

beforeAll(() => requireBuilt());

describe('distill parse: collapsed accordion panels', { timeout: 120_000 }, () => {
  it("keeps an FAQ's hidden answers under their questions", async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# Pet cover explained', 'What does a plan pay for?', ...ANSWERS, 'within ten working days'],
      MENUS,
    );
  });

  it("keeps them in the whole page too, and not the menus' hidden links", async () => {
    const r = await distill(['parse', '--no-only-main-content', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, ['Plans', ...ANSWERS], MENUS);
  });
});
