import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// The `distill` command of the `distill` package, spawned as a user runs it: one process per
// command, reading and writing real folders. (Queue batches with redis-server and worker
// processes are spawned the same way in packages/batch/src/batch.test.ts.)

let dir: string;
let site: Server;
let page: string;

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-cli-'));
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><title>Harbour notice</title></head><body><nav><a href="/">Home</a></nav><main><h1>Harbour notice</h1><p>The north quay closes for repairs from the third to the ninth of March; moorings move to the south pontoon for the duration of the works.</p></main></body></html>',
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  page = `http://127.0.0.1:${(site.address() as AddressInfo).port}/notice`;
});

afterAll(() => {
  site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the distill command, spawned', { timeout: 180_000 }, () => {
  it('prints its version from package.json', async () => {
    const r = await distill(['--version']);
    const pkg = JSON.parse(
      readFileSync(join(import.meta.dirname, '../packages/distill/package.json'), 'utf8'),
    );
    expect(r.stdout.trim()).toBe(`distill ${pkg.version}`);
  });

  it('parse: a PDF to Markdown on stdout; a folder to --out with JSON', async () => {
    const one = await distill(['parse', join(EXAMPLE, 'field-notes.pdf')]);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toContain('Coastal Erosion');
    // The table's columns apart: "Retreat (m)" and "Survey count" are two header cells.
    expect(one.stdout).toMatch(/\| Station \| Retreat \(m\) \| Survey count \|/);
    expect(one.stdout).toMatch(/\| Harbour Wall \| 0\.1 \| 7 \|/);
    const out = join(dir, 'parsed');
    const all = await distill(['parse', EXAMPLE, '--out', out, '--json']);
    expect(all.status, all.stderr).toBe(0);
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html', 'quarterly-revenue.csv']) {
      expect(existsSync(join(out, `${f}.md`)), f).toBe(true);
      expect(JSON.parse(readFileSync(join(out, `${f}.json`), 'utf8')).data.markdown).toBeTruthy();
    }
  });

  it('parse: a re-run into the same folder leaves identical outputs in place and rewrites changed ones', async () => {
    const out = join(dir, 'rerun');
    const md = join(out, 'field-notes.pdf.md');
    const first = await distill(['parse', EXAMPLE, '--out', out]);
    expect(first.status, first.stderr).toBe(0);
    const text = readFileSync(md, 'utf8');
    const before = statSync(md);
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(md, old, old);
    const again = await distill(['parse', EXAMPLE, '--out', out]);
    expect(again.status, again.stderr).toBe(0);
    const after = statSync(md);
    // The same file (not replaced by a rename), with its time set to the run's.
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBeGreaterThan(old.getTime() + 60_000);
    expect(readFileSync(md, 'utf8')).toBe(text);
    // Same size, other bytes: written again.
    writeFileSync(md, 'x'.repeat(Buffer.byteLength(text)));
    const third = await distill(['parse', EXAMPLE, '--out', out]);
    expect(third.status, third.stderr).toBe(0);
    expect(readFileSync(md, 'utf8')).toBe(text);
    expect(statSync(md).ino).not.toBe(before.ino);
  });

  it('parse: fast mode says which pages it read no text from, and that auto mode would OCR them', async () => {
    const scan = join(import.meta.dirname, '../fixtures/scanned-table/scanned-table.pdf');
    const fast = await distill(['parse', scan, '--pdf-mode', 'fast', '--json']);
    expect(fast.status, fast.stderr).toBe(0);
    expect(fast.stderr).toContain('warning: ');
    expect(fast.stderr).toContain('PDF pages 1, 2: no text layer');
    expect(JSON.parse(fast.stdout).data.warning).toMatch(/`auto` or `ocr` mode would read them with OCR/);
    // A PDF with a text layer gets no such warning.
    const text = await distill(['parse', join(EXAMPLE, 'field-notes.pdf'), '--pdf-mode', 'fast']);
    expect(text.stderr).not.toContain('no text layer');
  });

  it('parse: an unknown flag value is a usage error that names the flag', async () => {
    const r = await distill(['parse', join(EXAMPLE, 'field-notes.pdf'), '--pdf-mode', 'fsat']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/fsat/);
  });

  it('batch: converts a folder with a manifest, and a re-run does no work', async () => {
    const out = join(dir, 'batch');
    const first = await distill(['batch', EXAMPLE, '--out', out]);
    expect(first.status, first.stderr).toBe(0);
    const manifest = readFileSync(join(out, 'manifest.jsonl'), 'utf8').trim().split('\n');
    expect(manifest.length).toBe(4);
    expect(readFileSync(join(out, 'field-notes.docx.md'), 'utf8')).toMatch(/North Point \| 1\.8/);
    const again = await distill(['batch', EXAMPLE, '--out', out]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/0 converted, 0 failed, 4 skipped/);
  });

  it('index and search: builds a local index, then finds and scrapes a document', async () => {
    const idx = join(dir, 'idx');
    const built = await distill(['index', EXAMPLE, '--index', idx]);
    expect(built.status, built.stderr).toBe(0);
    const found = await distill([
      'search',
      'coastal erosion',
      '--index',
      idx,
      '--scrape',
      'markdown',
      '--json',
    ]);
    expect(found.status, found.stderr).toBe(0);
    const body = JSON.parse(found.stdout) as { data: { web: { url: string; markdown?: string }[] } };
    expect(body.data.web.length).toBeGreaterThan(0);
    expect(body.data.web[0]?.url).toContain('field-notes');
    expect(body.data.web[0]?.markdown).toContain('North Point');
  });

  it('scrape: a page on loopback to Markdown, main content only', async () => {
    const r = await distill(['scrape', page, '--allow-private-urls', '--no-cache']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('# Harbour notice');
    expect(r.stdout).toContain('south pontoon');
    expect(r.stdout).not.toContain('Home');
  });

  it('scrape: refuses loopback unless allowed, with a catalogue error', async () => {
    const r = await distill(['scrape', page, '--no-cache']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/private|loopback|not allowed/i);
  });
});
