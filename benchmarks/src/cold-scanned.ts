// pnpm bench cold --scanned [--limit N] [--runs N] [--engine tesseract,native]
// OCR as a person meets it: the built `distill` command on a folder of scanned one-page PDFs
// (dpbench-dev rendered to images, scripts/make-ocr-corpus.sh), and on one of them, beside
// LiteParse's CLI with its native tesseract on the same files, one whole process per run,
// alternating, medians. `pnpm bench speed pdf --scanned` converts one file after another inside
// one process; a person converting an archive of scans runs the folder command, where distill
// converts in helper processes on every core and LiteParse in its own workers. `--engine`
// names distill's OCR engines to time (`--ocr-engine`), each in turn in the same alternation;
// without it, the default engine.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISTILL, LIT, median, type Timing, timedWithCpu } from './cold.js';
import { tessdataPath } from './engines/pdf-peers.js';
import { scannedCorpus } from './paths.js';
import { machineLine, writeSection } from './results.js';

export async function runColdScanned(
  opts: { runs?: number; limit?: number; corpus?: string; ocrEngines?: string[] } = {},
): Promise<void> {
  const runs = opts.runs ?? 3;
  const source = join(scannedCorpus(opts.corpus), 'pdfs');
  const names = readdirSync(source)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .slice(0, opts.limit ?? 20);
  const work = mkdtempSync(join(tmpdir(), 'distill-cold-ocr-'));
  const folder = join(work, 'scans');
  mkdirSync(folder);
  for (const n of names) symlinkSync(join(source, n), join(folder, n));
  const one = join(folder, names[0] as string);
  // LiteParse's native tesseract reads Debian's tesseract-ocr-eng data, so it never downloads.
  const tessdata = tessdataPath();
  if (!tessdata) throw new Error('liteparse needs tesseract-ocr-eng (apt-get install tesseract-ocr-eng)');
  const litEnv = { TESSDATA_PREFIX: tessdata };
  const cache = { DISTILL_COMPILE_CACHE_DIR: join(work, 'cache') };
  const out = (p: string) => join(work, `${p}-${Math.random()}`);
  const cases = [
    {
      name: `folder of ${names.length} scanned one-page PDFs`,
      distill: () => [DISTILL, 'parse', folder, '--out', out('d'), '--pdf-mode', 'ocr'],
      lit: () => [LIT, 'batch-parse', folder, out('l'), '--format', 'markdown', '-q'],
      pages: names.length,
    },
    {
      name: 'one scanned page',
      distill: () => [DISTILL, 'parse', one, '--pdf-mode', 'ocr'],
      lit: () => [LIT, 'parse', one, '--format', 'markdown', '-q'],
      pages: 1,
    },
  ];
  const engines = opts.ocrEngines?.length ? opts.ocrEngines : [undefined];
  const withEngine = (args: string[], e: string | undefined) => (e ? [...args, '--ocr-engine', e] : args);
  const rows: { case: string; pages: number; distill: Timing; lit: Timing }[] = [];
  try {
    for (const c of cases) {
      // One untimed run each: the file cache warm for both, distill's compile cache written.
      for (const e of engines) await timedWithCpu(withEngine(c.distill(), e), cache);
      await timedWithCpu(c.lit(), litEnv);
      const d: Timing[][] = engines.map(() => []);
      const l: Timing[] = [];
      for (let i = 0; i < runs; i++) {
        for (const [k, e] of engines.entries())
          d[k].push(await timedWithCpu(withEngine(c.distill(), e), cache));
        l.push(await timedWithCpu(c.lit(), litEnv));
      }
      const mid = (ts: Timing[]): Timing => ({
        wallS: median(ts.map((t) => t.wallS)),
        cpuS: median(ts.map((t) => t.cpuS)),
      });
      for (const [k, e] of engines.entries()) {
        rows.push({ case: e ? `${c.name} (${e})` : c.name, pages: c.pages, distill: mid(d[k]), lit: mid(l) });
        console.log(rows.at(-1)?.case, rows.at(-1));
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const f = (x: number) => x.toFixed(2);
  const table = [
    `| command, whole process (median of ${runs}) | distill wall s | distill CPU s | distill s a page | liteparse wall s | liteparse CPU s | liteparse s a page | distill ÷ liteparse (wall) |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.case} | ${f(r.distill.wallS)} | ${f(r.distill.cpuS)} | ${f(r.distill.wallS / r.pages)} | ${f(r.lit.wallS)} | ${f(r.lit.cpuS)} | ${f(r.lit.wallS / r.pages)} | ${(r.distill.wallS / r.lit.wallS).toFixed(2)}× |`,
    ),
  ].join('\n');
  console.log(table);
  writeSection(
    'speed-cold-ocr',
    `### OCR from the command line (\`pnpm bench cold --scanned\`)\n\nThe built commands on scanned pages (dpbench-dev rendered to image-only PDFs), one whole process per run, alternating: \`distill parse DIR --out O --pdf-mode ocr\` (helper processes on every core) against \`lit batch-parse DIR O --format markdown\` (OCR on, Debian's tesseract data), and one page with \`distill parse FILE --pdf-mode ocr\` against \`lit parse FILE\`.\n\n${table}\n`,
    rows,
    machineLine(),
  );
}
