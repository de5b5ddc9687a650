import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The author-box rule of the main-content filter (issue 21) through the built `distill parse`:
// after a news story, the author's box (a picture, a linked name and a bio sentence, marked
// `itemprop="author"` as the Simple Author Box plugin writes it, or named `cbx-Author`) is not
// the story and goes; an author's own page, whose bio is all the page holds, keeps it.

const DIR = resolve(ROOT, 'fixtures/html-author');

const STORY = [
  '# Night trains return to the valley line',
  'After four winters without them',
  'bicycle spaces, which the refurbished cars',
];
const BIO = 'has covered transport and the regions for the paper since 2011';

beforeAll(() => requireBuilt());

describe('distill parse: the author box beside a story', { timeout: 120_000 }, () => {
  it('keeps the story and drops the author boxes after it', async () => {
    const r = await distill(['parse', resolve(DIR, 'story-with-box.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, STORY, [BIO, 'Redakteur in der Wirtschaft', 'Jana Dvořák']);
  });

  it("keeps the bio on the author's own page", async () => {
    const r = await distill(['parse', resolve(DIR, 'author-page.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, ['# Jana Dvořák', BIO, 'weekend travel pages']);
  });
});
