import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl, { type ParseFormatOption, type PDFParser, SdkError } from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS, labelledPdf } from './helpers/labelled-pdf.js';
import { ApiDocument, type ValidatingProxy, validatingProxy } from './helpers/openapi.js';
import { EXAMPLE, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// Issue 25, part A, through `distill serve` spawned and the official firecrawl client from npm.
// The client passes `formats` through as given: a plain string it does not know ('chunks') and
// an object of a type it does not know ({type: 'chunks', ...}) both go to the server unchanged
// (its parse check refuses only screenshot, changeTracking, branding, audio and video); the
// types ask for a cast. Extra keys of the pdf parser object (furniture, lines) go through the
// same way. Every response passes through a proxy that checks it against /v2/openapi.json.

const KEY = 'fd-chunks-key';
let dir: string;
let served: Served;
let proxy: ValidatingProxy;
let client: Firecrawl;
let site: Server;
let pageUrl: string;

interface ChunkOut {
  text: string;
  headingPath: string[];
  markdownSpan: [number, number];
  size: number;
  pages: number[];
  pageLabels?: string[];
  regions: { pageNumber: number; pageLabel?: string; bbox: number[]; blocks: string[] }[];
  oversize?: true;
}

/** The chunks format as the client lets it through: a string or an object it does not type. */
const chunks = (o: Record<string, unknown> = {}) =>
  (Object.keys(o).length ? { type: 'chunks', ...o } : 'chunks') as unknown as ParseFormatOption;

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-serve-chunks-'));
  // A page on loopback for scrape: the example's HTML as a site would serve it.
  const html = readFileSync(join(EXAMPLE, 'field-notes.html'));
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/field-notes`;
  served = await serveProcess(['--data-dir', join(dir, 'data'), '--allow-private-urls'], {
    DISTILL_API_KEYS: KEY,
    DISTILL_INDEX: '',
  });
  const api = await ApiDocument.load(served.url);
  proxy = await validatingProxy(served.url, api);
  client = new Firecrawl({ apiKey: KEY, apiUrl: proxy.url });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  expect(await served?.stop()).toBe(0);
  site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(
  'chunks, page labels and furniture through distill serve and the firecrawl client',
  { timeout: 120_000 },
  () => {
    it('returns chunks of a PDF, a DOCX and an HTML page beside the Markdown', async () => {
      for (const f of ['field-notes.pdf', 'field-notes.docx', 'field-notes.html']) {
        const doc = (await client.parse(
          { data: readFileSync(join(EXAMPLE, f)), filename: f },
          { formats: ['markdown', chunks({ size: 400 })] },
        )) as { markdown: string; chunks: ChunkOut[] };
        expect(doc.chunks.length, f).toBeGreaterThan(1);
        for (const c of doc.chunks) {
          if (!c.oversize) expect(c.size).toBeLessThanOrEqual(400);
          expect(doc.markdown.slice(c.markdownSpan[0], c.markdownSpan[1]).length).toBeGreaterThan(0);
        }
        expect(
          doc.chunks.some((c) => c.headingPath.some((h) => /Coastal Erosion/.test(h))),
          f,
        ).toBe(true);
        // The plain string form gives the defaults (2000 characters): one chunk per section here.
        const plain = (await client.parse(
          { data: readFileSync(join(EXAMPLE, f)), filename: f },
          { formats: [chunks()] },
        )) as { markdown?: string; chunks: ChunkOut[] };
        expect(plain.markdown).toBeUndefined();
        expect(plain.chunks.length).toBeLessThanOrEqual(doc.chunks.length);
        expect(plain.chunks.map((c) => c.headingPath.at(-1))).toEqual([
          ...new Set(doc.chunks.map((c) => c.headingPath.at(-1))),
        ]);
        for (const c of plain.chunks) expect(c.size).toBeLessThanOrEqual(2000);
      }
      expect(proxy.problems).toEqual([]);
    });

    it('returns chunks of a scraped page', async () => {
      const doc = (await client.scrape(pageUrl, {
        formats: ['markdown', { type: 'chunks', size: 400 } as never],
      })) as unknown as { markdown: string; chunks: ChunkOut[] };
      expect(doc.chunks.length).toBeGreaterThan(1);
      for (const c of doc.chunks)
        expect(doc.markdown.slice(c.markdownSpan[0], c.markdownSpan[1]).length).toBeGreaterThan(0);
      expect(doc.chunks.some((c) => c.headingPath.includes('Results'))).toBe(true);
      expect(proxy.problems).toEqual([]);
    });

    it("counts tokens in the server's parse threads", async () => {
      const doc = (await client.parse(
        { data: readFileSync(join(EXAMPLE, 'field-notes.html')), filename: 'field-notes.html' },
        { formats: [chunks({ unit: 'tokens', tokenizer: 'cl100k_base', size: 40 })] },
      )) as { chunks: ChunkOut[] };
      expect(doc.chunks.length).toBeGreaterThan(3);
      // Tokens, not characters: a chunk of 40 tokens holds well over 40 characters.
      for (const c of doc.chunks) if (!c.oversize) expect(c.size).toBeLessThanOrEqual(40);
      expect(Math.max(...doc.chunks.map((c) => c.text.length))).toBeGreaterThan(100);
      expect(proxy.problems).toEqual([]);
    });

    it('reports printed page labels in pages, blocks, markers and chunks', async () => {
      const doc = (await client.parse(
        { data: Buffer.from(labelledPdf()), filename: 'report.pdf' },
        {
          formats: ['markdown', chunks()],
          parsers: [{ type: 'pdf', mode: 'fast', pages: true, blocks: true, pageMarkers: true }],
        },
      )) as unknown as {
        markdown: string;
        pages: { pageNumber: number; pageLabel?: string }[];
        blocks: { pageLabel?: string; items: { pageLabel?: string }[] }[];
        chunks: ChunkOut[];
      };
      expect(doc.pages.map((p) => p.pageLabel)).toEqual(LABELS);
      expect(doc.blocks.map((p) => p.pageLabel)).toEqual(LABELS);
      expect(doc.markdown).toContain('<!-- page 6 label="A-1" -->');
      const findings = doc.chunks.find((c) => c.headingPath.includes('Findings'))!;
      expect(findings.pageLabels).toEqual(['3']);
      expect(proxy.problems).toEqual([]);
    });

    it('keeps furniture out of the Markdown and lists it in blocks with furniture: separate', async () => {
      const data = Buffer.from(labelledPdf());
      const sep = (await client.parse(
        { data, filename: 'report.pdf' },
        { parsers: [{ type: 'pdf', mode: 'fast', blocks: true, furniture: 'separate' } as PDFParser] },
      )) as { markdown: string; blocks: { items: { label: string; markdownSpan: unknown }[] }[] };
      expect(sep.markdown).not.toContain('Report to the Board');
      const furniture = sep.blocks
        .flatMap((p) => p.items)
        .filter((i) => /page-(header|footer)/.test(i.label));
      expect(furniture).toHaveLength(8);
      for (const i of furniture) expect(i.markdownSpan).toBeNull();
      const kept = await client.parse(
        { data, filename: 'report.pdf' },
        { parsers: [{ type: 'pdf', mode: 'fast', furniture: 'keep' } as PDFParser] },
      );
      expect(kept.markdown).toContain('Report to the Board');
      expect(proxy.problems).toEqual([]);
    });

    it('answers a bad chunks option with the catalogue 400 naming the field', async () => {
      const err = await client
        .parse(
          { data: readFileSync(join(EXAMPLE, 'field-notes.html')), filename: 'field-notes.html' },
          { formats: [chunks({ size: 100, overlap: 200 })] },
        )
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SdkError);
      expect((err as SdkError).status).toBe(400);
      expect((err as SdkError).message).toMatch(/overlap must be smaller than the chunk size/);
      expect(proxy.problems).toEqual([]);
    });
  },
);
