import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pptxWith } from '../packages/office/src/ooxml/testing/zip-writer.js';
import { simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
import { distill, ROOT, requireBuilt } from './helpers/spawn.js';

// Page by page, through the doors a user opens: `parsePages()` of the built library in a
// process of its own, page progress of the spawned CLI, and tables continued across a page
// break (a LibreOffice PDF, fixtures/continued-table, made by scripts/make-continued-table-fixture.sh).

const LIBRARY = pathToFileURL(resolve(ROOT, 'packages/distill/dist/index.js')).href;
const CONTINUED = resolve(ROOT, 'fixtures/continued-table/continued-table.pdf');
let dir: string;
let longPdf: string;

/** Runs an ES module against the built `distill` and returns what it printed as JSON. */
function library(code: string): Promise<unknown> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', `import * as distill from ${JSON.stringify(LIBRARY)};\n${code}`],
      { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout)),
    );
  });
}

/** A PDF of `n` pages: a chapter heading every tenth page, a paragraph on each. */
function longDocument(n: number): Uint8Array {
  return simplePdf(
    Array.from({ length: n }, (_, i) => {
      const heading = i % 10 === 0 ? textOp(72, 720, `Chapter ${i / 10 + 1}`, 20) : '';
      return (
        heading +
        [0, 1, 2, 3]
          .map((l) =>
            textOp(72, 680 - l * 14, `Page ${i + 1} line ${l + 1} of the coastal survey field notes.`, 11),
          )
          .join('')
      );
    }),
  );
}

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-pages-'));
  longPdf = join(dir, 'long.pdf');
  writeFileSync(longPdf, longDocument(40));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parsePages() of the built library', () => {
  it('yields a long PDF page by page, in order, the first before the last is read', async () => {
    const out = (await library(`
      let read = 0;
      const pages = [];
      for await (const p of distill.parsePages(${JSON.stringify(longPdf)}, { parsers: [{ type: 'pdf', mode: 'fast' }] }, { onProgress: (n) => { read = n; } }))
        pages.push({ n: p.pageNumber, total: p.totalPages, readWhenGiven: read, md: p.markdown, items: p.blocks.items.length, meta: p.metadata?.numPages });
      const whole = await distill.parse(${JSON.stringify(longPdf)}, { parsers: [{ type: 'pdf', mode: 'fast' }] });
      console.log(JSON.stringify({ pages, whole: whole.markdown }));
    `)) as {
      pages: { n: number; total: number; readWhenGiven: number; md: string; items: number; meta?: number }[];
      whole: string;
    };
    expect(out.pages.map((p) => p.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(out.pages.every((p) => p.total === 40)).toBe(true);
    expect(out.pages[0].meta).toBe(40);
    // Page 1 came out when only the first pages had been read (the statistics window and one
    // page held back for a continued table), not the whole document.
    expect(out.pages[0].readWhenGiven).toBeLessThan(40);
    expect(out.pages[0].readWhenGiven).toBeGreaterThanOrEqual(2);
    expect(out.pages[0].md).toMatch(/^# Chapter 1\n\nPage 1 line 1/);
    expect(out.pages[39].md).toContain('Page 40 line 4');
    expect(out.pages.every((p) => p.items > 0)).toBe(true);
    // Joined, the pages are what parse() gives for the whole document.
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(norm(out.pages.map((p) => p.md).join('\n\n'))).toBe(norm(out.whole));
  });

  it('yields a presentation slide by slide, and a document without pages as one page', async () => {
    const sp = (t: string) =>
      `<p:sp><p:nvSpPr><p:cNvPr id="9" name="T"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="4000000" cy="500000"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:t>${t}</a:t></a:r></a:p></p:txBody></p:sp>`;
    const pptx = join(dir, 'deck.pptx');
    writeFileSync(pptx, pptxWith([{ tree: sp('Tides') }, { tree: sp('Sand bars') }, { tree: sp('Storms') }]));
    const out = (await library(`
      const slides = [];
      for await (const p of distill.parsePages(${JSON.stringify(pptx)})) slides.push([p.pageNumber, p.totalPages, p.markdown]);
      const docx = [];
      for await (const p of distill.parsePages(${JSON.stringify(resolve(ROOT, 'fixtures/example/field-notes.docx'))})) docx.push([p.pageNumber, p.totalPages]);
      console.log(JSON.stringify({ slides, docx }));
    `)) as { slides: [number, number, string][]; docx: [number, number][] };
    expect(out.slides.map(([n, t]) => [n, t])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(out.slides[1][2]).toContain('Sand bars');
    expect(out.slides[1][2]).not.toContain('Tides');
    expect(out.docx).toEqual([[1, 1]]);
  });

  it('ends in a catalogue error for a file that is no PDF', async () => {
    const bad = join(dir, 'bad.pdf');
    writeFileSync(bad, '%PDF-1.7\nnot a pdf at all');
    const out = (await library(`
      try { for await (const _ of distill.parsePages(${JSON.stringify(bad)})) {} console.log('{}'); }
      catch (e) { console.log(JSON.stringify({ code: e.code, status: e.status })); }
    `)) as { code?: string; status?: number };
    expect(out.code).toBe('FILE_CORRUPT');
    expect(out.status).toBe(422);
  });
});

describe('page progress of the spawned CLI', () => {
  it('prints page progress with --progress, at most about twenty lines a document', async () => {
    const r = await distill(['parse', longPdf, '--progress', '--pdf-mode', 'fast']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('reading '));
    expect(lines.at(-1)).toBe(`reading ${longPdf}: page 40 of 40`);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.length).toBeLessThanOrEqual(21);
    // Without --progress and without a terminal, stderr stays quiet.
    const quiet = await distill(['parse', longPdf, '--pdf-mode', 'fast']);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(r.stdout);
  });
});

describe('a table continued across a page break (LibreOffice PDF)', () => {
  type Json = {
    data: {
      markdown: string;
      blocks: {
        pageNumber: number;
        items: { type: string; label: string; markdownSpan: number[]; bbox: number[] }[];
      }[];
    };
  };
  const tables = (md: string) => md.split('\n\n').filter((b) => b.startsWith('|'));

  it('is one table with every row, and provenance on both pages', async () => {
    const r = await distill(['parse', CONTINUED, '--json', '--blocks']);
    expect(r.status, r.stderr).toBe(0);
    const { data } = JSON.parse(r.stdout) as Json;
    const found = tables(data.markdown);
    expect(found).toHaveLength(1);
    const rows = found[0].split('\n');
    // Header, separator, 60 stations: the header LibreOffice repeated on page 2 is dropped.
    expect(rows).toHaveLength(62);
    expect(rows[0]).toMatch(/^\| Station \| Retreat \| Visits \|$/);
    for (let i = 1; i <= 60; i++) expect(rows[i + 1]).toContain(`| Station ${i} |`);
    const [one, two] = data.blocks;
    const start = one.items.find((i) => i.type === 'table');
    const goesOn = two.items.find((i) => i.label === 'table-continued');
    expect(start?.bbox).toHaveLength(4);
    expect(goesOn?.bbox).toHaveLength(4);
    expect(goesOn?.markdownSpan).toEqual(start?.markdownSpan);
  });

  it('keeps the two parts apart with --continued-tables separate', async () => {
    const r = await distill(['parse', CONTINUED, '--continued-tables', 'separate']);
    expect(r.status, r.stderr).toBe(0);
    const found = tables(r.stdout);
    expect(found).toHaveLength(2);
    // Each part keeps the header row its page shows.
    for (const t of found) expect(t.split('\n')[0]).toMatch(/^\| Station \| Retreat \| Visits \|$/);
    const body = found.flatMap((t) => t.split('\n').slice(2));
    expect(body).toHaveLength(60);
  });

  it('joins it page by page too', async () => {
    const out = (await library(`
      const tables = [];
      for await (const p of distill.parsePages(${JSON.stringify(CONTINUED)})) tables.push(p.markdown.split('\\n\\n').filter((b) => b.startsWith('|')).map((t) => t.trim().split('\\n').length));
      console.log(JSON.stringify(tables));
    `)) as number[][];
    expect(out.flat()).toEqual([62]);
    expect(readFileSync(CONTINUED).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
