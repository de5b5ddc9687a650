import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The byline policy of the main-content filter (issue 21) through the built `distill parse`: a
// labelled dateline ("Pubblicato il … Ultima modifica …") goes wherever it stands on a page with
// prose, here between the long standfirst and the story's next paragraph, as it does above or
// below them. A short line of the story that opens with one of the labels' words ("Di seguito
// …:", a colon leading into what follows) stays.

const FILE = resolve(ROOT, 'fixtures/html-article-head/dateline-inside.html');

beforeAll(() => requireBuilt());

describe('distill parse: a dateline between the standfirst and the story', { timeout: 120_000 }, () => {
  it('drops the dateline and keeps the story around it', async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        "# Neve sull'Appennino, temperature in calo in tutta Italia",
        'Una perturbazione in arrivo dal nord',
        'Secondo i meteorologi il freddo',
        'Di seguito le regioni più colpite:',
        'sono già al lavoro gli spazzaneve',
      ],
      ['Pubblicato il', 'Ultima modifica'],
    );
  });
});
