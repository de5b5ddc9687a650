import { describe, expect, it } from 'vitest';
import { emitResult } from '../engine/parse.js';
import { cell, paragraph } from '../model/build.js';
import type { Block, Doc } from '../model/types.js';
import { type ParseOptionsInput, parseOptionsSchema } from '../options/parse-options.js';
import { validate } from '../options/validate.js';

// The chunker on documents built by hand: what it keeps whole, where it cuts, what it repeats.

const h = (level: 1 | 2 | 3, text: string): Block => ({
  kind: 'heading',
  level,
  content: [{ kind: 'text', text }],
});

function chunk(blocks: Block[], chunks: Record<string, unknown>, extra: ParseOptionsInput = {}) {
  const doc: Doc = { blocks, metadata: {} };
  const options = validate(parseOptionsSchema, {
    formats: ['markdown', { type: 'chunks', ...chunks }],
    ...extra,
  });
  return emitResult({ doc, format: 'docx', options, warnings: [], bytes: new Uint8Array() });
}

const sentence = (n: number) => `Sentence number ${n} says a little about the harbour wall.`;

describe('chunkMarkdown', () => {
  it('starts a chunk at every heading and carries the heading path', () => {
    const r = chunk(
      [h(1, 'Report'), h(2, 'Methods'), paragraph('We walked.'), h(2, 'Findings'), paragraph('It moved.')],
      { size: 1000 },
    );
    expect(r.chunks!.map((c) => [c.headingPath, c.text])).toEqual([
      [['Report', 'Methods'], '# Report\n\n## Methods\n\nWe walked.'],
      [['Report', 'Findings'], '## Findings\n\nIt moved.'],
    ]);
    for (const c of r.chunks!) expect(r.markdown!.slice(...c.markdownSpan)).toBe(c.text);
  });

  it('cuts a long table between rows and repeats its header', () => {
    const rows = [
      [cell('Station'), cell('Retreat')],
      ...Array.from({ length: 40 }, (_, i) => [cell(`Station ${i}`), cell(`${i / 10}`)]),
    ];
    const r = chunk([h(1, 'Data'), { kind: 'table', rows }], { size: 200 });
    const chunks = r.chunks!;
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.size).toBeLessThanOrEqual(200);
      expect(c.text).toMatch(/\| Station \| Retreat \|\n\| --- \| --- \|/);
    }
    // Every row once, in order.
    const body = chunks.flatMap((c) => c.text.split('\n').filter((l) => /^\| Station \d/.test(l)));
    expect(body).toEqual(Array.from({ length: 40 }, (_, i) => `| Station ${i} | ${i / 10} |`));
    const parts = chunks.map((c) => c.parts?.[0]);
    expect(parts[0]).toMatchObject({ unit: 'rows', from: 0, of: 41 });
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.from).toBe(parts[i - 1]!.to);
  });

  it('keeps a table whole when it fits', () => {
    const r = chunk(
      [
        {
          kind: 'table',
          rows: [
            [cell('a'), cell('b')],
            [cell('1'), cell('2')],
          ],
        },
      ],
      { size: 100 },
    );
    expect(r.chunks).toHaveLength(1);
    expect(r.chunks![0].parts).toBeUndefined();
  });

  it('never cuts a list item or a code block, and says when one is over the budget', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ blocks: [paragraph(sentence(i))] }));
    const code = `${'let x = 1;\n'.repeat(30)}`;
    const r = chunk(
      [
        { kind: 'list', ordered: false, items },
        { kind: 'code', text: code },
      ],
      { size: 180 },
    );
    const chunks = r.chunks!;
    for (const c of chunks.slice(0, -1)) {
      expect(c.size).toBeLessThanOrEqual(180);
      // Whole items only: every line of the chunk is an item.
      for (const line of c.text.split('\n')) expect(line).toMatch(/^\* Sentence number \d+ says/);
    }
    const last = chunks[chunks.length - 1];
    expect(last.text).toBe(`\`\`\`\n${code.trimEnd()}\n\`\`\``);
    expect(last.oversize).toBe(true);
    expect(r.warning).toMatch(/1 chunk is larger than the budget of 180 characters/);
  });

  it('cuts a long paragraph between sentences, the parts tiling it', () => {
    const text = Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ');
    const r = chunk([paragraph(text)], { size: 150 });
    const chunks = r.chunks!;
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.size).toBeLessThanOrEqual(150);
      expect(c.text).toMatch(/^Sentence number \d+ .*\.$/);
    }
    expect(chunks.map((c) => c.text).join(' ')).toBe(text);
    const parts = chunks.map((c) => c.parts![0]);
    expect(parts[0].from).toBe(0);
    expect(parts[parts.length - 1].to).toBe(text.length);
  });

  it('repeats the end of the previous chunk of the same section as overlap', () => {
    const paras = Array.from({ length: 8 }, (_, i) => paragraph(sentence(i)));
    const r = chunk([h(1, 'One'), ...paras, h(1, 'Two'), ...paras], { size: 200, overlap: 40 });
    const chunks = r.chunks!;
    for (const [i, c] of chunks.entries()) {
      expect(c.size).toBeLessThanOrEqual(200);
      expect(r.markdown!.slice(...c.markdownSpan)).toBe(c.text);
      if (!c.overlap) continue;
      const before = chunks[i - 1];
      expect(before.headingPath).toEqual(c.headingPath);
      expect(c.overlap).toBeLessThanOrEqual(42);
      expect(before.text.endsWith(c.text.slice(0, c.overlap).trimEnd())).toBe(true);
    }
    expect(chunks.filter((c) => c.overlap).length).toBeGreaterThan(1);
    // The first chunk of a section repeats nothing of the section before.
    expect(chunks.find((c) => c.headingPath[0] === 'Two')!.overlap).toBeUndefined();
  });

  it('reports the pages and boxes of laid-out blocks, and is deterministic', () => {
    const blocks: Block[] = [
      { ...(h(1, 'Title') as object), prov: { page: 1, bbox: [0.1, 0.1, 0.9, 0.15] } } as Block,
      {
        kind: 'paragraph',
        content: [{ kind: 'text', text: 'First page text.' }],
        prov: { page: 1, bbox: [0.1, 0.2, 0.8, 0.3] },
      },
      { kind: 'pageBreak', page: 2 },
      {
        kind: 'paragraph',
        content: [{ kind: 'text', text: 'Second page text.' }],
        prov: { page: 2, bbox: [0.2, 0.1, 0.7, 0.2] },
      },
    ];
    const doc: Doc = {
      blocks,
      metadata: {},
      pages: [
        { pageNumber: 1, width: 612, height: 792, label: 'iv' },
        { pageNumber: 2, width: 612, height: 792, label: 'v' },
      ],
    };
    const options = validate(parseOptionsSchema, {
      formats: [{ type: 'chunks' }],
      parsers: [{ type: 'pdf', blocks: true }],
    });
    const run = () => emitResult({ doc, format: 'pdf', options, warnings: [], bytes: new Uint8Array() });
    const r = run();
    expect(r.chunks).toHaveLength(1);
    expect(r.chunks![0]).toMatchObject({
      pages: [1, 2],
      pageLabels: ['iv', 'v'],
      regions: [
        { pageNumber: 1, pageLabel: 'iv', bbox: [0.1, 0.1, 0.9, 0.3], blocks: ['p1-b0', 'p1-b1'] },
        { pageNumber: 2, pageLabel: 'v', bbox: [0.2, 0.1, 0.7, 0.2], blocks: ['p2-b0'] },
      ],
    });
    expect(JSON.stringify(run())).toBe(JSON.stringify(r));
  });

  it('refuses a tokenizer with a character budget, and an overlap as large as the chunk', () => {
    expect(() => chunk([paragraph('x')], { unit: 'characters', tokenizer: 'cl100k_base' })).toThrow(
      /tokenizer/,
    );
    expect(() => chunk([paragraph('x')], { size: 100, overlap: 100 })).toThrow(/overlap must be smaller/);
  });
});

