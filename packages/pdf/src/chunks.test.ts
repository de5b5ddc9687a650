import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Chunk, ParserRegistry, parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { pdfParser } from './index.js';

// Issue 25's checks of the chunks format on dpbench-dev (100 pages of reports, papers and
// brochures, tables included): every chunk's boxes lie inside its pages, and every block of
// `blocks` belongs to exactly one chunk (whole, or cut into parts that tile it once).

const corpus = path.resolve(
  process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev/pdfs',
);
const hasCorpus = existsSync(corpus);
const registry = new ParserRegistry().register(pdfParser);

type Item = { id: string; bbox: number[]; markdownSpan: [number, number] | null };

function checkDocument(name: string, chunks: Chunk[], pages: { pageNumber: number; items: Item[] }[]): void {
  const pageNumbers = new Set(pages.map((p) => p.pageNumber));
  const whole = new Map<string, number>();
  const parts = new Map<string, { from: number; to: number; of: number }[]>();
  for (const c of chunks) {
    const partial = new Map((c.parts ?? []).map((p) => [p.id, p]));
    for (const r of c.regions) {
      expect(pageNumbers.has(r.pageNumber), `${name} ${c.id} page ${r.pageNumber}`).toBe(true);
      expect(c.pages).toContain(r.pageNumber);
      if (r.bbox.length) {
        const [x0, y0, x1, y1] = r.bbox;
        expect(x0 >= 0 && y0 >= 0 && x1 <= 1 && y1 <= 1, `${name} ${c.id} box ${r.bbox}`).toBe(true);
        expect(x0 <= x1 && y0 <= y1, `${name} ${c.id} box ${r.bbox}`).toBe(true);
      }
      for (const id of r.blocks) {
        const p = partial.get(id);
        if (p) parts.set(id, [...(parts.get(id) ?? []), p]);
        else whole.set(id, (whole.get(id) ?? 0) + 1);
      }
    }
  }
  for (const p of pages)
    for (const item of p.items) {
      if (!item.markdownSpan) continue;
      const w = whole.get(item.id) ?? 0;
      const ps = (parts.get(item.id) ?? []).sort((a, b) => a.from - b.from);
      if (ps.length === 0) {
        expect(w, `${name} ${item.id} is in ${w} chunks`).toBe(1);
        continue;
      }
      expect(w, `${name} ${item.id} whole and in parts`).toBe(0);
      // The parts tile the block: from 0 to its end, each starting where the last ended.
      expect(ps[0].from).toBe(0);
      for (let i = 1; i < ps.length; i++) expect(ps[i].from, `${name} ${item.id}`).toBe(ps[i - 1].to);
      expect(ps[ps.length - 1].to).toBe(ps[0].of);
    }
}

describe('chunks on dpbench-dev', () => {
  it.skipIf(!hasCorpus)(
    'every chunk lies inside its pages and every block belongs to exactly one chunk',
    async () => {
      const files = readdirSync(corpus)
        .filter((f) => f.endsWith('.pdf'))
        .sort();
      expect(files.length).toBe(100);
      let cut = 0;
      for (const f of files) {
        const bytes = readFileSync(path.join(corpus, f));
        for (const size of [300, 2000]) {
          const result = await parse(
            bytes,
            {
              formats: ['markdown', { type: 'chunks', size }],
              parsers: [{ type: 'pdf', mode: 'fast', blocks: true }],
            },
            { registry, filename: f },
          );
          const chunks = result.chunks ?? [];
          expect(chunks.length, f).toBeGreaterThan(0);
          for (const c of chunks) if (!c.oversize) expect(c.size, `${f} ${c.id}`).toBeLessThanOrEqual(size);
          cut += chunks.filter((c) => c.parts?.length).length;
          checkDocument(`${f}@${size}`, chunks, (result.blocks ?? []) as never);
        }
      }
      // The small budget cuts tables, lists and paragraphs: the tiling check did run on parts.
      expect(cut).toBeGreaterThan(20);
    },
    600_000,
  );

  it.skipIf(!hasCorpus)('gives the same chunks for the same page and options', async () => {
    const f = readdirSync(corpus)
      .filter((x) => x.endsWith('.pdf'))
      .sort()[7];
    const bytes = readFileSync(path.join(corpus, f));
    const run = () =>
      parse(
        bytes,
        { formats: [{ type: 'chunks', size: 256, overlap: 40 }], parsers: [{ type: 'pdf', mode: 'fast' }] },
        { registry, filename: f },
      );
    expect(JSON.stringify((await run()).chunks)).toBe(JSON.stringify((await run()).chunks));
  });
});
