import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The script-button rule of the main-content filter (issue 21, clean.ts) through the built
// `distill parse`: a forum thread whose quotes end in the expander a forum script wires up (a
// link with role=button and no address, "Click to expand...") keeps the posts and the quoted
// words and drops the expander, as it drops a <button>. An FAQ whose questions are such links
// naming their panels (aria-controls, aria-expanded) keeps the questions.

const DIR = resolve(ROOT, 'fixtures/html-script-buttons');

beforeAll(() => requireBuilt());

describe('distill parse: links drawn as buttons by a script', { timeout: 120_000 }, () => {
  it('keeps a thread’s posts and quotes, drops the quotes’ expanders', async () => {
    const r = await distill(['parse', resolve(DIR, 'forum-quotes.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Dehumidifier for a damp cellar',
        'Would a compressor dehumidifier cope at around eight degrees?',
        'the coil of a compressor unit ices over',
        'A desiccant dryer keeps working in the cold.',
        'drain it into the floor gully',
      ],
      ['Click to expand'],
    );
  });

  it('keeps the questions of an FAQ drawn as disclosure links', async () => {
    const r = await distill(['parse', resolve(DIR, 'faq-disclosures.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(r.stdout, [
      'How long do I have to send an item back?',
      'Can I return a tent I have already pitched?',
      'sixty days from delivery',
    ]);
  });
});
