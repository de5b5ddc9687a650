import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The pre-parse scan (prescan.ts, script-end.ts) through the built `distill parse`: a script
// wrapped in `<!-- … -->` that writes another script is emptied up to where the HTML tokenizer
// ends it, and the scan goes on past it. Before, the scan stopped at such a script and left the
// rest of the page to the parser as it was, so a <noscript> further on still held its styles,
// counted as its text, and was kept (its note read as page text) where the same page without
// the old-style script drops it.

const DIR = resolve(ROOT, 'fixtures/html-raw-text');

beforeAll(() => requireBuilt());

describe('distill parse: a script in the escaped states', { timeout: 120_000 }, () => {
  it('reads the page after it as it reads a page without it', async () => {
    const r = await distill(['parse', resolve(DIR, 'escaped-script.html'), '--no-only-main-content']);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      ['# Rebuilding a dry-stone wall', 'Finish with a row of coping stones set on edge'],
      ['Please enable JavaScript', 'counter.js', 'theme-block'],
    );
  });
});
