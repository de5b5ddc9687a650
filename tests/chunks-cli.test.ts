import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS, labelledPdf } from './helpers/labelled-pdf.js';
import { distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// Issue 25, part A, through the spawned `distill` command: the chunks format on a PDF, a DOCX
// and an HTML page (JSONL on stdout, .chunks.jsonl beside the Markdown in batch), printed page
// labels on a PDF with roman front matter, and page furniture kept apart.

interface ChunkOut {
  id: string;
  text: string;
  headingPath: string[];
  markdownSpan: [number, number];
  size: number;
  pages: number[];
  pageLabels?: string[];
  regions: { pageNumber: number; pageLabel?: string; bbox: number[]; blocks: string[] }[];
  parts?: { id: string; unit: string; from: number; to: number; of: number }[];
  overlap?: number;
  oversize?: true;
}

let dir: string;
let labelled: string;

const jsonl = (s: string): ChunkOut[] =>
  s
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ChunkOut);

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-chunks-'));
  labelled = join(dir, 'labelled.pdf');
  writeFileSync(labelled, labelledPdf());
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The chunks cover the Markdown's blocks in order: each chunk's text is its span, bar a repeated table header. */
function checkAgainstMarkdown(chunks: ChunkOut[], markdown: string): void {
  let last = 0;
  for (const c of chunks) {
    const [s, e] = c.markdownSpan;
    expect(s).toBeGreaterThanOrEqual(last - (c.overlap ?? 0));
    expect(e).toBeGreaterThan(s);
    const slice = markdown.slice(s, e);
    // The text is the slice, or a table header and the slice (rows continuing a table).
    expect(c.text.endsWith(slice) || c.text.startsWith('|') || c.text.startsWith('<table>')).toBe(true);
    last = e;
  }
}

describe('distill parse --chunks, spawned', { timeout: 180_000 }, () => {
  it('chunks a PDF, a DOCX and an HTML page by their headings, within the budget', async () => {
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html']) {
      const r = await distill(['parse', join(EXAMPLE, f), '--chunks', '--chunk-size', '400']);
      expect(r.status, r.stderr).toBe(0);
      const chunks = jsonl(r.stdout);
      expect(chunks.length, f).toBeGreaterThan(1);
      expect(chunks.map((c) => c.id)).toEqual(chunks.map((_, i) => `c${i}`));
      for (const c of chunks) {
        if (!c.oversize) expect(c.size, `${f} ${c.id}`).toBeLessThanOrEqual(400);
        expect(c.size).toBe(c.text.length);
        expect(c.pages.length).toBeGreaterThan(0);
      }
      // Every chunk after the title sits under the document's title heading.
      expect(
        chunks.some((c) => c.headingPath.some((h) => /Coastal Erosion/.test(h))),
        f,
      ).toBe(true);
      // The table is in the chunks, its header repeated on every part of it.
      const tableChunks = chunks.filter((c) => /\| North Point \| 1\.8/.test(c.text));
      expect(tableChunks.length, f).toBe(1);
      const md = await distill(['parse', join(EXAMPLE, f), '--json', '--chunks', '--chunk-size', '400']);
      const data = JSON.parse(md.stdout).data as { markdown: string; chunks: ChunkOut[] };
      expect(data.chunks).toEqual(chunks);
      checkAgainstMarkdown(data.chunks, data.markdown);
    }
  });

  it('gives the PDF chunks their pages and per-page boxes inside the page', async () => {
    const r = await distill([
      'parse',
      join(EXAMPLE, 'field-notes.pdf'),
      '--json',
      '--blocks',
      '--chunks',
      '--chunk-size',
      '300',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout).data as {
      chunks: ChunkOut[];
      blocks: { pageNumber: number; items: { id: string }[] }[];
    };
    const ids = new Set(data.blocks.flatMap((p) => p.items.map((i) => i.id)));
    for (const c of data.chunks)
      for (const reg of c.regions) {
        expect(reg.bbox).toHaveLength(4);
        expect(Math.min(...reg.bbox)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...reg.bbox)).toBeLessThanOrEqual(1);
        for (const id of reg.blocks) expect(ids.has(id), id).toBe(true);
      }
  });

  it('counts tokens with the tokenizer asked for, and repeats an overlap within a section', async () => {
    const r = await distill([
      'parse',
      join(EXAMPLE, 'field-notes.html'),
      '--chunks',
      '--chunk-unit',
      'tokens',
      '--tokenizer',
      'cl100k_base',
      '--chunk-size',
      '30',
      '--chunk-overlap',
      '8',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const chunks = jsonl(r.stdout);
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) if (!c.oversize) expect(c.size).toBeLessThanOrEqual(30);
    // A table row over 30 tokens with its header is kept whole, and said so.
    expect(r.stderr).toMatch(/chunks? (is|are) larger than the budget of 30 tokens/);
    const overlapped = chunks.filter((c) => c.overlap);
    expect(overlapped.length).toBeGreaterThan(0);
    for (const c of overlapped) {
      const before = chunks[chunks.indexOf(c) - 1];
      expect(before.headingPath).toEqual(c.headingPath);
      // The repeated words are the end of the chunk before.
      expect(before.text.trimEnd().endsWith(c.text.slice(0, c.overlap).trim())).toBe(true);
    }
  });

  it('refuses a bad chunk option with a usage error naming the field', async () => {
    const r = await distill(['parse', join(EXAMPLE, 'field-notes.pdf'), '--chunks', '--chunk-unit', 'words']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--chunk-unit: 'words' is not one of characters, tokens/);
    const o = await distill([
      'parse',
      join(EXAMPLE, 'field-notes.pdf'),
      '--chunk-size',
      '100',
      '--chunk-overlap',
      '100',
    ]);
    expect(o.status).toBe(2);
    expect(o.stderr).toMatch(/overlap must be smaller than the chunk size/);
  });
});

