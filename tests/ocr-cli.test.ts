import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// OCR through the built `distill parse`, as a user converting a scan runs it (issue 27): a
// scanned page read with the default trained data and with the other one (DISTILL_OCR_MODEL),
// and a language whose data is not
// installed, which must be the catalogue's MISSING_DEPENDENCY naming the npm package to add.

/** The trained data the default is not (packages/ocr/src/settings.ts). */
const OTHER_MODEL = 'full';

let dir: string;
let scan: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-ocr-cli-'));
  // The example PDF as a scan: rendered by poppler, rebuilt image-only by img2pdf.
  const png = join(dir, 'field-notes');
  execFileSync('pdftoppm', [
    '-r',
    '150',
    '-gray',
    '-png',
    '-singlefile',
    join(EXAMPLE, 'field-notes.pdf'),
    png,
  ]);
  scan = join(dir, 'field-notes-scan.pdf');
  execFileSync('img2pdf', ['--output', scan, `${png}.png`]);
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

  it('reads it with the other trained data too', async () => {
    const r = await distill(['parse', scan, ...OCR], {
      env: { DISTILL_OCR_MODEL: OTHER_MODEL },
    });
    expect(r.status, r.stderr).toBe(0);
    expectFieldNotes(r.stdout);
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
});
