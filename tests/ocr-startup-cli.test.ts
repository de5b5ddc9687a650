import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// A lone scan through the built CLI (issue 27, start-up): the OCR pool starts a reader per page
// the document announces, before the first page is rendered, instead of every reader on the
// first image. Seen through DISTILL_OCR_STATS=1's counts (readers started, and of them how many
// before the process sent its first image), never through times.

let dir: string;

/** The top `pages` pages of field-notes.pdf's first page as an image-only PDF (poppler, img2pdf). */
function scan(pages: number): string {
  const pngs: string[] = [];
  for (let i = 0; i < pages; i++) {
    const png = join(dir, `part${i}`);
    execFileSync('pdftoppm', [
      ...['-r', '150', '-gray', '-png', '-singlefile'],
      ...['-x', '0', '-y', String(i * 350), '-W', '1275', '-H', '700'],
      join(EXAMPLE, 'field-notes.pdf'),
      png,
    ]);
    pngs.push(`${png}.png`);
  }
  const out = join(dir, `scan-${pages}.pdf`);
  execFileSync('img2pdf', ['--output', out, ...pngs]);
  return out;
}

async function stats(pdf: string): Promise<string[]> {
  const r = await distill(['parse', pdf, '--pdf-mode', 'ocr', '--timeout', '300000'], {
    env: { DISTILL_OCR_WORKERS: '2', DISTILL_OCR_STATS: '1' },
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/Field Notes on Coastal Erosion/);
  return r.stderr.split('\n').filter((l) => l.startsWith('ocr stats:'));
}

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-ocr-startup-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('OCR readers started for the pages a document has', { timeout: 600_000 }, () => {
  it('starts one reader for a one-page scan, before its page is rendered, though the pool has two', async () => {
    expect(await stats(scan(1))).toEqual([
      'ocr stats: 1 tesseract workers (1 started before the first image), 1 images read, at most 1 at once',
    ]);
  });

  it('starts a reader per page of a two-page scan, up to the pool size, before the first page is rendered', async () => {
    expect(await stats(scan(2))).toEqual([
      'ocr stats: 2 tesseract workers (2 started before the first image), 2 images read, at most 2 at once',
    ]);
  });
});
