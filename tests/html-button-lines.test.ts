import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The button-line rule of the main-content filter (issue 21) through the built `distill parse`:
// inside an article's prose, a line made only of links of a word or two each ("[Rezept
// drucken] [Pinterest]", "**[Buch bestellen]**", "Facebook | Twitter | E-Mail") is the page's
// controls, not its text, and goes; a sentence that links a few words and a line giving a mail
// address stay.

const DIR = resolve(ROOT, 'fixtures/html-buttons');

beforeAll(() => requireBuilt());

describe('distill parse: lines of buttons inside a story', { timeout: 120_000 }, () => {
  it('drops print, shop and share buttons; keeps the text, a linked sentence and an address', async () => {
    const r = await distill(['parse', resolve(DIR, 'story-buttons.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Lemon sheet cake, the moist way',
        'Beat the butter with the sugar',
        '[our glaze guide](/glaze)',
        'kitchen@example.org',
        'Questions about the recipe are welcome',
      ],
      ['Rezept drucken', 'Pinterest', 'Buch bestellen', 'Facebook', 'Twitter'],
    );
  });
});
