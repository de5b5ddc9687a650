import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The grid-after-declared and grid-after-title rules of the main-content filter (issue 21)
// through the built `distill parse`: a "you may also like" grid of teaser cards with
// two-sentence teasers, holding more words than the short post above it, goes when the page
// declares its article body (JSON-LD articleBody) before the grid, or when the post stands under
// the story's title h1 (the `<title>`'s text) before it; the post and its title stay. The pages
// are html-synth's class related-big: seed 1 page 8 (div markup, hashed class names, JSON-LD)
// and seed 2 page 6 (semantic markup, no class names, no JSON-LD; Spanish word lists).

const DIR = resolve(ROOT, 'fixtures/html-declared-body');

beforeAll(() => requireBuilt());

describe('distill parse: a teaser grid after a short declared post', { timeout: 120_000 }, () => {
  it('drops the grid and keeps the post', async () => {
    const r = await distill(['parse', resolve(DIR, 'grid-after-short-post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Region to the been',
        'Officials cost national river for 786 new began',
        'Residents in argued could from work could be that met.',
      ],
      [
        'Plan month for asked to respond schools housing and',
        'Could asked month still of the end that expected',
        'To would the local new firms for asked more the',
        'New while than more the month for still grant',
      ],
    );
  });

  it('drops the grid after a short post under the title h1 (no declared body)', async () => {
    const r = await distill(['parse', resolve(DIR, 'grid-after-titled-post.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Un responder los que costaría costaría costaría nuevas de un',
        'Apoyo de antes del si locales al debían un y mientras plan más y!',
      ],
      [
        'Que fondo fondo más la nuevas vecinos escuelas el sostenían',
        'Escuelas apoyo la vecinos responsables',
      ],
    );
  });
});
