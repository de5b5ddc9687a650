import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Boxes set among a story's paragraphs that send the reader elsewhere (issue 21, inset-box.ts),
// through the built `distill parse`, on pages whose class names say nothing, in German and
// Spanish: a sentence pointing to another story that ends in its headline's link, an app box
// ending in its two store buttons, a sign-up call ending in its button, a subscription call
// ending in its link all go. A note whose sentence goes on after the page it cites, and a
// picture's box ending in its caption, stay (the German box keeps its linked picture; its
// caption, unnamed, goes by picture-caption.ts). The same holds when each of the story's paragraphs
// (or each few, with their subheading) sits in wrappers of its own, so that the box and the
// paragraphs are not siblings (a French story).

const DIR = resolve(ROOT, 'fixtures/html-inset-boxes');

beforeAll(() => requireBuilt());

describe('distill parse: boxes that end in a link to another page', { timeout: 120_000 }, () => {
  it('drops the teaser, app and sign-up boxes of a German story, keeps the note and the picture', async () => {
    const r = await distill(['parse', resolve(DIR, 'inset-boxes-de.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Die Fähre über den See fährt wieder',
        'nun zwölf statt zwanzig Minuten',
        'Platz für vierzig Fahrräder',
        'fast eine Stunde',
        '[![](/img/faehre.jpg)](/img/faehre-gross.jpg)',
        '[Fahrplan der Gesellschaft](/docs/fahrplan.pdf), der seit Montag gilt.',
        'mit vielen Ausflüglern rechnet',
      ],
      [
        'erklären wir in unserem Beitrag',
        'Wer zahlt für die neue Fähre?',
        'mit der Seebote-App',
        'play.google.com',
        'Jetzt nichts mehr verpassen!',
        'kostenlos in Ihrem Postfach',
        'Hier anmelden',
      ],
    );
  });

  it('drops the subscription call of a Spanish story, keeps its paragraphs', async () => {
    const r = await distill(['parse', resolve(DIR, 'inset-boxes-es.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# El mercado del puerto abre los domingos',
        'llegaran a un acuerdo sobre el horario',
        'antes de las ocho',
        'los barcos de la mañana',
        'como esperan todos',
      ],
      ['Apoya el periodismo local', 'Con tu suscripción mensual', 'Suscríbete aquí'],
    );
  });

  it('drops the teaser and the newsletter call set among wrapped paragraphs, keeps the story', async () => {
    const r = await distill(['parse', resolve(DIR, 'inset-boxes-wrapped-fr.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Le pont de la vieille ville rouvre aux piétons',
        'a annoncé la mairie jeudi soir',
        'plusieurs semaines sans gel',
        '## Un chantier plus long que prévu',
        "le niveau de l'eau était le plus bas",
        'Le pont samedi matin, vu depuis le quai des tanneurs.',
        '[le rapport remis au conseil municipal](/docs/budget-pont.pdf), atteint',
        "leurs terrasses jusqu'au soir",
      ],
      [
        'nous l’expliquions dans notre article',
        'Le tramway passera par la gare',
        "l'essentiel de la région",
        'Recevez notre lettre gratuite',
        "Je m'inscris",
      ],
    );
  });
});
