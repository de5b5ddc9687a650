import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Boxes set between a story's paragraphs (issue 21), through the built `distill parse`, on a
// page whose class names say nothing: a box listing other stories' headlines under a short label
// (story-links), a newsletter sign-up box around a form (form-box) and a share bar whose links
// carry words, told by the share pages they open (share-line) all go; the story's own list of
// documents that a sentence leads into, and a sentence linking a Facebook page, stay.

const DIR = resolve(ROOT, 'fixtures/html-inline-boxes');

beforeAll(() => requireBuilt());

describe('distill parse: boxes inside a story', { timeout: 120_000 }, () => {
  it('drops the other-stories box, the sign-up box and the worded share bar, keeps the story', async () => {
    const r = await distill(['parse', resolve(DIR, 'boxes-in-story.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Night buses return to the valley towns',
        'stopping at the hospital and the station',
        'Shift workers at the hospital',
        'once the first two years of figures are in',
        '[Facebook page](https://www.facebook.com/valleydrivers)',
        'The night timetable for the four towns',
        'valid on the night buses too',
      ],
      [
        'Background',
        'Fuel crisis forces board',
        'Get the morning briefing',
        "the valley's news before breakfast",
        'Post it to Facebook',
        'Mail it to a friend',
      ],
    );
  });
});
