import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Labels of form fields outside any form (issue 21, control-label.ts) through the built `distill
// parse`, on a story whose markup names nothing: the fields go as interface, and so do their
// labels, whether a label names its field by id (a sort menu beside it, a converter's inputs in
// the next table cell) or holds it (an e-mail box). A checklist built from checkboxes and their
// labels is the story's, and stays.

const DIR = resolve(ROOT, 'fixtures/html-field-labels');

beforeAll(() => requireBuilt());

describe('distill parse: the labels of form fields', { timeout: 120_000 }, () => {
  it("drops a sort menu's, a converter's and an e-mail box's labels, keeps a checklist's", async () => {
    const r = await distill(['parse', resolve(DIR, 'recipe-story-en.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Why the old bakery on Mill Street still bakes its rye at dawn',
        'so the night shift stays.',
        '* Feed the starter at midnight',
        '* Warm the water to body heat',
        'converts the weights for anyone who asks at the counter.',
        'opened its shutters.',
      ],
      ['Sorted by', 'From:', 'To:', 'Email address'],
    );
  });
});
