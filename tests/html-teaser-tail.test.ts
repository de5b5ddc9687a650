import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// A story told mostly in one-sentence paragraphs holds too few long ones for refine.ts's prose
// gate, so its edges were left untrimmed; the other stories' headlines closing it (a short label,
// then paragraphs each only a link to another story) go all the same (issue 21, teaser-tail.ts),
// through the built `distill parse`. The story's closing question to readers stays, and a topic
// page whose short introduction stands over the same kind of links keeps them: they are its content.

const DIR = resolve(ROOT, 'fixtures/html-teaser-tail');

beforeAll(() => requireBuilt());

describe('distill parse: headlines closing a brief story', { timeout: 120_000 }, () => {
  it('drops the label and the three headlines, keeps the story to its last line', async () => {
    const r = await distill(['parse', resolve(DIR, 'brief-story.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Ferry timetable cut for the winter',
        'four crossings a day instead of seven',
        'quieter still',
        'fall slightly for children under twelve.',
        'Tell us in the comments below.',
      ],
      [
        'Earlier on the island ferry',
        'Ferry fares for cars rise',
        'New pier opens',
        'Storm halts all crossings',
      ],
    );
  });

  it('keeps the links under a short introduction (a topic page, no story above them)', async () => {
    const r = await distill(['parse', resolve(DIR, 'short-intro-links.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Island ferry: all our coverage',
        'Stories on the island ferry:',
        '[Ferry fares for cars rise for the third year running](/local/ferry-fares-rise-for-cars)',
        '[Storm halts all crossings for a second day](/local/storm-halts-crossings)',
      ],
      [],
    );
  });
});