describe('page labels and furniture, spawned', { timeout: 180_000 }, () => {
  it('reports the printed page labels in pages, blocks, page markers and chunks', async () => {
    const r = await distill([
      'parse',
      labelled,
      '--pdf-mode',
      'fast',
      '--json',
      '--pages',
      '--blocks',
      '--page-markers',
      '--chunks',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout).data as {
      markdown: string;
      pages: { pageNumber: number; pageLabel?: string }[];
      blocks: { pageNumber: number; pageLabel?: string; items: { pageLabel?: string }[] }[];
      chunks: ChunkOut[];
    };
    expect(data.pages.map((p) => [p.pageNumber, p.pageLabel])).toEqual(LABELS.map((l, i) => [i + 1, l]));
    expect(data.blocks.map((p) => p.pageLabel)).toEqual(LABELS);
    for (const p of data.blocks)
      for (const it of p.items) expect(it.pageLabel).toBe(LABELS[p.pageNumber - 1]);
    expect(data.markdown).toContain('<!-- page 2 label="ii" -->');
    expect(data.markdown).toContain('<!-- page 3 label="1" -->');
    expect(data.markdown).toContain('<!-- page 6 label="A-1" -->');
    const methods = data.chunks.find((c) => c.headingPath.includes('Methods'))!;
    expect(methods.pages).toEqual([4]);
    expect(methods.pageLabels).toEqual(['2']);
    expect(methods.regions[0].pageLabel).toBe('2');
    const appendix = data.chunks.find((c) => c.text.includes('Lighthouse Steps'))!;
    expect(appendix.pageLabels).toEqual(['A-1']);
  });

  it('drops running headers and page numbers by default, keeps or separates them on request', async () => {
    const base = ['parse', labelled, '--pdf-mode', 'fast', '--json', '--blocks'];
    const dropped = JSON.parse((await distill(base)).stdout).data;
    expect(dropped.markdown).not.toContain('Report to the Board');
    expect(dropped.markdown).not.toMatch(/Page 2/);
    expect(dropped.markdown).toContain('Surveyors walked the wall');
    expect(dropped.metadata.furnitureDropped).toBe('8');

    const kept = JSON.parse((await distill([...base, '--furniture', 'keep'])).stdout).data;
    expect(kept.markdown.match(/Report to the Board/g)).toHaveLength(4);
    expect(kept.markdown).toContain('Page A-1');

    const sep = await distill([...base, '--furniture', 'separate']);
    expect(sep.status, sep.stderr).toBe(0);
    const data = JSON.parse(sep.stdout).data as {
      markdown: string;
      blocks: { pageNumber: number; items: { label: string; content: string; markdownSpan: unknown }[] }[];
    };
    expect(data.markdown).toBe(dropped.markdown);
    const furniture = data.blocks.flatMap((p) =>
      p.items.filter((i) => i.label === 'page-header' || i.label === 'page-footer'),
    );
    expect(furniture.map((i) => i.content)).toEqual([
      'Harbour Survey 2024 - Report to the Board',
      'Page 1',
      'Harbour Survey 2024 - Report to the Board',
      'Page 2',
      'Harbour Survey 2024 - Report to the Board',
      'Page 3',
      'Harbour Survey 2024 - Report to the Board',
      'Page A-1',
    ]);
    for (const i of furniture) expect(i.markdownSpan).toBeNull();
    // The rest of the blocks still slice their text out of the Markdown.
    for (const p of data.blocks)
      for (const i of p.items)
        if (i.markdownSpan) {
          const [s, e] = i.markdownSpan as [number, number];
          expect(data.markdown.slice(s, e).length).toBeGreaterThan(0);
        }
  });

  it('gives each block its lines with boxes on request', async () => {
    const r = await distill(['parse', labelled, '--pdf-mode', 'fast', '--json', '--blocks', '--lines']);
    const items = (
      JSON.parse(r.stdout).data.blocks as {
        items: { content: string; lines?: { text: string; bbox: number[] }[] }[];
      }[]
    ).flatMap((p) => p.items);
    const methods = items.find((i) => i.content.startsWith('Surveyors walked'))!;
    expect(methods.lines?.map((l) => l.text)).toEqual([
      'Surveyors walked the wall at spring low tide with a laser level and a steel tape. The',
      'markers were read to the nearest centimetre, twice, and the mean of the two readings',
      'kept. Where a marker was lost the nearest sound stone was used and noted as such.',
    ]);
    for (const l of methods.lines!) expect(l.bbox).toHaveLength(4);
    // Off by default: responses stay small.
    const plain = await distill(['parse', labelled, '--pdf-mode', 'fast', '--json', '--blocks']);
    expect(plain.stdout).not.toContain('"lines"');
  });
});

describe('the equivalent of a page for formats without pages, spawned', { timeout: 180_000 }, () => {
  const ROUNDTRIP = join(EXAMPLE, '..', 'office-roundtrip');
  type Items = { pageNumber: number; items: { content: string; origin?: Record<string, unknown> }[] }[];
  const blocksOf = async (f: string) => {
    const r = await distill(['parse', join(ROUNDTRIP, f), '--json', '--blocks', '--chunks']);
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout).data as { blocks: Items; chunks: ChunkOut[] };
  };

  it('gives slides their slide number (ppt, odp)', async () => {
    for (const f of ['roundtrip.ppt', 'roundtrip.odp']) {
      const { blocks, chunks } = await blocksOf(f);
      const budget = blocks.flatMap((p) => p.items.map((i) => ({ ...i, page: p.pageNumber })));
      const servers = budget.find((i) => i.content.includes('Servers'))!;
      expect(servers.origin, f).toEqual({ slide: 2 });
      expect(servers.page, f).toBe(2);
      expect(chunks.find((c) => c.text.includes('Thanks for listening'))!.pages, f).toEqual([3]);
    }
  });

  it('gives a sheet its name and a table its cell range (xls)', async () => {
    const { blocks } = await blocksOf('roundtrip.xls');
    const items = blocks.flatMap((p) => p.items);
    const table = items.find((i) => i.content.includes('Widget'))!;
    expect(table.origin).toEqual({ sheet: 'Sales', range: 'A1:D4' });
    expect(blocks.map((p) => p.items[0]?.origin?.sheet)).toEqual(['Sales', 'Notes']);
  });

  it('gives a book its chapters (epub)', async () => {
    const { blocks } = await blocksOf('roundtrip.epub');
    // The book's metadata lines come first, from no chapter; every block after is in one.
    const items = blocks.flatMap((p) => p.items.map((i) => ({ ...i, page: p.pageNumber })));
    const first = items.findIndex((i) => i.origin);
    expect(first).toBeGreaterThan(0);
    for (const i of items.slice(first)) {
      expect(i.origin?.chapter).toMatch(/^EPUB\/text\/.+\.x?html$/);
    }
    expect(new Set(items.slice(first).map((i) => i.origin?.chapter)).size).toBeGreaterThan(1);
  });
});

describe('distill batch --chunks, spawned', { timeout: 180_000 }, () => {
  it('writes the chunks as JSONL beside the Markdown', async () => {
    const input = join(dir, 'in');
    mkdirSync(input);
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html'])
      writeFileSync(join(input, f), readFileSync(join(EXAMPLE, f)));
    const out = join(dir, 'out');
    const r = await distill(['batch', input, '--out', out, '--chunks', '--chunk-size', '500']);
    expect(r.status, r.stderr).toBe(0);
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html']) {
      const md = readFileSync(join(out, `${f}.md`), 'utf8');
      const chunks = jsonl(readFileSync(join(out, `${f}.chunks.jsonl`), 'utf8'));
      expect(chunks.length, f).toBeGreaterThan(0);
      checkAgainstMarkdown(chunks, md);
    }
    // Same input and options: the same bytes.
    const again = join(dir, 'again');
    await distill(['batch', input, '--out', again, '--chunks', '--chunk-size', '500']);
    for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html'])
      expect(readFileSync(join(again, `${f}.chunks.jsonl`), 'utf8')).toBe(
        readFileSync(join(out, `${f}.chunks.jsonl`), 'utf8'),
      );
  });
});
