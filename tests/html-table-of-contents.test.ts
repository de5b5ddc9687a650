import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The table-of-contents rule of the main-content filter (issue 21) through the built `distill
// parse`: a list of links that all point into the page itself (`#when`, `#soil`) is its
// navigation, not its text, and goes; the same kind of list led into by a sentence of the text
// ("Here is what to have ready on the table before you start:") is the author's and stays.

const DIR = resolve(ROOT, 'fixtures/html-toc');

beforeAll(() => requireBuilt());

describe('distill parse: a table of contents above a guide', { timeout: 120_000 }, () => {
  it('drops the contents list; keeps the sections and a list the text introduces', async () => {
    const r = await distill(['parse', resolve(DIR, 'guide-contents.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '## When to repot',
        'Use a loam-based compost',
        'Here is what to have ready on the table before you start:',
        '[a pot one size larger](#steps)',
      ],
      ['[When to repot](#when)', '[The steps, one by one](#steps)'],
    );
  });
});
