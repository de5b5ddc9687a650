import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Content streams marked /FlateDecode that are not quite zlib data, through the built
// `distill parse` (fixture: scripts/make-raw-deflate-fixture.ts). Page 1 is raw deflate with no
// zlib header, page 2 zlib data with a wrong header check: pdf.js refuses both headers, so the
// fast reader's fallback gave two blank pages until the reader inflated them raw.

beforeAll(() => requireBuilt());

describe('Flate streams without a proper zlib header', { timeout: 300_000 }, () => {
  it('reads both pages, in every PDF mode that reads text', async () => {
    const file = join(ROOT, 'fixtures/pdf-flate/raw-deflate.pdf');
    for (const mode of ['fast', 'auto']) {
      const r = await distill(['parse', file, '--pdf-mode', mode]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('# Raw deflate without a zlib header');
      expect(r.stdout).toContain('This page is read from a content stream that has no zlib header.');
      expect(r.stdout).toContain('# A broken zlib header check');
      expect(r.stdout).toContain('This page is read past a header whose check bits are wrong.');
      expect(r.stderr).not.toMatch(/blank page|no text layer/);
    }
  });
});
