import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The main-content filter (issue 21) through the built `distill parse`: a short story marked up
// as the article body in microdata (`itemprop="articleBody"`) beside a longer readers' thread
// that nothing names as comments (items headed by their authors' names, which read as teasers'
// headlines to the thread detector). The declared body is the article; the thread goes.

const FILE = resolve(ROOT, 'fixtures/html-comments/microdata-body.html');

beforeAll(() => requireBuilt());

describe('distill parse: the microdata article body beside a readers thread', { timeout: 120_000 }, () => {
  it('keeps the declared body and its title, drops the thread', async () => {
    const r = await distill(['parse', FILE]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Harbour plan divides the town',
        'The council approved the new harbour plan',
        'keep its berths on the north wall',
      ],
      ["Readers' views", 'Marina', 'I have lived by the harbour', 'Has anyone actually read'],
    );
  });
});
