import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../testing/register-parsers.js';
import { type FixtureServer, startFixtureServer } from '../testing/fixture-server.js';
import { scrapeCommand } from './scrape-command.js';

let srv: FixtureServer;
let dir: string;
beforeAll(async () => {
  srv = await startFixtureServer();
  dir = await mkdtemp(join(tmpdir(), 'distill-web-cli-'));
});
afterAll(async () => {
  await srv.close();
  await rm(dir, { recursive: true, force: true });
});

function capture() {
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

describe('distill scrape', () => {
  it('prints markdown, or the whole document with --json', async () => {
    const io = capture();
    const code = await scrapeCommand(
      [`${srv.base}/static.html`, '--proxy', 'basic', '--allow-private-urls', '--cache-dir', dir],
      io,
    );
    expect(code).toBe(0);
    expect(io.stdout).toContain('enough text to be a real article');
    const j = capture();
    expect(
      await scrapeCommand(
        [
          `${srv.base}/redirect`,
          '--json',
          '--formats',
          'markdown,links',
          '--proxy',
          'basic',
          '--allow-private-urls',
          '--no-cache',
        ],
        j,
      ),
    ).toBe(0);
    const body = JSON.parse(j.stdout);
    expect(body.success).toBe(true);
    expect(body.data.metadata.url).toBe(`${srv.base}/static.html`);
    expect(body.data.links).toContain(`${srv.base}/other.html`);
  });

  it('reports errors with their code and refuses private URLs unless allowed', async () => {
    const io = capture();
    expect(await scrapeCommand([`${srv.base}/static.html`, '--no-cache'], io)).toBe(1);
    expect(io.stderr).toMatch(/FORBIDDEN \(403\)/);
    const bad = capture();
    expect(await scrapeCommand([`${srv.base}/static.html`, '--timeout', '5'], bad)).toBe(2);
    expect(bad.stderr).toMatch(/timeout/);
    const none = capture();
    expect(await scrapeCommand([], none)).toBe(2);
  });
});
