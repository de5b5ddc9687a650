import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, ROOT, requireBuilt } from './helpers/spawn.js';

// With DISTILL_OCR_READ_DPI below the rendering's 200 dpi, OCR reads a page shrunk to it (the
// engine's binarisation and segmentation on fewer pixels) while the layout measures font sizes,
// bold and ruling lines on the rendering, with the words' boxes scaled back to it
// (packages/pdf/src/ocr/read-scale.ts), through the built `distill parse`: metadata.ocrReadDpi
// says the resolution read, and headings found by size and by bold strokes, and a ruled table,
// come out as they do when the page is read as rendered.

let dir: string;

/** A PDF's first page as an image-only PDF at 200 dpi: poppler renders it, img2pdf wraps it. */
function scanned(pdf: string, name: string): string {
  const stem = join(dir, name);
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', '-singlefile', '-f', '1', '-l', '1', pdf, stem]);
  execFileSync('img2pdf', ['--output', `${stem}.pdf`, `${stem}.png`]);
  return `${stem}.pdf`;
}

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-read-dpi-cli-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const OCR = ['--pdf-mode', 'ocr', '--timeout', '300000', '--json'];
const LOW = { DISTILL_OCR_READ_DPI: '150' };

async function parse(pdf: string, env: NodeJS.ProcessEnv = {}) {
  const r = await distill(['parse', pdf, ...OCR], { env });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout).data as { markdown: string; metadata: Record<string, string> };
}

const headings = (markdown: string) => markdown.split('\n').filter((l) => l.startsWith('#'));

describe('OCR read below the rendering resolution, measured at it', { timeout: 600_000 }, () => {
  it('keeps the heading by size and the ruled table of a page read at 150 dpi', async () => {
    const pdf = scanned(join(EXAMPLE, 'field-notes.pdf'), 'field-notes');
    const r = await parse(pdf, LOW);
    expect(r.metadata.ocrReadDpi).toBe('150');
    expect(r.markdown).toMatch(/^#+ Field Notes on Coastal Erosion$/m);
    expect(r.markdown).toContain('Coastal erosion along the northern shore was measured at twelve');
    expect(r.markdown).toMatch(/^\| Harbour Wall \| 0\.1 \| 7 \|$/m);
  });

  it('finds bold headings at the body size as the reading at the rendering resolution does', async () => {
    const pdf = scanned(join(ROOT, 'fixtures/pdf-headings/bold-headings-de.pdf'), 'bold-headings');
    const low = await parse(pdf, LOW);
    const full = await parse(pdf);
    expect(low.metadata.ocrReadDpi).toBe('150');
    // By default a page is read as rendered.
    expect(full.metadata.ocrReadDpi).toBeUndefined();
    expect(headings(full.markdown).length).toBeGreaterThanOrEqual(4);
    // The same headings at the same levels (English data reads the umlauts either way).
    const levels = (md: string) => headings(md).map((h) => h.replace(/^(#+) .*/, '$1'));
    expect(levels(low.markdown)).toEqual(levels(full.markdown));
    expect(headings(low.markdown)).toContain('## Messverfahren und Stationen');
  });
});
