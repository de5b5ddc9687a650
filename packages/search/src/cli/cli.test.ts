import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexCommand } from './index-command.js';
import type { Io } from './io.js';
import { searchCommand } from './search-command.js';

const PAGES = resolve(process.cwd(), 'fixtures/search/pages');

function capture(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => {
      io.stdout += t;
    },
    err: (t: string) => {
      io.stderr += t;
    },
  };
  return io;
}

describe('distill index, then distill search', () => {
  const indexDir = join(mkdtempSync(join(tmpdir(), 'distill-cli-search-')), 'idx');

  it('indexes a folder with the parsers of this build, counting what it skipped', async () => {
    const io = capture();
    expect(await indexCommand([PAGES, '--index', indexDir], io)).toBe(0);
    expect(io.stdout).toMatch(/^indexed \d+ of 10 files \(\d+ skipped, 0 failed\)/);
    expect(io.stderr).toContain('warning: skipped docs.example.org/img/logo.gif');
  });

  it('prints results with their Markdown when asked to scrape', async () => {
    const io = capture();
    const code = await searchCommand(
      ['sprocket widget inventory', '--index', indexDir, '--scrape', 'markdown'],
      io,
    );
    expect(code).toBe(0);
    expect(io.stdout).toMatch(/^1\. widget-inventory\.csv\n {3}file:\/\/\/.*widget-inventory\.csv\n/);
    expect(io.stdout).toContain('| item | count | warehouse |');
    expect(io.stdout).toContain('| sprocket widget | 12 | north |');
  });

  it('--json prints the spec response body', async () => {
    const io = capture();
    const code = await searchCommand(
      [
        'widget',
        '--index',
        indexDir,
        '--limit',
        '2',
        '--sources',
        'web,images',
        '--scrape',
        'markdown',
        '--json',
      ],
      io,
    );
    expect(code).toBe(0);
    const body = JSON.parse(io.stdout);
    expect(body).toMatchObject({ success: true, warning: null, creditsUsed: expect.any(Number) });
    expect(typeof body.id).toBe('string');
    expect(Object.keys(body.data)).toEqual(['web', 'images']);
    expect(body.data.web.length).toBeGreaterThan(0);
    expect(body.data.web.length).toBeLessThanOrEqual(2);
    for (const r of body.data.web) {
      expect(typeof r.markdown).toBe('string');
      expect(r.metadata.statusCode).toBe(200);
    }
  });

  it('reports bad requests (exit 2) and a missing index (exit 1) as catalogue errors', async () => {
    const bad = capture();
    expect(await searchCommand(['widget', '--index', indexDir, '--limit', '0'], bad)).toBe(2);
    expect(bad.stderr).toMatch(/BAD_REQUEST \(400\).*limit/);
    const missing = capture();
    expect(await searchCommand(['widget', '--index', join(indexDir, 'nope')], missing)).toBe(1);
    expect(missing.stderr).toMatch(/NOT_FOUND \(404\).*no search index/);
    const none = capture();
    expect(await searchCommand([], none)).toBe(2);
  });
});
