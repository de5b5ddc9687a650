import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The teaser-box rule of the main-content filter (issue 21) through the built `distill parse`:
// a line pointing to another story (a short label ending in a colon, then one title-like link)
// set as a subheading ("### MIRA: [Other story](…)") or alone in a quote box ("> **PUEDES
// VER:** [Other story](…)") goes, as the same line in a paragraph already does; a real quote
// and the story's own subheadings stay.

const DIR = resolve(ROOT, 'fixtures/html-teasers');

beforeAll(() => requireBuilt());

describe('distill parse: teaser lines in a quote box or a subheading', { timeout: 120_000 }, () => {
  it('drops the teasers and keeps the story, its quote and its subheading', async () => {
    const r = await distill(['parse', resolve(DIR, 'teaser-boxes.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# School holidays: the dates for 2022',
        'Families in the mountain regions',
        '## What the unions say',
        '> “We asked for these dates two years ago',
        'no shade in their yards',
      ],
      ['PUEDES VER', 'What is the agency', 'MIRA', 'Mother detained'],
    );
  });
});
