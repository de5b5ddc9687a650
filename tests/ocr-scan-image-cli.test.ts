import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// A page that is one scanned image is OCR'd from the image's own pixels, without pdf.js drawing
// the page (packages/pdf/src/ocr/scan-image.ts), through the built `distill parse`: the JSON
// result's metadata.ocrScanImagePages says which pages went that way. Scans are made here by
// poppler and img2pdf (a PNG stored Flate-coded, a JPEG stored as is), as scanners write them.

let dir: string;

/** The example's first page as an image-only PDF: poppler renders it, img2pdf wraps the image. */
function scanned(dpi: number, format: 'png' | 'jpeg'): string {
  const stem = join(dir, `field-notes-${dpi}-${format}`);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-gray',
    `-${format}`,
    '-singlefile',
    join(EXAMPLE, 'field-notes.pdf'),
    stem,
  ]);
  const out = `${stem}.pdf`;
  execFileSync('img2pdf', ['--output', out, `${stem}.${format === 'png' ? 'png' : 'jpg'}`]);
  return out;
}

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-scan-image-cli-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function expectFieldNotes(markdown: string): void {
  expect(markdown).toMatch(/^#+ Field Notes on Coastal Erosion$/m);
  expect(markdown).toContain('Coastal erosion along the northern shore was measured at twelve');
  expect(markdown).toMatch(/^\| Harbour Wall \| 0\.1 \| 7 \|$/m);
}

const OCR = ['--pdf-mode', 'ocr', '--timeout', '300000', '--json'];

async function parse(pdf: string, env: NodeJS.ProcessEnv = {}) {
  const r = await distill(['parse', pdf, ...OCR], { env });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout).data as { markdown: string; metadata: Record<string, string> };
}

describe('OCR of a page that is one scanned image', { timeout: 600_000 }, () => {
  it('reads a Flate-coded scan from its pixels, as pdf.js drawing it reads', async () => {
    const pdf = scanned(200, 'png');
    const direct = await parse(pdf);
    expect(direct.metadata.ocrScanImagePages).toBe('1');
    expectFieldNotes(direct.markdown);
    // At the scan's own resolution the pixels are pdf.js's to the byte: the same Markdown.
    const drawn = await parse(pdf, { DISTILL_OCR_SCAN_IMAGES: '0' });
    expect(drawn.metadata.ocrScanImagePages).toBeUndefined();
    expect(direct.markdown).toBe(drawn.markdown);
  });

  it('reads a JPEG scan, and a 150 dpi one enlarged to the OCR resolution', async () => {
    for (const pdf of [scanned(200, 'jpeg'), scanned(150, 'png')]) {
      const r = await parse(pdf);
      expect(r.metadata.ocrScanImagePages).toBe('1');
      expectFieldNotes(r.markdown);
    }
  });

  it('draws a page with text on it through pdf.js', async () => {
    const r = await parse(join(EXAMPLE, 'field-notes.pdf'));
    expect(r.metadata.ocrPages).toBe('1');
    expect(r.metadata.ocrScanImagePages).toBeUndefined();
  });
});
