import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The standfirst between the title and the body (issue 21, title-lead.ts) through the built
// `distill parse`: the template sets the lead beside the body inside a wrapper the title stands
// outside (`div.story-content > div.story-lead + div.story-text`), a level the title's own
// search (head.ts) does not read. The lead joins the title and the body; the byline between
// them does not.

const FILE = resolve(ROOT, 'fixtures/html-article-head/title-lead.html');

beforeAll(() => requireBuilt());

describe('distill parse: a standfirst a level below the title', { timeout: 120_000 }, () => {
  it('keeps the standfirst between the title and the body', async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Hafenstadt baut neue Fähranleger',
        'Zwei neue Anleger sollen ab dem Sommer die Wartezeiten der Pendler halbieren',
        'Der Stadtrat hat am Dienstagabend',
        'die Stadt aus ihren Rücklagen bezahlen',
      ],
      ['Maren Jensen', 'Lokales', '© 2021'],
    );
    const out = r.stdout;
    expect(out.indexOf('# Hafenstadt')).toBeLessThan(out.indexOf('Zwei neue Anleger'));
    expect(out.indexOf('Zwei neue Anleger')).toBeLessThan(out.indexOf('Der Stadtrat'));
  });
});
