import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The revealed-main rule of the clean pass (issue 21, revealed.ts) through the built `distill
// parse`: a store whose lockdown app wraps all of <main> in display:none until a script shows
// it keeps its product grid (read as hidden, only the header and footer were left); a hidden
// dialog inside main beside the visible story (a republish box with a copy of the text) is
// still hidden.

const DIR = resolve(ROOT, 'fixtures/html-revealed');

beforeAll(() => requireBuilt());

describe('distill parse: a main region hidden until a script shows it', { timeout: 120_000 }, () => {
  it('keeps the product grid a hidden box holding all of main wraps', async () => {
    const r = await distill(['parse', resolve(DIR, 'lockdown-collection.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# All coffee', 'Dark Roast Coffee', 'Regular price $47.88', 'A medium roast with dark chocolate'],
      ['Wholesale', 'All rights reserved'],
    );
  });

  it('still drops a hidden dialog that holds part of main beside the story', async () => {
    const r = await distill(['parse', resolve(DIR, 'hidden-dialog.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# High school day to start later next year', 'The district will publish the new timetable'],
      ['Republish this story', 'free licence'],
    );
    // The story once, not again from the dialog's copy.
    expect(r.stdout.split('The district will publish').length).toBe(2);
  });
});
