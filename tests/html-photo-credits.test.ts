import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The credit rules of the main-content filter (issue 21) through the built `distill parse`: a
// picture's credit ("Photograph by …", "(Credit: … / …)", a caption ending "© …") is not the
// story's text, wherever it stands: the credit line goes, a picture inside it stays, and a
// `<figcaption>` ending in a credit goes while its picture stays. A caption without a credit,
// a sentence about the photos and a data source ("Source: …") stay.

const DIR = resolve(ROOT, 'fixtures/html-credits');

beforeAll(() => requireBuilt());

describe('distill parse: picture credits in a story', { timeout: 120_000 }, () => {
  it('drops the credits and keeps the pictures, captions without credits and sources', async () => {
    const r = await distill(['parse', resolve(DIR, 'photo-credits.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Goats leave the island, lizards return',
        'two minutes of walking',
        'The tree lizard, one of the reptiles',
        '![the green slope](/img/slope.jpg)',
        '![bird counts](/img/graph.png)',
        'A ranger counts the seedlings on the plateau',
        "Source: the programme's yearly report, 2024",
      ],
      ['Photograph by Ed Marshall', 'Clayton Aldern', '© Island Restoration', 'The north slope'],
    );
  });
});
