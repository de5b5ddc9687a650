import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The boiler-words rule of the main-content filter (issue 21) through the built `distill
// parse`: the labels that end a story in other languages than English ("Anzeige",
// "Publicité", "Kommentare", "Artikel teilen" …) mark their line as boilerplate as "Advertisement"
// does, so the advertisement under the label goes with it and the story stays.

const DIR = resolve(ROOT, 'fixtures/html-languages');

beforeAll(() => requireBuilt());

describe('distill parse: boilerplate labels in German and French', { timeout: 120_000 }, () => {
  it('keeps the story and drops the advertisements under "Anzeige" and "Publicité"', async () => {
    const r = await distill(['parse', resolve(DIR, 'ad-label.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# Neue Radwege am Hafen', 'Die Stadt baut bis zum Sommer', 'im Herbst freigegeben'],
      ['Anzeige', 'Stadtrad im Fachhandel', 'Publicité', 'offres de printemps'],
    );
  });
});
