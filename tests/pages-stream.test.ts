import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf, textOp } from '../packages/pdf/src/testing/raw-pdf.js';
import { ROOT, requireBuilt } from './helpers/spawn.js';

// `parsePages()` of the built library, each run in a process of its own: the pages joined are
// parse()'s Markdown, blocks and chunks byte for byte, with page furniture decided page by page
// (pages read ahead) and chunks given with the page on which they close. On a report with a
// running header and page numbers made here, the repository's continued-table PDF, all of
// dpbench-dev joined eight pages at a time by qpdf, and the ICDAR 2013 reports longer than
// that (running headers and footers of EU and US government reports).

const LIBRARY = pathToFileURL(resolve(ROOT, 'packages/distill/dist/index.js')).href;
const CORPORA = resolve(process.env.DISTILL_CORPORA ?? resolve(ROOT, '../shared/corpora'));
const DPBENCH = join(CORPORA, 'pdf/dpbench-dev/pdfs');
const ICDAR = join(CORPORA, 'pdf/icdar2013-dev');
const CONTINUED = resolve(ROOT, 'fixtures/continued-table/continued-table.pdf');
const SCAN = resolve(ROOT, 'fixtures/scanned-table/scanned-table.pdf');
const hasCorpora = existsSync(DPBENCH) && existsSync(ICDAR);
let dir: string;
let report: string;

interface Compared {
  file: string;
  pages: number;
  markdown: boolean;
  blocks: boolean;
  chunks: boolean;
  chunkCount: number;
  /**
   * Every chunk came with a page it lies on or a later one (its last page can be the next one:
   * a table continued there is known, joined, with the page where it starts).
   */
  chunksInTime: boolean;
  /** Chunks given before the last page (so they were not all held to the end). */
  chunksEarly: number;
  offsets: boolean;
  furnitureDropped?: string;
  separated: number;
  chunkPages: number[][];
  chunkTexts: string[];
  warning?: string;
  pageWarnings: string[];
}

/**
 * For each file: parse() and parsePages() with the same options, in one process of the built
 * library; what matched. The whole results are compared as JSON text.
 */
function compare(files: string[], options: unknown): Promise<Compared[]> {
  const code = `import * as distill from ${JSON.stringify(LIBRARY)};
const out = [];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
for (const file of ${JSON.stringify(files)}) {
  const opts = ${JSON.stringify(options)};
  const whole = await distill.parse(file, opts);
  const pages = [];
  for await (const p of distill.parsePages(file, opts)) pages.push(p);
  const joined = pages.map((p) => p.markdown.replace(/\\n$/, '')).filter(Boolean).join('\\n\\n') + '\\n';
  const chunks = pages.flatMap((p) => p.chunks ?? []);
  out.push({
    file: file.split('/').pop(),
    pages: pages.length,
    markdown: joined === whole.markdown,
    blocks: same(pages.map((p) => p.blocks), whole.blocks),
    chunks: same(chunks, whole.chunks),
    chunkCount: chunks.length,
    chunksInTime: pages.every((p) => (p.chunks ?? []).every((c) => c.pages[0] <= p.pageNumber && c.pages.at(-1) <= p.pageNumber + 1)),
    chunksEarly: pages.slice(0, -1).reduce((n, p) => n + (p.chunks?.length ?? 0), 0),
    offsets: pages.every((p) => whole.markdown.startsWith(p.markdown.replace(/\\n$/, ''), p.markdownOffset)),
    furnitureDropped: whole.metadata.furnitureDropped,
    separated: (whole.blocks ?? []).flatMap((b) => b.items).filter((i) => i.markdownSpan === null).length,
    chunkPages: chunks.map((c) => c.pages),
    chunkTexts: chunks.map((c) => c.text),
    warning: whole.warning,
    pageWarnings: pages.flatMap((p) => p.warnings ?? []),
  });
}
console.log(JSON.stringify(out));`;
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', code],
      { encoding: 'utf8', maxBuffer: 256 << 20, timeout: 900_000 },
      (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout) as Compared[]),
    );
  });
}

const expectSame = (r: Compared) => {
  const what = JSON.stringify(r);
  expect(r.markdown, what).toBe(true);
  expect(r.blocks, what).toBe(true);
  expect(r.chunks, what).toBe(true);
  expect(r.offsets, what).toBe(true);
  expect(r.chunksInTime, what).toBe(true);
  expect(r.chunkCount, what).toBeGreaterThan(0);
};

/**
 * A report of `n` pages: a running header ("Coastal survey 2024 — field notes") and a page
 * number at the foot of every page, a title over the first page only, a chapter every fifth
 * page, and two paragraphs a page.
 */
function runningReport(n: number): Uint8Array {
  return simplePdf(
    Array.from({ length: n }, (_, i) => {
      const head = textOp(72, 760, 'Coastal survey 2024 - field notes', 9) + textOp(300, 30, `${i + 1}`, 9);
      const title = i === 0 ? textOp(72, 700, 'Shoreline retreat on the northern coast', 22) : '';
      const chapter =
        i % 5 === 0 ? textOp(72, 660, `Chapter ${i / 5 + 1}: Station group ${i / 5 + 1}`, 16) : '';
      const para = (y: number, k: number) =>
        [0, 1, 2, 3, 4]
          .map((l) =>
            textOp(
              72,
              y - l * 14,
              `Page ${i + 1} paragraph ${k} line ${l + 1}: the dune front moved back after the storms.`,
              11,
            ),
          )
          .join('');
      return head + title + chapter + para(620, 1) + para(520, 2);
    }),
  );
}

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-pages-stream-'));
  report = join(dir, 'report.pdf');
  writeFileSync(report, runningReport(30));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHUNKS = { type: 'chunks', size: 600, overlap: 80 };

