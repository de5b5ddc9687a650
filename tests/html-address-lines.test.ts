import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The address-lines rule of the main-content filter (issue 21) through the built `distill
// parse`: a post whose opening quotes its sources as bare web addresses, one per line, before
// its long paragraphs. Link lines end the article's extension upwards; lines made only of
// addresses are the text's references, not a menu, so the extension steps over them to the
// opening paragraphs and the title above them. The site's header and footer links stay out.

const DIR = resolve(ROOT, 'fixtures/html-article-head');

beforeAll(() => requireBuilt());

describe('distill parse: sources given as bare addresses inside the story', { timeout: 120_000 }, () => {
  it('keeps the title, the opening and the sources above the long paragraphs', async () => {
    const r = await distill(['parse', resolve(DIR, 'address-lines.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith('# Japan und die Impfungen\n')).toBe(true);
    expectKeptGone(
      r.stdout,
      [
        'Vor langer Zeit hatte ich schon einmal',
        'Niemand ist daran gestorben',
        'https://www.example.com/fact-check/on-vaccine/',
        'Anders als damals',
        'Nach mehreren Anfragen',
      ],
      ['Impressum', 'Datenschutz', 'Themen'],
    );
  });
});
