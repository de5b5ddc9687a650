import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { blockToMarkdown, DistillError, type Doc, ParserRegistry, parse, toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { parsePdf, pdfParser, sourceWorkerScript } from './index.js';
import { buildPdf, simplePdf, textOp } from './testing/raw-pdf.js';

const corpus = path.resolve(
  process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev/pdfs',
);
const hasCorpus = existsSync(corpus);
const registry = new ParserRegistry().register(pdfParser);
const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

function threePages(): Uint8Array {
  return simplePdf(
    [1, 2, 3].map(
      (n) =>
        textOp(72, 720, `Chapter ${n}`, 20) +
        textOp(72, 680, `This is the body of page ${n}, a sentence long enough to be a paragraph.`) +
        textOp(72, 664, 'It continues on a second line of the same paragraph.'),
    ),
    {
      info: "<< /Title (Three pages) /Author (Ada Lovelace) /Subject (Testing) /Keywords (pdf, test) /Producer (raw-pdf) /CreationDate (D:20240102030405Z) /ModDate (D:20240203040506+01'00') >>",
    },
  );
}

async function expectCatalogueErrorOrDoc(work: Promise<Doc>): Promise<void> {
  try {
    const doc = await work;
    expect(Array.isArray(doc.blocks)).toBe(true);
  } catch (e) {
    expect(e).toBeInstanceOf(DistillError);
  }
}

describe('pdf parser: structure and options', () => {
  it('reads text, headings, metadata and page sizes', async () => {
    const doc = await parsePdf(threePages(), { worker: false });
    const md = toMarkdown(doc.blocks).markdown;
    expect(md).toContain('# Chapter 1');
    expect(md).toContain('This is the body of page 2');
    expect(doc.metadata).toMatchObject({
      title: 'Three pages',
      author: 'Ada Lovelace',
      subject: 'Testing',
      keywords: 'pdf, test',
      producer: 'raw-pdf',
      creationDate: '2024-01-02T03:04:05.000Z',
      modificationDate: '2024-02-03T03:05:06.000Z',
      numPages: 3,
      totalPages: 3,
    });
    expect(doc.pages?.map((p) => [p.pageNumber, p.width, p.height])).toEqual([
      [1, 612, 792],
      [2, 612, 792],
      [3, 612, 792],
    ]);
    const heading = doc.blocks.find((b) => b.kind === 'heading');
    expect(heading && 'prov' in heading ? heading.prov?.page : 0).toBe(1);
    const bbox = heading && 'prov' in heading ? heading.prov?.bbox : undefined;
    expect(bbox).toBeDefined();
    for (const v of bbox ?? []) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('writes page markers between pages only, and honours maxPages', async () => {
    const result = await parse(
      threePages(),
      { parsers: [{ type: 'pdf', pageMarkers: true, pages: true, maxPages: 2 }] },
      { registry, filename: 'three.pdf' },
    );
    const md = result.markdown ?? '';
    expect(md.startsWith('# Chapter 1')).toBe(true);
    expect(md).toContain('\n\n---\n\n<!-- page 2 -->\n\n# Chapter 2');
    expect(md).not.toContain('<!-- page 1 -->');
    expect(md).not.toContain('Chapter 3');
    expect(result.metadata.numPages).toBe(2);
    expect(result.metadata.totalPages).toBe(3);
    expect(result.pages?.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect(result.pages?.[1].markdown).toContain('# Chapter 2');
  });

  it('links from annotations and ruled tables from drawn lines', async () => {
    const grid: string[] = [];
    for (const y of [700, 680, 660, 640]) grid.push(`72 ${y} m 372 ${y} l S\n`);
    for (const x of [72, 222, 372]) grid.push(`${x} 640 m ${x} 700 l S\n`);
    const content =
      textOp(72, 750, 'See the site for more.') +
      grid.join('') +
      textOp(80, 686, 'Name', 10) +
      textOp(230, 686, 'Value', 10) +
      textOp(80, 666, 'alpha', 10) +
      textOp(230, 666, '1', 10) +
      textOp(80, 646, 'beta', 10) +
      textOp(230, 646, '2', 10);
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [6 0 R] >>',
      { dict: '<< >>', stream: content },
      '<< /Type /Annot /Subtype /Link /Rect [116 745 136 765] /A << /S /URI /URI (https://example.com/) >> >>',
    ]);
    const doc = await parsePdf(pdf, { worker: false });
    const md = toMarkdown(doc.blocks).markdown;
    expect(md).toContain('[site](https://example.com/)');
    expect(md).toContain('| Name | Value |');
    expect(md).toContain('| alpha | 1 |');
    expect(md).toContain('| beta | 2 |');
  });

  it('lays pages out on worker threads with the same result as in this thread', async () => {
    const pages = Array.from({ length: 8 }, (_, i) => textOp(72, 700, `Worker page ${i + 1} text.`));
    const pdf = simplePdf(pages);
    const inThread = await parsePdf(pdf, { worker: false });
    const onWorkers = await parsePdf(pdf, { worker: sourceWorkerScript() });
    expect(toMarkdown(onWorkers.blocks).markdown).toBe(toMarkdown(inThread.blocks).markdown);
    expect(onWorkers.metadata.numPages).toBe(8);
  });

  it.skipIf(!hasCorpus)(
    'every block markdownSpan slices its block out of the Markdown (dpbench pages)',
    async () => {
      for (const id of ['01030000000002', '01030000000046', '01030000000116', '01030000000196']) {
        const bytes = readFileSync(path.join(corpus, `${id}.pdf`));
        const doc = await parsePdf(new Uint8Array(bytes), { worker: false });
        const out = toMarkdown(doc.blocks, { pageMarkers: true });
        doc.blocks.forEach((b, i) => {
          const [s, e] = out.spans[i];
          expect(out.markdown.slice(s, e)).toBe(blockToMarkdown(b, { pageMarkers: true }));
        });
        const result = await parse(
          bytes,
          { parsers: [{ type: 'pdf', blocks: true }] },
          { registry, filename: `${id}.pdf` },
        );
        const md = result.markdown ?? '';
        const items = result.blocks?.flatMap((p) => p.items) ?? [];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) {
          expect(item.bbox).toHaveLength(4);
          expect(md.slice(item.markdownSpan![0], item.markdownSpan![1]).length).toBeGreaterThan(0);
        }
        expect(result.blocks?.[0]).toMatchObject({ pageNumber: 1, status: 'ok' });
        expect(result.blocks?.[0].width).toBeGreaterThan(0);
      }
    },
  );
});

describe('pdf parser: hostile input', () => {
  it('a truncated file ends in a catalogue error or best-effort output', async () => {
    const whole = threePages();
    for (const cut of [0.3, 0.6, 0.9]) {
      await expectCatalogueErrorOrDoc(
        parsePdf(whole.slice(0, Math.floor(whole.length * cut)), { worker: false }),
      );
    }
    await expect(parsePdf(whole.slice(0, 20), { worker: false })).rejects.toMatchObject({
      code: 'FILE_CORRUPT',
    });
  });

  it('a .pdf that is really HTML is not taken for a PDF', async () => {
    const html = new TextEncoder().encode('<!doctype html><html><body><p>Hello</p></body></html>');
    await expect(parsePdf(html, { worker: false })).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    // Through the engine, detection goes by the bytes: no PDF parser is reached.
    await expect(parse(html, {}, { registry, filename: 'fake.pdf' })).rejects.toBeInstanceOf(DistillError);
  });

  it('100,000 tiny text runs on one page', async () => {
    const ops: string[] = ['BT /F1 2 Tf\n'];
    for (let i = 0; i < 100_000; i++)
      ops.push(`1 0 0 1 ${10 + (i % 250) * 2.3} ${20 + Math.floor(i / 250) * 1.9} Tm (a) Tj\n`);
    ops.push('ET\n');
    const doc = await parsePdf(simplePdf([ops.join('')]), { worker: false });
    expect(doc.metadata.numPages).toBe(1);
  });

  it('a page larger than 200 x 200 inches', async () => {
    const doc = await parsePdf(
      simplePdf([textOp(100, 14_000, 'Far up a huge page')], { mediaBox: [0, 0, 15_000, 15_000] }),
      {
        worker: false,
      },
    );
    expect(toMarkdown(doc.blocks).markdown).toContain('Far up a huge page');
    expect(doc.pages?.[0].width).toBe(15_000);
  });

  it('a bomb of nested forms: the fast reader skips forms past its budget, pdf.js is cut off on a worker', async () => {
    const depth = 9;
    const extra: { dict: string; stream: string }[] = [];
    const first = 6;
    for (let k = 0; k < depth; k++) {
      const inner =
        k === 0 ? textOp(10, 10, 'x', 8) : Array.from({ length: 10 }, () => `q /X${k - 1} Do Q\n`).join('');
      const res =
        k === 0 ? '<< /Font << /F1 3 0 R >> >>' : `<< /XObject << /X${k - 1} ${first + k - 1} 0 R >> >>`;
      extra.push({
        dict: `<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources ${res} >>`,
        stream: inner,
      });
    }
    const pdf = simplePdf([`q /X${depth - 1} Do Q\n${textOp(72, 700, 'Hello bomb')}`], {
      extra,
      resources: `/XObject << /X${depth - 1} ${first + depth - 1} 0 R >>`,
    });
    const fast = await parsePdf(pdf, { worker: false });
    expect(toMarkdown(fast.blocks).markdown).toContain('Hello bomb');
    const viaPdfjs = { worker: sourceWorkerScript(), reader: 'pdfjs' as const };
    await expect(parsePdf(pdf, { ...viaPdfjs, pageTimeoutMs: 4000 })).rejects.toMatchObject({
      code: 'FILE_CORRUPT',
    });
    // The request timeout also ends it, as a timeout.
    await expect(parsePdf(pdf, { ...viaPdfjs, signal: AbortSignal.timeout(3000) })).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
    });
  });

  it.skipIf(!hasQpdf)('encrypted: an empty user password opens, a real one is FILE_ENCRYPTED', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'distill-pdf-'));
    const plain = path.join(dir, 'plain.pdf');
    await import('node:fs').then((fs) => fs.writeFileSync(plain, threePages()));
    const open = path.join(dir, 'open.pdf');
    const locked = path.join(dir, 'locked.pdf');
    spawnSync('qpdf', ['--encrypt', '', 'owner', '256', '--', plain, open]);
    spawnSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, locked]);
    const doc = await parsePdf(new Uint8Array(readFileSync(open)), { worker: false });
    expect(toMarkdown(doc.blocks).markdown).toContain('Chapter 1');
    await expect(parsePdf(new Uint8Array(readFileSync(locked)), { worker: false })).rejects.toMatchObject({
      code: 'FILE_ENCRYPTED',
    });
  });

  it('a PDF without pages is FILE_CORRUPT', async () => {
    const pdf = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
    await expect(parsePdf(pdf, { worker: false })).rejects.toBeInstanceOf(DistillError);
  });
});
