import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Two rules of the main-content filter for what stands at a story's edges (issue 21), through
// the built `distill parse`:
//  - author-bio (authorBios in author.ts): the writer's bio set as a plain paragraph (no box
//    named for its author), told by the writer the page declares (meta author, JSON-LD Person)
//    opening the paragraph, under the title or after the text, goes, from a code-heavy post as
//    from an article;
//  - teaser-run.ts: three or more other stories set as linked headings with a line of excerpt
//    after the story (no list, no card box), and the label heading over them, go.

const DIR = resolve(ROOT, 'fixtures/html-story-tails');

beforeAll(() => requireBuilt());

describe('distill parse: bios and teaser headings at a story edges', { timeout: 120_000 }, () => {
  it("drops the declared writer's bio above and below the story; keeps the story", async () => {
    const r = await distill(['parse', resolve(DIR, 'author-bio.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Why the river ferry still runs on Sundays',
        'Every Sunday morning at eight the old ferry',
        'For the farms on the south bank',
        'This year the grant was approved again',
      ],
      [
        'Marta is a reporter for the Valley Post',
        'About the author',
        'before that reported for regional radio',
      ],
    );
  });

  it('drops the bio from a code-heavy post too (not article-like by its share of prose); keeps its title', async () => {
    const r = await distill(['parse', resolve(DIR, 'author-bio-code.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# A shell script that opens my working day', 'Every morning I used to open', 'open_apps()'],
      ['Tomas is a systems writer'],
    );
  });

  it('drops the run of other stories set as headings and its label; keeps the story and its sections', async () => {
    const r = await distill(['parse', resolve(DIR, 'teaser-heads.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# How the orchard survived the late frost',
        '## Two nights below zero',
        '## What was saved',
        'settled an old argument about whether the sprinkler system',
      ],
      [
        'More from the Valley Post',
        'The market hall reopens',
        'Traders return to the covered market',
        'A new school bus route',
        'The river festival moves to June',
      ],
    );
  });
});
