import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// A folder of one-page scans through the built `distill parse DIR --out` (issue 27): a one-page
// scan gives the OCR pool one page, so the command converts as many files at once as the pool
// has readers, and with `--pdf-mode ocr` runs one process instead of helper processes that
// each start tesseract again. Seen through DISTILL_OCR_STATS=1, which has each process print its
// OCR counts (readers started, images read, most read at once) to stderr as it exits.

let dir: string;
let scan: string;

/** The top of a page (its headings and first paragraph) as a small scan: rendered by poppler, made image-only by img2pdf. */
function headingScan(pdf: string): string {
  const png = join(dir, 'heading');
  execFileSync('pdftoppm', [
    '-r',
    '150',
    '-gray',
    '-png',
    '-singlefile',
    '-x',
    '0',
    '-y',
    '0',
    '-W',
    '1275',
    '-H',
    '700',
    pdf,
    png,
  ]);
  const out = join(dir, 'heading-scan.pdf');
  execFileSync('img2pdf', ['--output', out, `${png}.png`]);
  return out;
}

/** A folder of `n` copies of the scan, named a000.pdf, a001.pdf, … */
function folder(name: string, n: number): string {
  const d = join(dir, name);
  mkdirSync(d);
  for (let i = 0; i < n; i++) copyFileSync(scan, join(d, `a${String(i).padStart(3, '0')}.pdf`));
  return d;
}

const OCR = ['--pdf-mode', 'ocr', '--timeout', '300000'];
// How many readers started before the first image depends on which file reached the pool first.
const statsLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('ocr stats:'))
    .map((l) => l.replace(/ \(\d+ started before the first image\)/, ''));

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-ocr-folder-'));
  scan = headingScan(join(EXAMPLE, 'field-notes.pdf'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a folder of scans through the CLI', { timeout: 600_000 }, () => {
  it('converts as many one-page scans at once as the OCR pool has readers, the same output as one at a time', async () => {
    const input = folder('three', 3);
    const run = async (workers: string) => {
      const out = join(dir, `out-${workers}`);
      const r = await distill(['parse', input, '--out', out, ...OCR], {
        env: { DISTILL_OCR_WORKERS: workers, DISTILL_OCR_STATS: '1' },
      });
      expect(r.status, r.stderr).toBe(0);
      // The log lists the files in input order whichever finished first.
      expect(r.stderr.match(/^ok {4}\S+/gm)?.map((l) => l.slice(-8))).toEqual([
        'a000.pdf',
        'a001.pdf',
        'a002.pdf',
      ]);
      const pages = ['a000', 'a001', 'a002'].map((f) => readFileSync(join(out, `${f}.pdf.md`), 'utf8'));
      expect(pages[0]).toMatch(/Field Notes on Coastal Erosion/);
      return { stats: statsLines(r.stderr), pages };
    };
    const two = await run('2');
    expect(two.stats).toEqual(['ocr stats: 2 tesseract workers, 3 images read, at most 2 at once']);
    const one = await run('1');
    expect(one.stats).toEqual(['ocr stats: 1 tesseract workers, 3 images read, at most 1 at once']);
    expect(two.pages).toEqual(one.pages);
  });

  it('reads a folder of scans in one process with --pdf-mode ocr (no helper processes starting tesseract again)', async () => {
    // 16 files: two files a process, so without the rule a machine of 2 cores or more starts a helper.
    const input = folder('sixteen', 16);
    const r = await distill(['parse', input, '--out', join(dir, 'out-16'), ...OCR], {
      env: { DISTILL_OCR_WORKERS: '2', DISTILL_OCR_STATS: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^16 converted, 0 failed in [\d.]+ s\n/m);
    expect(statsLines(r.stderr)).toEqual([
      'ocr stats: 2 tesseract workers, 16 images read, at most 2 at once',
    ]);
  });
});
