import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// A line pointing to another story set between a story's paragraphs as a list of that one
// line, a short label and the other story's linked title ("- See also: [Other story](…)"), goes
// as the same line in a quote box or a subheading does (issue 21, refine.ts `inlineTeaser`),
// through the built `distill parse`; a one-line list citing the story's source stays.

const DIR = resolve(ROOT, 'fixtures/html-teaser-items');

beforeAll(() => requireBuilt());

describe('distill parse: teaser lines set as one-item lists', { timeout: 120_000 }, () => {
  it('drops the "See also" and "Don\'t miss" items, keeps the story and its source', async () => {
    const r = await distill(['parse', resolve(DIR, 'see-also-items.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Choosing a first camera',
        'the phone in their pocket',
        'Sensor size matters more',
        'Source: [Camera ownership survey of our readers, 2024](/data/camera-survey-2024.pdf)',
        'the hours you spend with it.',
      ],
      ['See also', "phone's camera modes", "Don't miss", 'Film or digital cameras'],
    );
  });
});
