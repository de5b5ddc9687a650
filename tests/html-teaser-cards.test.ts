import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The long-teaser-card rules of the main-content filter (issue 21) through the built `distill
// parse`: a short post (three paragraphs) above three cards for other posts, each led by a
// linked title, with an excerpt long enough to outweigh the post. Cut short ("[…]") they go
// whatever their container is named (cut-teasers); named as related content (`related_post`)
// they go with whole excerpts too (named-teasers). A blog's home page made of the same cards
// keeps them: there they are the content. A paragraph that is only a headline link to another
// story (">> [Ferry timetable changes for the holidays] <<") goes from an article wherever it
// stands (lone-headline); a linked sentence and a bare address stay.

const DIR = resolve(ROOT, 'fixtures/html-teasers');
const POST = [
  '# Ear cuffs for the summer, without piercings',
  'Summer is here',
  'small charms, like this little lightning bolt',
  'a real eye-catcher',
];
const CARDS = ['seven best deals', 'Happy summertime maxi dresses', 'melting point of fashion'];

beforeAll(() => requireBuilt());

describe('distill parse: long teaser cards beside a short post', { timeout: 120_000 }, () => {
  for (const file of ['cut-excerpts.html', 'named-related.html'])
    it(`keeps the post and drops the cards (${file})`, async () => {
      const r = await distill(['parse', resolve(DIR, file)]);
      expect(r.status, r.stderr).toBe(0);
      expectKeptGone(r.stdout, POST, CARDS);
    });

  it('keeps the cards on a listing page, where they are all the page holds', async () => {
    const r = await distill(['parse', resolve(DIR, 'listing.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, CARDS);
  });

  it('drops lone headline links to other stories from an article, keeps linked sentences', async () => {
    const r = await distill(['parse', resolve(DIR, 'lone-headlines.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# North quay to close for winter repairs',
        'The city council voted',
        'residents can comment',
        "engineers' survey of the north quay",
        'Download the full survey here.',
        'www.example.org',
      ],
      ['Ferry timetable changes', 'Harbour fees rise again'],
    );
  });
});
