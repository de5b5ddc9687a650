import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectKeptGone } from './helpers/kept-gone.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// The template-name rule of the main-content filter (issue 21, template-names.ts) through the
// built `distill parse`: a page builder names every block of a service page `block-widget`, so
// the negative word "widget" in that name is no verdict; the short feature boxes (a heading and
// a line each) stay beside the long paragraphs instead of going as sidebar widgets.

const DIR = resolve(ROOT, 'fixtures/html-template-names');

beforeAll(() => requireBuilt());

describe('distill parse: a class name the page gives all its blocks', { timeout: 120_000 }, () => {
  it('keeps the short blocks a builder names "widget" like all the others', async () => {
    const r = await distill(['parse', resolve(DIR, 'builder-service.html')]);
    expect(r.status, r.stderr).toBe(0);
    expectKeptGone(
      r.stdout,
      [
        '# Marketing for health and wellness brands',
        '### Campaign strategy',
        'Monthly checks of every campaign',
        '### Content and design',
        'Every month we report what worked',
      ],
      ['Book a free call', 'Copyright 2026'],
    );
  });
});
