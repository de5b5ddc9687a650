import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The sign-off rule of the main-content filter (issue 21) through the built `distill parse`: a
// blog post that closes with a greeting and the writer's name, short lines with no sentence
// ending, straight after its last paragraphs. Short lines outside the prose run otherwise go
// (tags, dates); these are the text's own last lines and stay, the site's chrome does not.

const DIR = resolve(ROOT, 'fixtures/html-article-edges');

beforeAll(() => requireBuilt());

describe('distill parse: a post closing with a greeting and a signature', { timeout: 120_000 }, () => {
  it('keeps the closing lines after the last paragraph', async () => {
    const r = await distill(['parse', resolve(DIR, 'sign-off.html')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith('# Der Regenschirm im Zug\n')).toBe(true);
    expect(r.stdout.trimEnd().endsWith('Ich wünsche euch allen eine trockene Woche <3\n\nx Marie')).toBe(
      true,
    );
    expectKeptGone(
      r.stdout,
      ['Letzte Woche bin ich', 'Was habt ihr schon alles im Zug vergessen?', 'x Marie'],
      ['Impressum', 'Datenschutz', 'Kontakt', 'Schlagworte'],
    );
  });
});