describe('parsePages() joined is parse(): Markdown, blocks and chunks', { timeout: 900_000 }, () => {
  it('on a 30-page report with a running header and page numbers, furniture dropped, kept and separated', async () => {
    const runs = await Promise.all(
      (['drop', 'keep', 'separate'] as const).map((furniture) =>
        compare([report], {
          formats: ['markdown', CHUNKS],
          parsers: [{ type: 'pdf', mode: 'fast', blocks: true, pageMarkers: true, furniture }],
        }).then(([r]) => ({ furniture, r })),
      ),
    );
    for (const { furniture, r } of runs) {
      expectSame(r);
      expect(r.pages).toBe(30);
      // Chunks came out page by page, not all at the end.
      expect(r.chunksEarly, furniture).toBeGreaterThan(r.chunkCount / 2);
    }
    const by = Object.fromEntries(runs.map(({ furniture, r }) => [furniture, r]));
    // 30 running headers and 30 page numbers are furniture; the title over page 1 is not.
    expect(by.drop.furnitureDropped).toBe('60');
    expect(by.keep.furnitureDropped).toBeUndefined();
    expect(by.separate.separated).toBe(60);
  });

  it('fast mode on a scan: the pages it read no text from are named, whole and page by page', async () => {
    const [r] = await compare([SCAN], { parsers: [{ type: 'pdf', mode: 'fast' }] });
    expect(r.markdown && r.offsets, JSON.stringify(r)).toBe(true);
    expect(r.pages).toBe(2);
    expect(r.warning).toContain('PDF pages 1, 2: no text layer');
    expect(r.pageWarnings).toEqual([
      expect.stringContaining('PDF page 1: no text layer'),
      expect.stringContaining('PDF page 2: no text layer'),
    ]);
  });

  it('on a table continued across a page break (joined), with chunks in tokens', async () => {
    const [r] = await compare([CONTINUED], {
      formats: ['markdown', { type: 'chunks', size: 200, unit: 'tokens' }],
      parsers: [{ type: 'pdf', mode: 'fast', blocks: true }],
    });
    expectSame(r);
    // Every station's row is in exactly one chunk (the part on page 2 is not chunked twice),
    // and the chunk holding the rows that run onto page 2 names both pages.
    for (let i = 1; i <= 60; i++)
      expect(r.chunkTexts.filter((t) => t.includes(`| Station ${i} |`)).length, `Station ${i}`).toBe(1);
    expect(r.chunkPages).toContainEqual([1, 2]);
  });

  it('on a table continued over four pages, the middle two filled by the table', async () => {
    // fixtures/pdf-classes/table-continued-caption.pdf (tests/pdf-classes-cli.test.ts): the page
    // where the table starts is given with the whole table, its chunk naming all four pages.
    const [r] = await compare([resolve(ROOT, 'fixtures/pdf-classes/table-continued-caption.pdf')], {
      formats: ['markdown', CHUNKS],
      parsers: [{ type: 'pdf', mode: 'fast', blocks: true }],
    });
    const what = JSON.stringify(r);
    expect(r.markdown && r.blocks && r.chunks && r.offsets, what).toBe(true);
    expect(r.chunkPages, what).toContainEqual([2, 3, 4, 5]);
  });

  it.skipIf(!hasCorpora)(
    'on all of dpbench-dev joined eight pages at a time, and the ICDAR 2013 reports of more pages',
    async () => {
      const pdfs = readdirSync(DPBENCH)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => join(DPBENCH, f));
      const joined: string[] = [];
      for (let i = 0; i < pdfs.length; i += 8) {
        const out = join(dir, `dpbench-${i / 8 + 1}.pdf`);
        execFileSync('qpdf', ['--empty', '--pages', ...pdfs.slice(i, i + 8), '--', out]);
        joined.push(out);
      }
      const icdar = ['eu-013.pdf', 'eu-021.pdf', 'us-018.pdf'].map((f) => join(ICDAR, f));
      const [dp, ic] = await Promise.all([
        compare(joined, {
          formats: ['markdown', CHUNKS],
          parsers: [{ type: 'pdf', mode: 'fast', blocks: true, pageMarkers: true }],
        }),
        compare(icdar, {
          formats: ['markdown', CHUNKS],
          parsers: [{ type: 'pdf', mode: 'fast', blocks: true, furniture: 'separate' }],
        }),
      ]);
      expect(dp.reduce((n, r) => n + r.pages, 0)).toBe(pdfs.length);
      for (const r of [...dp, ...ic]) expectSame(r);
      // The government reports' running lines are found page by page as in the whole document.
      expect(ic.reduce((n, r) => n + r.separated, 0)).toBeGreaterThan(10);
    },
  );
});
