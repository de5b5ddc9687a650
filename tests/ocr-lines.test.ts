import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Lines and words of OCR'd pages (`--lines` with `--pdf-mode ocr`), through the spawned CLI: the
// example PDF's first page rasterised by poppler and wrapped by img2pdf is a scan with no text
// layer, which OCR reads; each block then carries its lines, and each line its words with boxes.

const EXAMPLE = resolve(ROOT, 'fixtures/example/field-notes.pdf');
let dir: string;
let scan: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-ocr-lines-'));
  const png = join(dir, 'page');
  execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', '-singlefile', EXAMPLE, png]);
  scan = join(dir, 'scan.pdf');
  execFileSync('img2pdf', ['--output', scan, `${png}.png`]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Word = { text: string; bbox: number[] };
type Line = { text: string; bbox: number[]; words?: Word[] };
type Item = { content: string; source: string; bbox: number[]; lines?: Line[] };

describe('words on OCR’d pages, spawned CLI', { timeout: 600_000 }, () => {
  it('gives each OCR block its lines, and each line its words with boxes inside the line', async () => {
    const scanned = await distill(['parse', scan, '--pdf-mode', 'fast', '--json']);
    // The scan has no text layer: fast mode finds nothing to read.
    expect(JSON.parse(scanned.stdout).data.markdown).not.toContain('benchmark');
    const r = await distill(['parse', scan, '--pdf-mode', 'ocr', '--json', '--blocks', '--lines']);
    expect(r.status, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout).data as { markdown: string; blocks: { items: Item[] }[] };
    expect(data.markdown).toContain('benchmark');
    const items = data.blocks.flatMap((p) => p.items);
    expect(items.length).toBeGreaterThan(3);
    const words = items.flatMap((i) => (i.lines ?? []).flatMap((l) => l.words ?? []));
    expect(words.length).toBeGreaterThan(50);
    for (const i of items) {
      expect(i.source).toBe('ocr');
      for (const l of i.lines ?? []) {
        expect(l.bbox).toHaveLength(4);
        expect(l.words?.length, l.text).toBeGreaterThan(0);
        // A line's words are its text, left to right, each boxed within the line (rounding aside).
        expect(
          l
            .words!.map((w) => w.text)
            .join(' ')
            .replace(/\s+/g, ' '),
        ).toBe(l.text.trim().replace(/\s+/g, ' '));
        for (const w of l.words!) {
          expect(w.bbox).toHaveLength(4);
          expect(w.bbox[0]).toBeGreaterThanOrEqual(l.bbox[0] - 0.01);
          expect(w.bbox[2]).toBeLessThanOrEqual(l.bbox[2] + 0.01);
          expect(w.bbox[0]).toBeLessThan(w.bbox[2]);
          expect(w.bbox[1]).toBeLessThan(w.bbox[3]);
        }
      }
    }
    const benchmark = words.find((w) => w.text.startsWith('benchmark'));
    expect(benchmark, JSON.stringify(words.slice(0, 20))).toBeDefined();
    // Without --lines the words stay out: responses stay small.
    const plain = await distill(['parse', scan, '--pdf-mode', 'ocr', '--json', '--blocks']);
    expect(plain.stdout).not.toContain('"words"');
  });
});
