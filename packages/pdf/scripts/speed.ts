/**
 * Pages per second and peak RSS of one engine over PDF files (one process per engine, so
 * RSS is its own). Peers load from PEERS_DIR (npm i @llamaindex/liteparse unpdf pdf-parse there).
 *   pnpm --filter @distill/pdf build
 *   node --conditions=distill-source --import tsx packages/pdf/scripts/speed.ts <engine> <file-or-dir>...
 * engine: distill (dist build, worker threads), distill-inline (one thread), liteparse, unpdf, pdf-parse
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [engine, ...inputs] = process.argv.slice(2);
const files = inputs.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => join(p, f))
    : [p],
);
const peers = process.env.PEERS_DIR ?? '/tmp/peers';
const peer = async (name: string) =>
  import(pathToFileURL(createRequire(join(peers, 'package.json')).resolve(name)).href);

type Run = (file: string) => Promise<{ pages: number; chars: number }>;
let run: Run;
if (engine === 'distill' || engine === 'distill-inline') {
  const { parsePdf } = await import(new URL('../dist/index.js', import.meta.url).href);
  const { toMarkdown } = await import('@distill/core');
  run = async (file) => {
    const doc = await parsePdf(
      new Uint8Array(readFileSync(file)),
      engine === 'distill-inline' ? { worker: false } : {},
    );
    return { pages: doc.metadata.numPages, chars: toMarkdown(doc.blocks).markdown.length };
  };
} else if (engine === 'liteparse') {
  const { LiteParse } = await peer('@llamaindex/liteparse');
  const parser = new LiteParse({ ocrEnabled: false, outputFormat: 'markdown' });
  run = async (file) => {
    const r = await parser.parse(file);
    return { pages: r.pages?.length ?? 0, chars: r.text.length };
  };
} else if (engine === 'unpdf') {
  const { extractText, getDocumentProxy } = await peer('unpdf');
  run = async (file) => {
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync(file)));
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    await pdf.destroy?.();
    return { pages: totalPages, chars: text.length };
  };
} else if (engine === 'pdf-parse') {
  const { PDFParse } = await peer('pdf-parse');
  run = async (file) => {
    const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
    const r = await parser.getText();
    await parser.destroy();
    return { pages: r.total ?? r.pages?.length ?? 0, chars: r.text.length };
  };
} else throw new Error(`unknown engine ${engine}`);

const t0 = performance.now();
let pages = 0;
let chars = 0;
for (const f of files) {
  const r = await run(f);
  pages += r.pages;
  chars += r.chars;
}
const s = (performance.now() - t0) / 1000;
const rss = process.resourceUsage().maxRSS / 1024;
console.log(
  `${engine.padEnd(15)} files ${files.length} pages ${pages} time ${s.toFixed(2)} s  ${(pages / s).toFixed(1)} pages/s  peak RSS ${rss.toFixed(0)} MB  chars ${chars}`,
);
