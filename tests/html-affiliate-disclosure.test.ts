import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The affiliate-disclosure rule of the main-content filter (issue 21) through the built
// `distill parse`: a short paragraph in which the page owns to earning from its links ("This
// post may contain affiliate links…", "we may earn a small commission…") is page furniture, as a
// byline is, above the text or below it; a paragraph of the text that speaks of affiliate
// marketing and commissions without owning to them stays.

const DIR = resolve(ROOT, 'fixtures/html-disclosure');

beforeAll(() => requireBuilt());

describe('distill parse: affiliate disclosures around a post', { timeout: 120_000 }, () => {
  it('drops the disclosures; keeps the text, including a paragraph about affiliate marketing', async () => {
    const r = await distill(['parse', resolve(DIR, 'affiliate-disclosure.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# How we store sourdough starter over the holidays',
        'Every December the same question arrives',
        'Affiliate marketing pays for many food blogs',
        'pour off the grey liquid on top',
      ],
      ['This post may contain affiliate links', 'qualifying purchases', 'we may earn a small commission'],
    );
  });
});