describe('the chunker as a stream (parsePages)', () => {
  it('gives page by page the chunks, Markdown and blocks one pass over the whole document gives', async () => {
    const { PageStream } = await import('../engine/page-stream.js');
    const long = Array.from({ length: 30 }, (_, i) => sentence(i)).join(' ');
    const list = (n: number): Block => ({
      kind: 'list',
      ordered: false,
      items: Array.from({ length: n }, (_, i) => ({ blocks: [paragraph(`Item ${i} of the list`)] })),
    });
    const rows = [
      [cell('Station'), cell('Retreat')],
      ...Array.from({ length: 30 }, (_, i) => [cell(`Station ${i}`), cell(`${i / 10}`)]),
    ];
    const pages: Block[][] = [
      [h(1, 'Report'), paragraph(sentence(1)), list(3)],
      [list(4), paragraph(long), h(2, 'Data')],
      [{ kind: 'table', rows }, paragraph(sentence(2))],
      [],
      [h(2, 'Findings'), paragraph(sentence(3)), paragraph(long)],
    ];
    for (const settings of [{ size: 300, overlap: 60 }, { size: 120 }]) {
      const options = validate(parseOptionsSchema, {
        formats: ['markdown', { type: 'chunks', ...settings }],
        parsers: [{ type: 'pdf', blocks: true, pageMarkers: true }],
      });
      // Every page listed, an empty one too, as a PDF's pages are.
      const info = pages.map((_, i) => ({ pageNumber: i + 1, width: 612, height: 792 }));
      const blocks = pages.flatMap((b, i) => (i ? [{ kind: 'pageBreak', page: i + 1 } as Block, ...b] : b));
      const whole = emitResult({
        doc: { blocks, metadata: {}, pages: info },
        format: 'pdf',
        options,
        warnings: [],
        bytes: new Uint8Array(),
      });
      const stream = new PageStream(options, 'pdf', undefined);
      const out = pages.map((b, i) =>
        stream.page(
          { pageNumber: i + 1, totalPages: pages.length, blocks: b, page: info[i] },
          i === pages.length - 1,
        ),
      );
      const joined = `${out
        .map((p) => p.markdown.replace(/\n$/, ''))
        .filter(Boolean)
        .join('\n\n')}\n`;
      expect(joined).toBe(whole.markdown);
      expect(out.flatMap((p) => p.chunks ?? [])).toEqual(whole.chunks);
      expect(out.map((p) => p.blocks)).toEqual(whole.blocks);
      // Chunks came out as pages went, not all with the last page.
      expect(out.slice(0, -1).some((p) => p.chunks?.length)).toBe(true);
    }
  });
});
