/**
 * Speed of the `chunks` format: the chunker alone, on documents already parsed, in characters
 * and in tokens (gpt-tokenizer's o200k_base), on dpbench-dev's 100 pages (each its own
 * document) and on one long document of 1,000 pages (dpbench-dev's pages ten times over, as
 * one model with page breaks).
 *
 *   pnpm bench chunks [--corpus DIR] [--runs 5] [--copies 10]
 *
 * Chunking time is the time of emitting Markdown and chunks less the time of emitting the
 * Markdown alone (the same emitter run both ways, median of the runs), so parsing is not in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Block, type Doc, emitResult, type ParsedDoc, parseToDoc } from 'distill/internals';
import { corpusDir } from './paths.js';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';
import { runMain } from './run-main.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    runs: { type: 'string', default: '5' },
    copies: { type: 'string', default: '10' },
  },
});
const RUNS = Number(values.runs);
const COPIES = Number(values.copies);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Setting = { name: string; format: Record<string, unknown> };
const SETTINGS: Setting[] = [
  { name: '2000 characters', format: { type: 'chunks' } },
  { name: '500 characters, overlap 100', format: { type: 'chunks', size: 500, overlap: 100 } },
  { name: '512 tokens (o200k_base)', format: { type: 'chunks', unit: 'tokens', size: 512 } },
];

/** A parsed document with other formats asked of it: the same model, emitted again. */
async function withFormats(p: ParsedDoc, formats: unknown[]): Promise<ParsedDoc> {
  // parseToDoc validates the options and loads the tokenizer; the document is reused.
  const empty = await parseToDoc(
    { data: new TextEncoder().encode('<p>x</p>'), filename: 'x.html' },
    {
      formats: formats as never,
      parsers: [{ type: 'pdf', mode: 'fast' }],
    },
  );
  return { ...p, options: empty.options, tokenCounter: empty.tokenCounter };
}

/** Milliseconds to emit the documents with `formats`, median of RUNS, and what came out. */
function timeEmit(docs: ParsedDoc[]): { ms: number; chars: number; chunks: number } {
  const times: number[] = [];
  let chars = 0;
  let chunks = 0;
  for (let r = 0; r < RUNS; r++) {
    chars = 0;
    chunks = 0;
    const t = performance.now();
    for (const d of docs) {
      const out = emitResult(d);
      chars += out.markdown?.length ?? 0;
      chunks += out.chunks?.length ?? 0;
    }
    times.push(performance.now() - t);
  }
  return { ms: median(times), chars, chunks };
}

/** dpbench-dev's pages, `copies` times over, as one document of that many pages. */
function longDoc(docs: ParsedDoc[], copies: number): ParsedDoc {
  const blocks: Block[] = [];
  const pages: NonNullable<Doc['pages']> = [];
  let page = 0;
  for (let c = 0; c < copies; c++)
    for (const d of docs) {
      page++;
      if (page > 1) blocks.push({ kind: 'pageBreak', page });
      for (const b of d.doc.blocks) {
        if (b.kind === 'pageBreak') continue;
        blocks.push('prov' in b && b.prov ? ({ ...b, prov: { ...b.prov, page } } as Block) : b);
      }
      const info = d.doc.pages?.[0];
      pages.push({ pageNumber: page, width: info?.width ?? 612, height: info?.height ?? 792 });
    }
  return { ...docs[0], doc: { blocks, metadata: { numPages: page }, pages } };
}

async function main() {
  const dir = corpusDir('pdf-dpbench', values.corpus);
  const pdfs = join(dir, 'pdfs');
  const files = readdirSync(pdfs)
    .filter((f) => f.endsWith('.pdf'))
    .sort();
  const parsed: ParsedDoc[] = [];
  for (const f of files)
    parsed.push(
      await parseToDoc(
        readFileSync(join(pdfs, f)),
        { parsers: [{ type: 'pdf', mode: 'fast' }] },
        { filename: f },
      ),
    );
  const long = longDoc(parsed, COPIES);
  const lines: string[] = [];
  const rows: string[] = [];
  const data: Record<string, unknown>[] = [];
  const say = (l: string) => {
    console.log(l);
    lines.push(l);
  };
  for (const [corpus, docs] of [
    [`dpbench-dev (${parsed.length} one-page documents)`, parsed],
    [`one document of ${long.doc.pages!.length} pages (dpbench-dev ×${COPIES})`, [long]],
  ] as const) {
    const plain = await Promise.all(docs.map((d) => withFormats(d, ['markdown'])));
    const base = timeEmit(plain);
    for (const s of SETTINGS) {
      const asked = await Promise.all(docs.map((d) => withFormats(d, ['markdown', s.format])));
      const t = timeEmit(asked);
      const ms = Math.max(0.001, t.ms - base.ms);
      const mbs = t.chars / 1e6 / (ms / 1000);
      const row = {
        corpus,
        setting: s.name,
        markdownMB: t.chars / 1e6,
        chunks: t.chunks,
        chunkMs: ms,
        mbPerS: mbs,
        chunksPerS: t.chunks / (ms / 1000),
      };
      data.push(row);
      rows.push(
        `| ${corpus} | ${s.name} | ${(t.chars / 1e6).toFixed(2)} | ${t.chunks} | ${ms.toFixed(0)} | ${mbs.toFixed(1)} | ${Math.round(row.chunksPerS).toLocaleString('en-US')} |`,
      );
      say(
        `${corpus}, ${s.name}: ${t.chunks} chunks of ${(t.chars / 1e6).toFixed(2)} MB of Markdown in ${ms.toFixed(0)} ms (Markdown alone ${base.ms.toFixed(0)} ms) = ${mbs.toFixed(1)} MB/s`,
      );
    }
  }
  const md = [
    '## Speed: chunks',
    '',
    `The chunker alone on documents already parsed (fast mode): emitting Markdown and chunks less emitting the Markdown alone, median of ${RUNS} runs, one thread. \`pnpm bench chunks\`. ${machineLine()}.`,
    '',
    '| documents | chunks | Markdown MB | chunks made | chunking ms | MB/s | chunks/s |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeSection('speed-chunks', md, { runs: RUNS, copies: COPIES, rows: data, lines }, machineLine());
  console.log(`wrote ${writeReport()}`);
}

runMain(main);
