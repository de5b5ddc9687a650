import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Pictures' captions that no element or class name marks (issue 21, picture-caption.ts), through
// the built `distill parse`, in German and Spanish: a box in the story's text holding a picture
// and one run of text beside it loses the text and keeps the picture (a Blogger-style post whose
// text runs in `br`-separated lines; a story in paragraphs). A picture beside a heading and a
// paragraph stays, and so do a recipe's steps, each a picture with its text, whose text the
// prose around them does not outweigh.

const DIR = resolve(ROOT, 'fixtures/html-picture-captions');

beforeAll(() => requireBuilt());

describe('distill parse: unnamed captions beside a picture', { timeout: 120_000 }, () => {
  it('drops the captions in a German post written in lines, keeps the pictures and the team box', async () => {
    const r = await distill(['parse', resolve(DIR, 'captions-de.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Wie Satelliten die Schneehöhe in den Alpen messen',
        'zwischen ihnen klaffen große Lücken.',
        '![](/bilder/schneekarte.png)',
        '![](/bilder/vergleich.png)',
        '### Das Team hinter der Karte',
        'Drei Glaziologen und eine Informatikerin',
        'die Ergebnisse frei zugänglich machen.',
      ],
      ['Farblich codierte Schneehöhen', 'Vergleich der berechneten Schneehöhen'],
    );
  });

  it("drops the caption in a Spanish story, keeps its picture and the recipe's steps", async () => {
    const r = await distill(['parse', resolve(DIR, 'captions-es.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Tortilla de patatas al horno, sin darle la vuelta',
        '![](/fotos/tortilla.jpg)',
        'Paso 1: pela las patatas',
        'Paso 3: vierte la mezcla',
        'más rica en bocadillo.',
      ],
      ['todavía en el molde de cerámica'],
    );
  });
});
